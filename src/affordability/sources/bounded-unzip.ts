import { Unzip, UnzipInflate, unzipSync } from "fflate";

/**
 * How much of the archive is handed to the inflater at a time. DEFLATE expands data about a thousandfold at most, so
 * one push inflates at most a few MB before its output is counted against the cap.
 */
const PUSH_BYTES = 8 * 1024;

const megabytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** An entry, or the entries together, would pass the cap on their uncompressed size. */
export class ZipSizeError extends Error {
  override name = "ZipSizeError";
}

/**
 * The entries of a ZIP archive that `keep` selects, inflated (and the names of all its entries), where the entries `count` selects (the kept ones among
 * them) may together hold at most `maxBytes` uncompressed. The sizes the central directory declares are checked first;
 * since an archive can declare less than it holds, the entries are then inflated a small piece at a time, counting the
 * bytes, and the reading stops as soon as the count passes the cap: a ZIP bomb costs no more memory than the cap.
 * Entries counted but not kept are inflated only to count them; entries not counted are never inflated.
 */
export const unzipBounded = (
  zip: Uint8Array,
  options: { keep: (name: string) => boolean; count: (name: string) => boolean; maxBytes: number },
): { kept: Map<string, Uint8Array>; names: string[] } => {
  const { keep, count, maxBytes } = options;
  const names: string[] = [];
  let declared = 0;
  // unzipSync reads the central directory and, with every entry filtered out, inflates nothing.
  unzipSync(zip, {
    filter: (entry) => {
      names.push(entry.name);
      if (!count(entry.name)) return false;
      const before = declared;
      declared += entry.originalSize;
      if (declared > maxBytes) {
        const together = before > 0 ? ` (${megabytes(declared)} with the entries before it)` : "";
        throw new ZipSizeError(`"${entry.name}" declares ${megabytes(entry.originalSize)} uncompressed${together}, past the ${megabytes(maxBytes)} cap`);
      }
      return false;
    },
  });

  const kept = new Map<string, Uint8Array>();
  let inflated = 0;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    if (!count(file.name)) return;
    const chunks: Uint8Array[] | undefined = keep(file.name) ? [] : undefined;
    const fileStart = inflated;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = error;
        return;
      }
      inflated += data.length;
      if (inflated > maxBytes) {
        const together = fileStart > 0 ? " (with the entries before it)" : "";
        failure = new ZipSizeError(`"${file.name}" inflates past the ${megabytes(maxBytes)} cap on the uncompressed size${together}`);
        return;
      }
      chunks?.push(data);
      if (final && chunks) kept.set(file.name, Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let offset = 0; offset < zip.length && failure === undefined; offset += PUSH_BYTES) {
    unzip.push(zip.subarray(offset, offset + PUSH_BYTES), offset + PUSH_BYTES >= zip.length);
  }
  if (failure) throw failure;
  return { kept, names };
};
