/**
 * Reading the cross-reference sections of a PDF (classic tables, xref streams, hybrid files) from
 * the newest revision to the oldest: which objects each revision wrote.
 */
import { inflateSync } from 'node:zlib';
import type { PDict, PValue } from './lexer.ts';
import { dictNumber, filterNames, indexOfAscii, isDict, Lexer, lastIndexOfAscii } from './lexer.ts';

export type XrefSection = {
  offset: number;
  /** In-use object numbers → generation. */
  objects: Map<number, number>;
  prev: number | undefined;
  info: { num: number; gen: number } | undefined;
  root: { num: number; gen: number } | undefined;
};

const MAX_SECTIONS = 4096;

function refOf(v: PValue | undefined): { num: number; gen: number } | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'ref'
    ? { num: v.num, gen: v.gen }
    : undefined;
}

function parseClassic(bytes: Uint8Array, offset: number): XrefSection | undefined {
  const lx = new Lexer(bytes, offset + 4, 20);
  const objects = new Map<number, number>();
  for (;;) {
    lx.skipWhite();
    const save = lx.pos;
    const start = lx.tryInteger();
    if (start === undefined) {
      lx.pos = save;
      break;
    }
    const count = lx.tryInteger();
    if (count === undefined || count > 10_000_000) return undefined;
    for (let i = 0; i < count; i++) {
      const off = lx.tryInteger();
      const gen = lx.tryInteger();
      lx.skipWhite();
      const kind = lx.readRegular();
      if (off === undefined || gen === undefined) return undefined;
      if (kind === 'n') objects.set(start + i, gen);
    }
  }
  lx.skipWhite();
  if (lx.readRegular() !== 'trailer') return undefined;
  const trailer = lx.parse();
  if (!isDict(trailer)) return undefined;
  const section = sectionFromTrailer(offset, objects, trailer);
  // hybrid files: the classic section's objects are complemented by an xref stream
  const stm = dictNumber(trailer, 'XRefStm');
  if (stm !== undefined) {
    const extra = parseStream(bytes, stm);
    if (extra)
      for (const [k, v] of extra.objects) if (!section.objects.has(k)) section.objects.set(k, v);
  }
  return section;
}

function sectionFromTrailer(
  offset: number,
  objects: Map<number, number>,
  trailer: PDict,
): XrefSection {
  return {
    offset,
    objects,
    prev: dictNumber(trailer, 'Prev'),
    info: refOf(trailer.map.get('Info')),
    root: refOf(trailer.map.get('Root')),
  };
}

function pngUnpredict(data: Uint8Array, columns: number): Uint8Array {
  const rowLen = columns + 1;
  const rows = Math.floor(data.length / rowLen);
  const out = new Uint8Array(rows * columns);
  for (let r = 0; r < rows; r++) {
    const type = data[r * rowLen] ?? 0;
    for (let c = 0; c < columns; c++) {
      const raw = data[r * rowLen + 1 + c] ?? 0;
      const left = c > 0 ? (out[r * columns + c - 1] ?? 0) : 0;
      const up = r > 0 ? (out[(r - 1) * columns + c] ?? 0) : 0;
      const upLeft = r > 0 && c > 0 ? (out[(r - 1) * columns + c - 1] ?? 0) : 0;
      let v = raw;
      if (type === 1) v = raw + left;
      else if (type === 2) v = raw + up;
      else if (type === 3) v = raw + Math.floor((left + up) / 2);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      out[r * columns + c] = v & 0xff;
    }
  }
  return out;
}

function parseStream(bytes: Uint8Array, offset: number): XrefSection | undefined {
  const lx = new Lexer(bytes, offset, 20);
  if (lx.tryInteger() === undefined || lx.tryInteger() === undefined) return undefined;
  lx.skipWhite();
  if (lx.readRegular() !== 'obj') return undefined;
  const dict = lx.parse();
  if (!isDict(dict)) return undefined;
  lx.skipWhite();
  if (indexOfAscii(bytes.subarray(lx.pos, lx.pos + 6), 'stream') !== 0) return undefined;
  let start = lx.pos + 6;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  const length = dictNumber(dict, 'Length');
  if (length === undefined) return undefined;
  let data: Uint8Array = bytes.subarray(start, start + length);
  const filters = filterNames(dict);
  if (filters.length > 1) return undefined;
  if (filters[0] === 'FlateDecode') {
    try {
      data = new Uint8Array(inflateSync(data, { maxOutputLength: 64 * 1024 * 1024 }));
    } catch {
      return undefined;
    }
  } else if (filters.length === 1) return undefined;
  const w = dict.map.get('W');
  if (!Array.isArray(w) || w.length !== 3) return undefined;
  const [w1, w2, w3] = w.map((x) => (typeof x === 'number' ? x : 0));
  const width = (w1 ?? 0) + (w2 ?? 0) + (w3 ?? 0);
  const parms = dict.map.get('DecodeParms');
  if (isDict(parms) && (dictNumber(parms, 'Predictor') ?? 1) >= 10) {
    data = pngUnpredict(data, dictNumber(parms, 'Columns') ?? width);
  }
  const size = dictNumber(dict, 'Size') ?? 0;
  const idx = dict.map.get('Index');
  const index = Array.isArray(idx) ? idx.map((x) => (typeof x === 'number' ? x : 0)) : [0, size];
  const objects = new Map<number, number>();
  const field = (pos: number, len: number, dflt: number) => {
    if (len === 0) return dflt;
    let v = 0;
    for (let i = 0; i < len; i++) v = v * 256 + (data[pos + i] ?? 0);
    return v;
  };
  let pos = 0;
  for (let k = 0; k + 1 < index.length; k += 2) {
    const first = index[k] ?? 0;
    const count = index[k + 1] ?? 0;
    for (let i = 0; i < count && pos + width <= data.length; i++) {
      const type = field(pos, w1 ?? 0, 1);
      const f3 = field(pos + (w1 ?? 0) + (w2 ?? 0), w3 ?? 0, 0);
      if (type === 1) objects.set(first + i, f3);
      else if (type === 2) objects.set(first + i, 0);
      pos += width;
    }
  }
  return sectionFromTrailer(offset, objects, dict);
}

/** The cross-reference sections from the newest (first) to the oldest. */
export function readXrefChain(bytes: Uint8Array): XrefSection[] {
  const eof = lastIndexOfAscii(bytes, 'startxref');
  if (eof < 0) return [];
  const lx = new Lexer(bytes, eof + 9, 4);
  let offset = lx.tryInteger();
  const out: XrefSection[] = [];
  const seen = new Set<number>();
  while (offset !== undefined && !seen.has(offset) && out.length < MAX_SECTIONS) {
    seen.add(offset);
    const probe = new Lexer(bytes, offset, 4);
    probe.skipWhite();
    const isTable = indexOfAscii(bytes.subarray(probe.pos, probe.pos + 4), 'xref') === 0;
    const section = isTable ? parseClassic(bytes, probe.pos) : parseStream(bytes, offset);
    if (!section) break;
    out.push(section);
    offset = section.prev;
  }
  return out;
}
