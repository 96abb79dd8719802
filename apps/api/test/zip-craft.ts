import { deflateRawSync } from 'node:zlib';

/**
 * ZIP files written byte by byte, so a test can make each lie a hostile archive may tell: sizes
 * that disagree with the data (in the local header, the central directory or a data descriptor),
 * entries that overlap or end early, a directory cut short. Deflate only (as yauzl reads).
 */
export type TCraftEntry = {
  name: string;
  data: Buffer;
  /** Sizes written in place of the true ones. */
  localSizes?: { compressed?: number; uncompressed?: number };
  centralSizes?: { compressed?: number; uncompressed?: number };
  /** Bit 3: the sizes follow the data in a descriptor (here with these values). */
  descriptor?: { crc: number; compressed: number; uncompressed: number };
  /** Cut the compressed data to this many bytes (the entry ends early). */
  cutCompressedTo?: number;
  /** Point the central record at an earlier entry's local header (overlapping entries). */
  sameDataAs?: number;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export const crc32 = (data: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

export const craftZip = (entries: TCraftEntry[], options: { cutDirectoryBy?: number } = {}) => {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const full = deflateRawSync(entry.data);
    const compressed =
      entry.cutCompressedTo === undefined ? full : full.subarray(0, entry.cutCompressedTo);
    const crc = crc32(entry.data);
    const flags = 0x0800 | (entry.descriptor ? 0x0008 : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.descriptor ? 0 : crc, 14);
    local.writeUInt32LE(
      entry.descriptor ? 0 : (entry.localSizes?.compressed ?? compressed.length),
      18,
    );
    local.writeUInt32LE(
      entry.descriptor ? 0 : (entry.localSizes?.uncompressed ?? entry.data.length),
      22,
    );
    local.writeUInt16LE(name.length, 26);
    const own = entry.sameDataAs === undefined;
    const at = own ? offset : (offsets[entry.sameDataAs ?? 0] ?? 0);
    offsets.push(at);
    if (own) {
      const descriptor = entry.descriptor ? Buffer.alloc(16) : Buffer.alloc(0);
      if (entry.descriptor) {
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.descriptor.crc, 4);
        descriptor.writeUInt32LE(entry.descriptor.compressed, 8);
        descriptor.writeUInt32LE(entry.descriptor.uncompressed, 12);
      }
      parts.push(local, name, compressed, descriptor);
      offset += local.length + name.length + compressed.length + descriptor.length;
    }
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(entry.centralSizes?.compressed ?? compressed.length, 20);
    record.writeUInt32LE(entry.centralSizes?.uncompressed ?? entry.data.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(at, 42);
    central.push(record, name);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const zip = Buffer.concat([...parts, directory, end]);
  if (!options.cutDirectoryBy) return zip;
  // The directory's end record stays (so the directory is found), the records before it are cut.
  const cut = Math.min(options.cutDirectoryBy, directory.length);
  return Buffer.concat([...parts, directory.subarray(0, directory.length - cut), end]);
};

/** A PDF header followed by `size` zeros: deflates to almost nothing. */
export const zeroPdf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size)]);
