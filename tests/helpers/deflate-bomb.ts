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

/** One entry of a hand-made ZIP: its raw DEFLATE data, and the uncompressed size and CRC-32 its headers declare. */
export interface RawZipEntry {
  name: string;
  deflated: Buffer;
  declaredSize: number;
  crc32: number;
}

/** A deflated entry whose headers tell the truth about `data`. */
export const honestEntry = (name: string, data: Uint8Array): RawZipEntry => ({
  name,
  deflated: zlib.deflateRawSync(data),
  declaredSize: data.length,
  crc32: zlib.crc32(data),
});

/**
 * A ZIP archive written byte by byte (local headers, data, central directory, end record), so that its headers can
 * declare whatever sizes the test wants: a library that writes ZIPs always tells the truth.
 */
export const rawZip = (entries: readonly RawZipEntry[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x5b61, 12); // date: 2025-11-01
    local.writeUInt32LE(entry.crc32 >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    local.copy(central, 6, 4, 30); // the same version, flags, method, time, date, CRC, sizes and name length
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};
