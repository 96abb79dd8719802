/**
 * Input guard: cheap, bounded checks that run before @libpdf/core sees untrusted bytes.
 *
 * - `NOT_PDF`: no `%PDF-` header in the first 1 KiB (empty files, HTML renamed to .pdf, ...).
 * - `TOO_LARGE`: more than `maxFileBytes`.
 * - `TRUNCATED`: no `%%EOF` / `startxref` at the end (a cut-off upload).
 * - `BROKEN`: `startxref` does not point at a cross-reference section.
 * - `TOO_COMPLEX`: objects nested deeper than `maxNestingDepth`, more than `maxObjects` objects,
 *   or a compressed stream that decodes past its budget (decompression bomb). Object streams and
 *   cross-reference streams, which the parser must decode, are always checked; with
 *   `deep: true` (used by `inspectPdf`, i.e. the upload gate) every stream is checked.
 *
 * Every filter chain is decoded stage by stage with each stage bounded (`internal/decode.ts`):
 * Flate (zlib `maxOutputLength`), LZW, RunLength, ASCII85 and ASCIIHex in front of them, so a bomb
 * costs at most the budget whatever the chain. An indirect `/Filter` (or `/DecodeParms`) is
 * resolved against every definition of its object (top level and inside object streams); a
 * checked stream whose filter cannot be resolved, is unknown, or follows an image codec or a
 * failed stage cannot be bounded and is refused (`TOO_COMPLEX`).
 */
import { PdfError } from './errors.ts';
import type { FilterSpec } from './internal/decode.ts';
import { canonicalFilterName, decodeBounded, isExpandingFilter } from './internal/decode.ts';
import type { PDict, PName, PRef, PValue } from './internal/lexer.ts';
import {
  DepthError,
  dictName,
  dictNumber,
  indexOfAscii,
  isDict,
  isName,
  Lexer,
  lastIndexOfAscii,
} from './internal/lexer.ts';

export type PdfLimits = {
  /** Largest accepted file. Default 256 MiB. */
  maxFileBytes: number;
  /** Deepest nesting of arrays/dictionaries inside one object. Default 100. */
  maxNestingDepth: number;
  /** Most indirect objects (including those in object streams). Default 2,000,000. */
  maxObjects: number;
  /** Most pages. Default 10,000. */
  maxPages: number;
  /** Decoded size budget of one object stream / cross-reference stream. Default 32 MiB. */
  maxStructuralStreamBytes: number;
  /** Decoded size budget of any other stream (deep check). Default 64 MiB. */
  maxDecodedStreamBytes: number;
  /** Decoded size budget of all streams together (deep check). Default 1 GiB. */
  maxTotalDecodedBytes: number;
};

export const DEFAULT_LIMITS: Readonly<PdfLimits> = Object.freeze({
  maxFileBytes: 256 * 1024 * 1024,
  maxNestingDepth: 100,
  maxObjects: 2_000_000,
  maxPages: 10_000,
  maxStructuralStreamBytes: 32 * 1024 * 1024,
  maxDecodedStreamBytes: 64 * 1024 * 1024,
  maxTotalDecodedBytes: 1024 * 1024 * 1024,
});

/**
 * What to give the worker thread that runs PDF tasks (piscina `resourceLimits` / worker_threads
 * `resourceLimits`, plus a per-task timeout). The heap limit leaves room for a 50 MB document
 * (peak ≈ 3x its size) and for bounded-inflate budgets; the timeout covers a 100-page document
 * on a slow core by two orders of magnitude.
 */
export const RECOMMENDED_WORKER_LIMITS = Object.freeze({
  resourceLimits: Object.freeze({
    maxOldGenerationSizeMb: 1024,
    maxYoungGenerationSizeMb: 64,
    stackSizeMb: 8,
  }),
  timeoutMs: 60_000,
});

export function resolveLimits(limits?: Partial<PdfLimits>): PdfLimits {
  return { ...DEFAULT_LIMITS, ...limits };
}

