import zlib from "node:zlib";

const MIB = 1024 * 1024;

/**
 * A raw DEFLATE stream that inflates to `mebibytes` MiB of spaces while weighing about a thousandth of that: one
 * block encoding a MiB of spaces (a literal, then back-references to it) is made once and repeated, which is valid
 * because each copy refers only to its own output; an empty final block ends it. Built in milliseconds, so the test
 * makes its own bomb instead of committing one.
 */
export const deflateBomb = (mebibytes: number): Buffer => {
  const block = zlib.deflateRawSync(Buffer.alloc(MIB, 0x20), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
};

/** The same as a zlib stream (what a PDF's FlateDecode holds), with its header and the right Adler-32 of the spaces. */
export const zlibBomb = (mebibytes: number): Buffer => {
  const length = BigInt(mebibytes) * BigInt(MIB);
  const modulus = 65521n;
  const low = (1n + length * 32n) % modulus;
  const high = (length + (32n * length * (length + 1n)) / 2n) % modulus;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((high << 16n) | low));
  return Buffer.concat([Buffer.from([0x78, 0xda]), deflateBomb(mebibytes), adler]);
};
