/**
 * Bounded stream decoding for the input guard: every filter a PDF reader may apply before it
 * parses a stream, each stage limited to `limit` output bytes, so a decompression bomb costs at
 * most the budget whatever the filter chain (`[/ASCIIHexDecode /FlateDecode]`, `/LZWDecode`,
 * `[/FlateDecode /RunLengthDecode]`, ...).
 *
 * The decoders mirror @libpdf/core 0.4.2 (the parser these bytes are given to next): the same
 * LZW code-width switch points and end-of-data handling, the same RunLength / ASCII85 / ASCIIHex
 * rules, DCTDecode as a pass-through. Flate uses native zlib with `maxOutputLength`.
 */
import { constants, inflateSync } from 'node:zlib';

/** Long names of the standard filters, keyed also by their inline-image abbreviations. */
const FILTER_NAMES: Readonly<Record<string, string>> = {
  ASCIIHexDecode: 'ASCIIHexDecode',
  AHx: 'ASCIIHexDecode',
  ASCII85Decode: 'ASCII85Decode',
  A85: 'ASCII85Decode',
  LZWDecode: 'LZWDecode',
  LZW: 'LZWDecode',
  FlateDecode: 'FlateDecode',
  Fl: 'FlateDecode',
  RunLengthDecode: 'RunLengthDecode',
  RL: 'RunLengthDecode',
  CCITTFaxDecode: 'CCITTFaxDecode',
  CCF: 'CCITTFaxDecode',
  DCTDecode: 'DCTDecode',
  DCT: 'DCTDecode',
  JBIG2Decode: 'JBIG2Decode',
  JPXDecode: 'JPXDecode',
  Crypt: 'Crypt',
};

const MAX_CHAIN_LENGTH = 8;
const MAX_LZW_STAGES = 3;

/** Image codecs the engine never decodes; nothing may follow them in a chain. */
const IMAGE_CODECS = new Set(['CCITTFaxDecode', 'JBIG2Decode', 'JPXDecode']);

export type FilterSpec = {
  /** Filter name as written (abbreviations allowed). */
  name: string;
  /** LZW /EarlyChange (default 1). */
  earlyChange?: number;
};

export type DecodeOutcome =
  /** Every filter applied (or the chain ends with an image codec, which is not decoded). */
  | { kind: 'decoded'; data: Uint8Array }
  /** A stage would produce more than `limit` bytes. */
  | { kind: 'too-large'; filter: string }
  /** The last decoding stage failed on corrupt data (readers get at most `limit` bytes). */
  | { kind: 'corrupt'; filter: string }
  /** The decoded size cannot be bounded: unknown filter, or filters after a failed/opaque stage. */
  | { kind: 'unbounded'; filter: string };

export function canonicalFilterName(name: string): string | undefined {
  return FILTER_NAMES[name];
}

/** Is `name` a filter that can make its output larger than its input? */
export function isExpandingFilter(name: string): boolean {
  const n = canonicalFilterName(name);
  return (
    n === 'FlateDecode' || n === 'LZWDecode' || n === 'RunLengthDecode' || n === 'ASCII85Decode'
  );
}

class TooLarge extends Error {}
class Corrupt extends Error {}

/** A growable output buffer that refuses to grow past `limit`. */
class Out {
  buf: Uint8Array;
  length = 0;
  readonly limit: number;

  constructor(limit: number, initial: number) {
    this.limit = limit;
    this.buf = new Uint8Array(Math.max(16, Math.min(limit, initial)));
  }