export type StructureReport = {
  /** Version from the `%PDF-x.y` header. */
  headerVersion: string;
  /** Indirect objects seen (top level + inside object streams). */
  objectCount: number;
  /** A trailer or cross-reference stream has /Encrypt. */
  encrypted: boolean;
  /** The first object is a linearization dictionary. */
  linearized: boolean;
  /** Byte offset of the header (normally 0). */
  headerOffset: number;
  /** The last `startxref` value (undefined when missing or unreadable). */
  startxref?: number;
  /**
   * With `lenientXref`: why the cross-reference structure is unusable (the error that is thrown
   * otherwise). `TRUNCATED`: no `%%EOF` / `startxref` at the end; `BROKEN`: `startxref` does not
   * point at a cross-reference section.
   */
  xrefProblem?: { code: 'TRUNCATED' | 'BROKEN'; detail: string };
};

export type StructureOptions = {
  /**
   * Record a missing / wrong `startxref` in `report.xrefProblem` instead of throwing, and still
   * run every other bound (object count, nesting, decompression budgets). Used by the repair path,
   * which rebuilds the cross-reference table by scanning the objects.
   */
  lenientXref?: boolean;
};

function tooComplex(message: string, detail?: string): PdfError {
  return new PdfError('TOO_COMPLEX', message, detail);
}

const EOF_SLACK = 2048;

export function checkStructure(
  bytes: Uint8Array,
  limits: PdfLimits = DEFAULT_LIMITS,
  deep = false,
  options: StructureOptions = {},
): StructureReport {
  if (bytes.length === 0) throw new PdfError('NOT_PDF', 'The file is empty.');
  const head = Math.min(bytes.length, 1024);
  const headerOffset = indexOfAscii(bytes.subarray(0, head), '%PDF-');
  if (headerOffset < 0) throw new PdfError('NOT_PDF', 'The file is not a PDF document.');
  if (bytes.length > limits.maxFileBytes) {
    throw new PdfError(
      'TOO_LARGE',
      `The PDF file is too large (limit ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB).`,
    );
  }
  let headerVersion = '';
  for (let i = headerOffset + 5; i < headerOffset + 12 && i < bytes.length; i++) {
    const c = bytes[i] ?? 0;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e) headerVersion += String.fromCharCode(c);
    else break;
  }

  const { problem, startxref } = endOfFile(bytes, headerOffset);
  if (problem && !options.lenientXref) {
    throw problem.code === 'TRUNCATED'
      ? new PdfError(
          'TRUNCATED',
          'The PDF file is incomplete (it ends early); upload the complete file again.',
          problem.detail,
        )
      : new PdfError(
          'BROKEN',
          'The PDF file is damaged (its cross-reference table is broken); re-save it (e.g. "Print to PDF") and try again.',
          problem.detail,
        );
  }

  const report: StructureReport = {
    headerVersion,
    objectCount: 0,
    encrypted: false,
    linearized: false,
    headerOffset,
    ...(startxref !== undefined ? { startxref } : {}),
    ...(problem ? { xrefProblem: problem } : {}),
  };
  const budget = { total: 0 };
  scanObjects(bytes, limits, deep, report, budget);
  return report;
}

type XrefProblem = { code: 'TRUNCATED' | 'BROKEN'; detail: string };

/** The end-of-file checks: `%%EOF`, `startxref`, and where it points. */
function endOfFile(
  bytes: Uint8Array,
  headerOffset: number,
): { problem?: XrefProblem; startxref?: number } {
  const eof = lastIndexOfAscii(bytes, '%%EOF');
  if (eof < 0 || bytes.length - (eof + 5) > EOF_SLACK) {
    return { problem: { code: 'TRUNCATED', detail: 'no %%EOF marker at the end of the file' } };
  }
  const sx = lastIndexOfAscii(bytes, 'startxref', eof);
  if (sx < 0) {
    return { problem: { code: 'TRUNCATED', detail: 'no startxref before the last %%EOF' } };
  }
  const xrefOffset = new Lexer(bytes, sx + 9, 4).tryInteger();
  if (xrefOffset === undefined || !pointsAtXref(bytes, xrefOffset + headerOffset, xrefOffset)) {
    const detail = `startxref ${String(xrefOffset)} does not point at a cross-reference section`;
    return { problem: { code: 'BROKEN', detail } };
  }
  return { startxref: xrefOffset };
}

