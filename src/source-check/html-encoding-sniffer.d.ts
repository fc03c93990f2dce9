// The package ships no types: its one export, as its README documents it.
declare module "html-encoding-sniffer" {
  /**
   * The WHATWG name of the encoding of an HTML byte stream: a BOM, else the transport label, else a `<meta>` in the
   * first bytes, else the default.
   */
  export default function sniffHTMLEncoding(
    bytes: Uint8Array,
    options?: {
      xml?: boolean;
      transportLayerEncodingLabel?: string;
      defaultEncoding?: string;
      maxPrescanBytes?: number;
    },
  ): string;
}