  reserve(n: number): void {
    const need = this.length + n;
    if (need > this.limit) throw new TooLarge();
    if (need <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < need) size *= 2;
    const next = new Uint8Array(Math.min(this.limit, size));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  push(byte: number): void {
    if (this.length >= this.buf.length) this.reserve(1);
    this.buf[this.length++] = byte;
  }

  fill(byte: number, count: number): void {
    this.reserve(count);
    this.buf.fill(byte, this.length, this.length + count);
    this.length += count;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

export function asciiHexDecode(data: Uint8Array, limit: number): Uint8Array {
  const out = new Out(limit, Math.ceil(data.length / 2));
  let high = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    const v = hexValue(c);
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out.push((high << 4) | v);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return out.bytes();
}

export function ascii85Decode(data: Uint8Array, limit: number): Uint8Array {
  const out = new Out(limit, Math.ceil((data.length * 4) / 5));
  let value = 0;
  let count = 0;
  for (let i = 0; i < data.length; i++) {
    const c = data[i] ?? 0;
    if (c <= 0x20) continue;
    if (c === 0x7e) {
      if (data[i + 1] === 0x3e) break;
      continue;
    }
    if (c === 0x7a) {
      if (count === 0) out.fill(0, 4);
      continue;
    }
    if (c < 33 || c > 117) continue;
    value = value * 85 + (c - 33);
    count++;
    if (count === 5) {
      out.reserve(4);
      out.push((value >>> 24) & 0xff);
      out.push((value >>> 16) & 0xff);
      out.push((value >>> 8) & 0xff);
      out.push(value & 0xff);
      value = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let i = count; i < 5; i++) value = value * 85 + 84;
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - i * 8)) & 0xff);
  }
  return out.bytes();
}

export function runLengthDecode(data: Uint8Array, limit: number): Uint8Array {
  const out = new Out(limit, data.length * 2);
  let i = 0;
  while (i < data.length) {
    const length = data[i++] ?? 128;
    if (length === 128) break;
    if (length < 128) {
      const n = Math.min(length + 1, data.length - i);
      out.reserve(n);
      out.buf.set(data.subarray(i, i + n), out.length);
      out.length += n;
      i += n;
    } else {
      out.fill(data[i++] ?? 0, 257 - length);
    }
  }
  return out.bytes();
}

const LZW_CLEAR = 256;
const LZW_EOD = 257;

/** How a reader switches LZW code widths. */
export type LzwVariant =
  /** PDF spec / pdf.js / poppler: wider codes once `nextCode + EarlyChange` reaches 512, 1024, 2048. */
  | 'standard'
  /** @libpdf/core 0.4.2: one code later (`nextCode + EarlyChange` reaches 513, 1025, 2049). */
  | 'libpdf';

/**
 * LZW decoding, bounded. Codes start at 9 bits; the table stops growing at 4096 entries; running
 * out of data ends the stream. An impossible code ends it too, keeping what was decoded (some
 * readers keep partial output; the ones that throw produce less).
 */