function pointsAtXref(bytes: Uint8Array, ...offsets: number[]): boolean {
  for (const offset of offsets) {
    if (offset < 0 || offset >= bytes.length) continue;
    const lx = new Lexer(bytes, offset, 4);
    lx.skipWhite();
    const start = lx.pos;
    if (indexOfAscii(bytes.subarray(start, start + 4), 'xref') === 0) return true;
    const num = lx.tryInteger();
    const gen = num === undefined ? undefined : lx.tryInteger();
    if (gen !== undefined) {
      lx.skipWhite();
      if (lx.readRegular() === 'obj') return true;
    }
  }
  return false;
}

const OBJ = Buffer.from('obj', 'latin1');
const TRAILER = Buffer.from('trailer', 'latin1');
const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');

function startsWith(bytes: Uint8Array, at: number, needle: Uint8Array): boolean {
  if (at + needle.length > bytes.length) return false;
  for (let i = 0; i < needle.length; i++) if (bytes[at + i] !== needle[i]) return false;
  return true;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}

/** Is "obj" at `i` preceded by `<num> <gen> ` ? */
function precededByObjHeader(bytes: Uint8Array, i: number): boolean {
  let p = i - 1;
  if (p < 0 || !isWs(bytes[p] ?? 0)) return false;
  while (p >= 0 && isWs(bytes[p] ?? 0)) p--;
  if (!isDigit(bytes[p] ?? 0)) return false;
  while (p >= 0 && isDigit(bytes[p] ?? 0)) p--;
  if (p < 0 || !isWs(bytes[p] ?? 0)) return false;
  while (p >= 0 && isWs(bytes[p] ?? 0)) p--;
  return isDigit(bytes[p] ?? 0);
}

/** Object number of the `<num> <gen> obj` header whose keyword starts at `i`. */
function objHeaderNumber(bytes: Uint8Array, i: number): number {
  let p = i - 1;
  while (p >= 0 && isWs(bytes[p] ?? 0)) p--;
  while (p >= 0 && isDigit(bytes[p] ?? 0)) p--; // generation
  while (p >= 0 && isWs(bytes[p] ?? 0)) p--;
  const end = p + 1;
  while (p >= 0 && isDigit(bytes[p] ?? 0)) p--;
  let n = 0;
  for (let k = p + 1; k < end; k++) n = n * 10 + ((bytes[k] ?? 0x30) - 0x30);
  return n;
}

/** Most distinct definitions of one object considered when resolving an indirect /Filter. */
const MAX_DEFINITIONS = 4;
/** Most candidate filter chains checked for one stream (definitions multiply). */
const MAX_CHAINS = 8;
/** Longest filter chain considered (longer chains are refused as unknown). */
const MAX_FILTERS = 8;
/** Small values kept from object streams for /Filter and /DecodeParms resolution. */
const MAX_COMPRESSED_VALUES = 10_000;

function isRef(v: PValue | undefined): v is PRef {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'ref';
}

/** A short identity key of a parsed value (to tell distinct definitions of an object apart). */
function valueKey(v: PValue | undefined, depth = 0): string {
  if (depth > 4) return `deep:${Math.random()}`;
  if (v === undefined) return 'undefined';
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `[${v.map((x) => valueKey(x, depth + 1)).join(' ')}]`;
  switch (v.kind) {
    case 'name':
      return `/${v.value}`;
    case 'ref':
      return `${v.num} ${v.gen} R`;
    case 'string':
      return `<${Buffer.from(v.value).toString('hex')}>`;
    case 'keyword':
      return v.value;
    case 'dict':
      return `<<${[...v.map.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, x]) => `/${k} ${valueKey(x, depth + 1)}`)
        .join(' ')}>>`;
  }
}

