/**
 * Minimal DER writer/reader. The signing hot path builds the CMS structure by concatenating
 * pre-encoded pieces instead of going through an ASN.1 object model, which keeps a signature at a
 * few microseconds of encoding work.
 */

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function encodeLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  let n = length;
  while (n > 0) {
    bytes.unshift(n & 0xff);
    n = Math.floor(n / 256);
  }
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export function tlv(tag: number, ...content: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of content) length += part.length;
  const header = encodeLength(length);
  // One allocation: tag, length, then the parts copied in place.
  const out = new Uint8Array(1 + header.length + length);
  out[0] = tag;
  out.set(header, 1);
  let offset = 1 + header.length;
  for (const part of content) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export const seq = (...c: Uint8Array[]): Uint8Array => tlv(0x30, ...c);
export const set = (...c: Uint8Array[]): Uint8Array => tlv(0x31, ...c);
export const octetString = (b: Uint8Array): Uint8Array => tlv(0x04, b);
export const nullValue = (): Uint8Array => Uint8Array.of(0x05, 0x00);
/** Context-specific constructed tag [n]. */
export const ctx = (n: number, ...c: Uint8Array[]): Uint8Array => tlv(0xa0 | n, ...c);

export function integer(value: number | Uint8Array): Uint8Array {
  if (typeof value !== 'number') {
    let bytes = value;
    let start = 0;
    while (
      start < bytes.length - 1 &&
      bytes[start] === 0 &&
      ((bytes[start + 1] ?? 0) & 0x80) === 0
    ) {
      start++;
    }
    bytes = bytes.subarray(start);
    if (((bytes[0] ?? 0) & 0x80) !== 0) bytes = concatBytes([Uint8Array.of(0), bytes]);
    return tlv(0x02, bytes);
  }
  const bytes: number[] = [];
  let n = value;
  do {
    bytes.unshift(n & 0xff);
    n = Math.floor(n / 256);
  } while (n > 0);
  if (((bytes[0] ?? 0) & 0x80) !== 0) bytes.unshift(0);
  return tlv(0x02, Uint8Array.from(bytes));
}

const oidCache = new Map<string, Uint8Array>();

/** OBJECT IDENTIFIER from dotted notation (encodings cached: the same few OIDs every time). */
export function oid(dotted: string): Uint8Array {
  const cached = oidCache.get(dotted);
  if (cached) return cached;
  const encoded = encodeOid(dotted);
  if (oidCache.size < 256) oidCache.set(dotted, encoded);
  return encoded;
}

function encodeOid(dotted: string): Uint8Array {
  const parts = dotted.split('.').map((p) => Number.parseInt(p, 10));
  const first = parts[0] ?? 0;
  const second = parts[1] ?? 0;
  const out: number[] = [first * 40 + second];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [];
    let n = part;
    chunk.unshift(n & 0x7f);
    n = Math.floor(n / 128);
    while (n > 0) {
      chunk.unshift((n & 0x7f) | 0x80);
      n = Math.floor(n / 128);
    }
    out.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(out));
}

export function decodeOid(content: Uint8Array): string {
  const first = content[0] ?? 0;
  const parts = [Math.floor(first / 40), first % 40];
  let n = 0;
  for (let i = 1; i < content.length; i++) {
    const b = content[i] ?? 0;
    n = n * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) {
      parts.push(n);
      n = 0;
    }
  }
  return parts.join('.');
}

export function utf8String(text: string): Uint8Array {
  return tlv(0x0c, new TextEncoder().encode(text));
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** GeneralizedTime with millisecond precision, UTC. */
export function generalizedTime(date: Date): Uint8Array {
  const ms = date.getUTCMilliseconds();
  const s =
    `${date.getUTCFullYear()}${pad2(date.getUTCMonth() + 1)}${pad2(date.getUTCDate())}` +
    `${pad2(date.getUTCHours())}${pad2(date.getUTCMinutes())}${pad2(date.getUTCSeconds())}` +
    (ms ? `.${String(ms).padStart(3, '0').replace(/0+$/, '')}` : '') +
    'Z';
  return tlv(0x18, new TextEncoder().encode(s));
}

export function utcTime(date: Date): Uint8Array {
  const s =
    `${pad2(date.getUTCFullYear() % 100)}${pad2(date.getUTCMonth() + 1)}${pad2(date.getUTCDate())}` +
    `${pad2(date.getUTCHours())}${pad2(date.getUTCMinutes())}${pad2(date.getUTCSeconds())}Z`;
  return tlv(0x17, new TextEncoder().encode(s));
}

/** DER "SET OF": elements sorted by their encodings. */
export function setOf(elements: Uint8Array[]): Uint8Array {
  const sorted = [...elements].sort(compareBytes);
  return set(...sorted);
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Reader

export type DerNode = {
  tag: number;
  /** Offset of the tag byte in the source. */
  start: number;
  /** Offset of the first content byte. */
  contentStart: number;
  /** Offset just past the content. */
  end: number;
};

export function readNode(buf: Uint8Array, offset: number): DerNode {
  if (offset + 2 > buf.length) throw new Error('DER: unexpected end of data');
  const tag = buf[offset] ?? 0;
  if ((tag & 0x1f) === 0x1f) throw new Error('DER: high tag numbers are not supported');
  let pos = offset + 1;
  const first = buf[pos++] ?? 0;
  let length: number;
  if (first < 0x80) {
    length = first;
  } else {
    const count = first & 0x7f;
    if (count === 0 || count > 4) throw new Error('DER: unsupported length encoding');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (buf[pos++] ?? 0);
  }
  const end = pos + length;
  if (end > buf.length) throw new Error('DER: length exceeds data');
  return { tag, start: offset, contentStart: pos, end };
}

export function children(buf: Uint8Array, node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  let pos = node.contentStart;
  while (pos < node.end) {
    const child = readNode(buf, pos);
    out.push(child);
    pos = child.end;
  }
  return out;
}

export function slice(buf: Uint8Array, node: DerNode): Uint8Array {
  return buf.subarray(node.start, node.end);
}

export function content(buf: Uint8Array, node: DerNode): Uint8Array {
  return buf.subarray(node.contentStart, node.end);
}

/** Total encoded length of the DER element at the start of `buf` (used to strip padding). */
export function encodedLength(buf: Uint8Array): number {
  return readNode(buf, 0).end;
}