export function lzwDecode(
  data: Uint8Array,
  earlyChange: number,
  limit: number,
  variant: LzwVariant = 'standard',
): Uint8Array {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Int32Array(4096);
  const firstByte = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    lengths[i] = 1;
    firstByte[i] = i;
  }
  const late = variant === 'libpdf' ? 1 : 0;
  const out = new Out(limit, data.length * 4);
  const totalBits = data.length * 8;
  let bitPos = 0;
  let codeLength = 9;
  let nextCode = 258;
  let prev = -1;
  const write = (code: number, extra: number) => {
    const len = (lengths[code] ?? 0) + (extra >= 0 ? 1 : 0);
    out.reserve(len);
    let p = out.length + len - 1;
    if (extra >= 0) out.buf[p--] = extra;
    let c = code;
    while (c >= 0 && p >= out.length) {
      out.buf[p--] = suffix[c] ?? 0;
      c = prefix[c] ?? -1;
    }
    out.length += len;
  };
  for (;;) {
    if (bitPos + codeLength > totalBits) break; // end of data = EOD
    let code = 0;
    for (let k = 0; k < codeLength; k++) {
      const bit = bitPos + k;
      code = (code << 1) | (((data[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
    }
    bitPos += codeLength;
    if (code === LZW_EOD) break;
    if (code === LZW_CLEAR) {
      codeLength = 9;
      nextCode = 258;
      prev = -1;
      continue;
    }
    let first: number;
    if (code < nextCode) {
      write(code, -1);
      first = firstByte[code] ?? 0;
    } else if (code === nextCode && prev >= 0) {
      first = firstByte[prev] ?? 0;
      write(prev, first);
    } else {
      break; // invalid code
    }
    if (prev >= 0 && nextCode < 4096) {
      prefix[nextCode] = prev;
      suffix[nextCode] = first;
      lengths[nextCode] = (lengths[prev] ?? 0) + 1;
      firstByte[nextCode] = firstByte[prev] ?? 0;
      nextCode++;
      const at = nextCode + earlyChange - late;
      if (at >= 2048) codeLength = 12;
      else if (at >= 1024) codeLength = Math.max(codeLength, 11);
      else if (at >= 512) codeLength = Math.max(codeLength, 10);
    }
    // the entry just written: `code` in both cases (a KwKwK code was added at index `code`)
    prev = code;
  }
  return out.bytes();
}

function flateDecode(data: Uint8Array, limit: number): Uint8Array {
  try {
    return inflateSync(data, {
      maxOutputLength: limit + 1,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw new TooLarge();
    throw new Corrupt(error instanceof Error ? error.message : String(error));
  }
}

type Branch = { kind: 'decoded'; data: Uint8Array } | Exclude<DecodeOutcome, { kind: 'decoded' }>;

const SEVERITY: Record<DecodeOutcome['kind'], number> = {
  decoded: 0,
  corrupt: 1,
  unbounded: 2,
  'too-large': 3,
};

function decodeFrom(
  data: Uint8Array,
  filters: readonly FilterSpec[],
  index: number,
  limit: number,
): Branch {
  let current = data;
  for (let i = index; i < filters.length; i++) {
    const spec = filters[i] as FilterSpec;
    const name = canonicalFilterName(spec.name);
    if (name === undefined) return { kind: 'unbounded', filter: spec.name };
    const last = i === filters.length - 1;
    if (IMAGE_CODECS.has(name)) {
      // never decoded by the engine; a filter after it would work on data we cannot see
      return last ? { kind: 'decoded', data: current } : { kind: 'unbounded', filter: name };
    }
    try {
      switch (name) {
        case 'ASCIIHexDecode':
          current = asciiHexDecode(current, limit);
          break;
        case 'ASCII85Decode':
          current = ascii85Decode(current, limit);
          break;
        case 'RunLengthDecode':
          current = runLengthDecode(current, limit);
          break;
        case 'LZWDecode': {
          // readers disagree on the code-width switch: bound both readings, keep the worst
          const early = spec.earlyChange ?? 1;
          const mine = lzwDecode(current, early, limit, 'libpdf');
          const theirs = decodeFrom(
            lzwDecode(current, early, limit, 'standard'),
            filters,
            i + 1,
            limit,
          );
          const ours = decodeFrom(mine, filters, i + 1, limit);
          return SEVERITY[theirs.kind] > SEVERITY[ours.kind] ? theirs : ours;
        }
        case 'FlateDecode':
          current = flateDecode(current, limit);
          break;
        default:
          // DCTDecode (pass-through in @libpdf/core), Crypt (documents with /Encrypt are refused)
          break;
      }
    } catch (error) {
      if (error instanceof TooLarge) return { kind: 'too-large', filter: name };
      if (error instanceof Corrupt) {
        // a reader may keep the partial output (< limit) of a failed stage and feed it on
        return last ? { kind: 'corrupt', filter: name } : { kind: 'unbounded', filter: name };
      }
      throw error;
    }
    if (current.length > limit) return { kind: 'too-large', filter: name };
  }
  return { kind: 'decoded', data: current };
}

/**
 * Apply `filters` in order, each stage bounded by `limit` output bytes. Never throws. The data
 * of a `decoded` outcome is what @libpdf/core would get.
 */
export function decodeBounded(
  data: Uint8Array,
  filters: readonly FilterSpec[],
  limit: number,
): DecodeOutcome {
  // real chains have one to three filters; long ones (or many LZW stages, which branch) are
  // refused rather than decoded stage after stage
  const lzwStages = filters.filter((f) => canonicalFilterName(f.name) === 'LZWDecode').length;
  if (filters.length > MAX_CHAIN_LENGTH || lzwStages > MAX_LZW_STAGES) {
    return { kind: 'unbounded', filter: filters.map((f) => f.name).join(' ') };
  }
  return decodeFrom(data, filters, 0, limit);
}