/** Worth keeping from an object stream: a name, a short array, or a short dict of scalars. */
function isSmallValue(v: PValue): boolean {
  if (isName(v)) return true;
  const scalar = (x: PValue) =>
    x === null || typeof x === 'number' || typeof x === 'boolean' || isName(x) || isRef(x);
  if (Array.isArray(v)) return v.length <= 16 && v.every((x) => scalar(x) || isDict(x));
  return isDict(v) && v.map.size <= 16 && [...v.map.values()].every(scalar);
}

/**
 * Where the indirect objects are (top-level offsets; small values from object streams), to
 * resolve an indirect /Filter or /DecodeParms. Every definition of an object number counts:
 * with incremental updates the scanner cannot know which one a reader picks, so all are checked.
 */
class ObjectIndex {
  private nums = new Int32Array(64);
  private offsets = new Float64Array(64);
  private count = 0;
  private byNum: Map<number, number[]> | undefined;
  private readonly compressed = new Map<number, PValue[]>();
  private compressedCount = 0;
  /** Resolutions done so far (each object is parsed once, however many streams refer to it). */
  private readonly cache = new Map<number, PValue[] | undefined>();
  private readonly bytes: Uint8Array;
  private readonly maxDepth: number;

  constructor(bytes: Uint8Array, maxDepth: number) {
    this.bytes = bytes;
    this.maxDepth = maxDepth;
  }

  addTop(num: number, offset: number): void {
    if (this.count === this.nums.length) {
      const nums = new Int32Array(this.count * 2);
      nums.set(this.nums);
      this.nums = nums;
      const offsets = new Float64Array(this.count * 2);
      offsets.set(this.offsets);
      this.offsets = offsets;
    }
    this.nums[this.count] = num;
    this.offsets[this.count] = offset;
    this.count++;
    this.byNum = undefined;
    if (this.cache.size > 0) this.cache.clear();
  }

  addCompressed(num: number, value: PValue): void {
    if (this.compressedCount >= MAX_COMPRESSED_VALUES || !isSmallValue(value)) return;
    const list = this.compressed.get(num);
    if (list) list.push(value);
    else this.compressed.set(num, [value]);
    this.compressedCount++;
    this.cache.delete(num);
  }

  /** Distinct definitions of object `num`; undefined when there are none or too many. */
  resolve(num: number): PValue[] | undefined {
    if (this.cache.has(num)) return this.cache.get(num);
    const found = this.definitions(num);
    this.cache.set(num, found);
    return found;
  }

  private definitions(num: number): PValue[] | undefined {
    if (!this.byNum) {
      this.byNum = new Map();
      for (let k = 0; k < this.count; k++) {
        const n = this.nums[k] ?? -1;
        const list = this.byNum.get(n);
        if (list) list.push(this.offsets[k] ?? 0);
        else this.byNum.set(n, [this.offsets[k] ?? 0]);
      }
    }
    const found = new Map<string, PValue>();
    for (const offset of this.byNum.get(num) ?? []) {
      try {
        const v = new Lexer(this.bytes, offset, this.maxDepth).parseWithRef(0);
        found.set(valueKey(v), v);
      } catch {
        // unreadable definition: readers cannot use it either
      }
      if (found.size > MAX_DEFINITIONS) return undefined;
    }
    for (const v of this.compressed.get(num) ?? []) found.set(valueKey(v), v);
    if (found.size === 0 || found.size > MAX_DEFINITIONS) return undefined;
    return [...found.values()];
  }
}

type ScanState = {
  bytes: Uint8Array;
  limits: PdfLimits;
  deep: boolean;
  report: StructureReport;
  budget: { total: number };
  index: ObjectIndex;
  /** Streams with an indirect /Filter or /DecodeParms, checked once every object is indexed. */
  pending: { data: Uint8Array; dict: PDict }[];
  /** Keep small objects of object streams for lookups (only if some filter is indirect). */
  indexCompressed: boolean | undefined;
};

const FILTER_KEYS = [Buffer.from('/Filter', 'latin1'), Buffer.from('/DecodeParms', 'latin1')];

/**
 * Does any `/Filter` or `/DecodeParms` in the file hold a reference? Stream dictionaries are never
 * inside object streams, so their keys are in the raw bytes. (A key spelled with `#` escapes is
 * missed here; its target is then only looked up among top-level objects, and a reference that
 * cannot be resolved is refused, so the shortcut never lets a stream through unchecked.)
 */
function mentionsIndirectFilter(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const key of FILTER_KEYS) {
    for (let at = buf.indexOf(key); at >= 0; at = buf.indexOf(key, at + key.length)) {
      const lx = new Lexer(bytes, at + key.length, 2, Math.min(bytes.length, at + 4096));
      try {
        if (hasRef(lx.parseWithRef(0))) return true;
      } catch {
        // not a value here
      }
    }
  }
  return false;
}

function scanObjects(
  bytes: Uint8Array,
  limits: PdfLimits,
  deep: boolean,
  report: StructureReport,
  budget: { total: number },
): void {
  let pos = report.headerOffset;
  let first = true;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const state: ScanState = {
    bytes,
    limits,
    deep,
    report,
    budget,
    index: new ObjectIndex(bytes, limits.maxNestingDepth),
    pending: [],
    indexCompressed: undefined,
  };
  // trailer dictionaries (classic xref tables)
  let t = buf.indexOf(TRAILER, pos);
  while (t >= 0) {
    const lx = new Lexer(bytes, t + 7, limits.maxNestingDepth);
    try {
      const v = lx.parse();
      if (isDict(v) && v.map.has('Encrypt')) report.encrypted = true;
    } catch (error) {
      if (error instanceof DepthError) throw tooComplex('The PDF structure is nested too deeply.');
    }
    t = buf.indexOf(TRAILER, t + 7);
  }

  for (;;) {
    const i = buf.indexOf(OBJ, pos);
    if (i < 0) break;
    pos = i + 3;
    const after = bytes[i + 3] ?? 0x20;
    if (!(isWs(after) || after === 0x3c || after === 0x5b || after === 0x2f || after === 0x28)) {
      continue;
    }
    if (!precededByObjHeader(bytes, i)) continue;
    report.objectCount++;
    if (report.objectCount > limits.maxObjects) {
      throw tooComplex('The PDF has too many objects.');
    }
    state.index.addTop(objHeaderNumber(bytes, i), i + 3);
    const lx = new Lexer(bytes, i + 3, limits.maxNestingDepth);
    let value: ReturnType<Lexer['parse']>;
    try {
      value = lx.parseWithRef(0);
    } catch (error) {
      if (error instanceof DepthError) {
        throw tooComplex('The PDF structure is nested too deeply.', error.message);
      }
      pos = Math.max(pos, lx.pos);
      continue;
    }
    pos = lx.pos;
    if (!isDict(value)) {
      first = false;
      continue;
    }
    if (first) {
      if (value.map.has('Linearized')) report.linearized = true;
      first = false;
    }
    lx.skipWhite();
    if (bytes[lx.pos] !== 0x73 /* s */ || !startsWith(bytes, lx.pos, STREAM)) continue;
    let dataStart = lx.pos + 6;
    if (bytes[dataStart] === 0x0d) dataStart++;
    if (bytes[dataStart] === 0x0a) dataStart++;
    const declared = dictNumber(value, 'Length');
    let dataEnd = -1;
    if (declared !== undefined && declared >= 0 && dataStart + declared <= bytes.length) {
      const probe = new Lexer(bytes, dataStart + declared);
      probe.skipWhite();
      if (startsWith(bytes, probe.pos, ENDSTREAM)) {
        dataEnd = dataStart + declared;
      }
    }
    if (dataEnd < 0) {
      const es = buf.indexOf(ENDSTREAM, dataStart);
      if (es < 0) break;
      dataEnd = es;
    }
    pos = dataEnd;
    checkStream(bytes.subarray(dataStart, dataEnd), value, state);
  }

  // Indirect filters: resolvable now that every object is indexed (object streams checked on
  // the way may define the filter objects of others, hence the rounds).
  let pending = state.pending;
  state.pending = [];
  while (pending.length > 0) {
    const unresolved: typeof pending = [];
    for (const p of pending) {
      if (!checkStream(p.data, p.dict, state, true)) unresolved.push(p);
    }
    if (unresolved.length === pending.length) {
      const f = unresolved[0]?.dict.map.get('Filter');
      throw tooComplex(
        'The PDF uses a compression filter that cannot be checked.',
        `indirect /Filter ${valueKey(f)} cannot be resolved`,
      );
    }
    pending = [...unresolved, ...state.pending];
    state.pending = [];
  }
}

function hasRef(v: PValue | undefined): boolean {
  return isRef(v) || (Array.isArray(v) && v.some((x) => isRef(x)));
}

/**
 * The filter chains a reader may apply to a stream: one normally, several when an indirect
 * /Filter object has several definitions. `undefined` when a reference cannot be resolved.
 */
function filterChains(dict: PDict, index: ObjectIndex): FilterSpec[][] | undefined {
  const resolve = (v: PValue | undefined): PValue[] | undefined =>
    isRef(v) ? index.resolve(v.num) : [v ?? null];
  const filterValues = resolve(dict.map.get('Filter'));
  if (!filterValues) return undefined;
  const parms = resolve(dict.map.get('DecodeParms'))?.[0] ?? null;
  const earlyChange = (i: number): number => {
    let p: PValue | undefined = Array.isArray(parms) ? parms[i] : i === 0 ? parms : undefined;
    if (isRef(p)) p = index.resolve(p.num)?.[0];
    const v = isDict(p) ? dictNumber(p, 'EarlyChange') : undefined;
    return v === 0 ? 0 : 1;
  };
  const chains: FilterSpec[][] = [];
  for (const value of filterValues) {
    if (value === null) {
      chains.push([]);
      continue;
    }
    const items = Array.isArray(value) ? value : [value];
    // refused by decodeBounded as too long, without resolving each item
    if (items.length > MAX_FILTERS) return [[{ name: `(${items.length} filters)` }]];
    // candidates per position
    const options: string[][] = [];
    for (const item of items) {
      const candidates = resolve(item);
      if (!candidates) return undefined;
      const names = candidates.filter((c): c is PName => isName(c)).map((c) => c.value);
      // a filter entry that is not a name: refused below as an unknown filter
      if (names.length === 0) return [[{ name: valueKey(item) }]];
      options.push(names);
    }
    let combos: string[][] = [[]];
    for (const names of options) {
      combos = combos.flatMap((c) => names.map((n) => [...c, n]));
      if (combos.length > MAX_CHAINS) return undefined;
    }
    for (const combo of combos)
      chains.push(combo.map((name, i) => ({ name, earlyChange: earlyChange(i) })));
    if (chains.length > MAX_CHAINS) return undefined;
  }
  return chains;
}

function bombError(limit: number, filter: string): PdfError {
  return tooComplex(
    'The PDF contains a compressed stream that expands too much (decompression bomb).',
    `${filter} stream decodes past ${limit} bytes`,
  );
}

/**
 * Check one stream's decoded size (and the objects of an object stream). Returns false when its
 * indirect /Filter cannot be resolved yet (only when `resolving`); queues it otherwise.
 */
function checkStream(data: Uint8Array, dict: PDict, state: ScanState, resolving = false): boolean {
  const { limits, deep, report, budget } = state;
  const type = dictName(dict, 'Type');
  const hasObjStmKeys =
    dictNumber(dict, 'N') !== undefined && dictNumber(dict, 'First') !== undefined;
  // an indirect /Type could make any stream an object stream: treat it like one
  const structural =
    type === 'ObjStm' || type === 'XRef' || isRef(dict.map.get('Type')) || hasObjStmKeys;
  if (type === 'XRef' && dict.map.has('Encrypt')) report.encrypted = true;
  if (!structural && !deep) return true;
  if (!resolving && (hasRef(dict.map.get('Filter')) || hasRef(dict.map.get('DecodeParms')))) {
    state.pending.push({ data, dict });
    return true;
  }
  const chains = filterChains(dict, state.index);
  if (!chains) {
    if (resolving) return false;
    throw tooComplex('The PDF uses a compression filter that cannot be checked.');
  }
  const objectStream = type === 'ObjStm' || (structural && type !== 'XRef' && hasObjStmKeys);

  let cap = structural ? limits.maxStructuralStreamBytes : limits.maxDecodedStreamBytes;
  if (!structural && dictName(dict, 'Subtype') === 'Image') {
    const w = dictNumber(dict, 'Width') ?? 0;
    const h = dictNumber(dict, 'Height') ?? 0;
    const bpc = dictNumber(dict, 'BitsPerComponent') ?? 8;
    const declaredBytes = Math.ceil((w * bpc * 4) / 8) * h;
    if (declaredBytes > limits.maxTotalDecodedBytes) {
      throw tooComplex('The PDF contains an image that is too large.');
    }
    cap = Math.max(cap, declaredBytes + 65536);
  }
  const remaining = limits.maxTotalDecodedBytes - budget.total;
  const limit = Math.max(0, Math.min(cap, remaining));

  let decoded: Uint8Array | undefined;
  let largest = 0;
  for (const chain of chains) {
    // nothing that can grow (no filter, ASCIIHex, DCT, an image codec at the end): no budget
    // needed, except that an object stream's objects are parsed below
    const expands = chain.some((f) => isExpandingFilter(f.name) || !canonicalFilterName(f.name));
    if (!expands && !objectStream) continue;
    const outcome = decodeBounded(data, chain, limit);
    switch (outcome.kind) {
      case 'too-large':
        throw bombError(limit, outcome.filter);
      case 'unbounded':
        throw tooComplex(
          'The PDF uses a compression filter that cannot be checked.',
          `stream filter chain [${chain.map((f) => `/${f.name}`).join(' ')}]: /${outcome.filter}`,
        );
      case 'corrupt':
        break; // corrupt data: the parser decides leniently (bounded by `limit` either way)
      case 'decoded':
        largest = Math.max(largest, outcome.data.length);
        decoded ??= outcome.data;
        break;
    }
  }
  budget.total += largest;
  if (!objectStream || !decoded) return true;
  parseObjectStream(decoded, dict, state);
  return true;
}

/** Count and depth-check the objects of a decoded object stream; keep small ones for lookups. */
function parseObjectStream(inflated: Uint8Array, dict: PDict, state: ScanState): void {
  const { limits, report } = state;
  const n = dictNumber(dict, 'N') ?? 0;
  const firstOffset = dictNumber(dict, 'First') ?? 0;
  report.objectCount += n;
  if (report.objectCount > limits.maxObjects) throw tooComplex('The PDF has too many objects.');
  state.indexCompressed ??= mentionsIndirectFilter(state.bytes);
  // header: n pairs "objnum offset"
  const header = new Lexer(inflated, 0, 2, Math.min(firstOffset, inflated.length));
  const nums: number[] = [];
  const offsets: number[] = [];
  for (let k = 0; state.indexCompressed && k < n; k++) {
    const num = header.tryInteger();
    const off = num === undefined ? undefined : header.tryInteger();
    if (num === undefined || off === undefined) break;
    nums.push(num);
    offsets.push(off);
  }
  const lx = new Lexer(inflated, Math.min(firstOffset, inflated.length), limits.maxNestingDepth);
  for (let k = 0; k < n; k++) {
    lx.skipWhite();
    if (lx.pos >= inflated.length) break;
    const at = lx.pos;
    let value: PValue;
    try {
      value = lx.parseWithRef(0);
    } catch (error) {
      if (error instanceof DepthError) {
        throw tooComplex('The PDF structure is nested too deeply.', error.message);
      }
      break;
    }
    // only when the header agrees with where the object really is
    const num = nums[k];
    if (num !== undefined && offsets[k] !== undefined && firstOffset + (offsets[k] ?? 0) === at) {
      state.index.addCompressed(num, value);
    }
  }
}
