/**
 * Input guard: cheap, bounded checks that run before @libpdf/core sees untrusted bytes.
 *
 * - `NOT_PDF`: no `%PDF-` header in the first 1 KiB (empty files, HTML renamed to .pdf, ...).
 * - `TOO_LARGE`: more than `maxFileBytes`.
 * - `TRUNCATED`: no `%%EOF` / `startxref` at the end (a cut-off upload).
 * - `BROKEN`: `startxref` does not point at a cross-reference section.
 * - `TOO_COMPLEX`: objects nested deeper than `maxNestingDepth`, more than `maxObjects` objects,
 *   or a compressed stream that inflates past its budget (decompression bomb). Object streams and
 *   cross-reference streams, which the parser must inflate, are always checked; with
 *   `deep: true` (used by `inspectPdf`, i.e. the upload gate) every Flate stream is checked.
 *
 * Decompression is bounded by zlib's `maxOutputLength`, so a bomb costs at most the budget.
 */
import { constants, inflateSync } from 'node:zlib';
import { PdfError } from './errors.ts';
import type { PDict } from './internal/lexer.ts';
import {
  DepthError,
  dictName,
  dictNumber,
  filterNames,
  indexOfAscii,
  isDict,
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
};

function tooComplex(message: string, detail?: string): PdfError {
  return new PdfError('TOO_COMPLEX', message, detail);
}

const EOF_SLACK = 2048;

export function checkStructure(
  bytes: Uint8Array,
  limits: PdfLimits = DEFAULT_LIMITS,
  deep = false,
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

  const eof = lastIndexOfAscii(bytes, '%%EOF');
  if (eof < 0 || bytes.length - (eof + 5) > EOF_SLACK) {
    throw new PdfError(
      'TRUNCATED',
      'The PDF file is incomplete (it ends early); upload the complete file again.',
      'no %%EOF marker at the end of the file',
    );
  }
  const sx = lastIndexOfAscii(bytes, 'startxref', eof);
  if (sx < 0) {
    throw new PdfError(
      'TRUNCATED',
      'The PDF file is incomplete (it ends early); upload the complete file again.',
      'no startxref before the last %%EOF',
    );
  }
  const lx = new Lexer(bytes, sx + 9, 4);
  const xrefOffset = lx.tryInteger();
  if (xrefOffset === undefined || !pointsAtXref(bytes, xrefOffset + headerOffset, xrefOffset)) {
    throw new PdfError(
      'BROKEN',
      'The PDF file is damaged (its cross-reference table is broken); re-save it (e.g. "Print to PDF") and try again.',
      `startxref ${String(xrefOffset)} does not point at a cross-reference section`,
    );
  }

  const report: StructureReport = {
    headerVersion,
    objectCount: 0,
    encrypted: false,
    linearized: false,
    headerOffset,
  };
  const budget = { total: 0 };
  scanObjects(bytes, limits, deep, report, budget);
  return report;
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
    checkStream(bytes.subarray(dataStart, dataEnd), value, limits, deep, report, budget);
  }
}

function checkStream(
  data: Uint8Array,
  dict: PDict,
  limits: PdfLimits,
  deep: boolean,
  report: StructureReport,
  budget: { total: number },
): void {
  const type = dictName(dict, 'Type');
  const structural = type === 'ObjStm' || type === 'XRef';
  if (type === 'XRef' && dict.map.has('Encrypt')) report.encrypted = true;
  if (!structural && !deep) return;
  const filters = filterNames(dict);
  if (filters[0] !== 'FlateDecode' && filters[0] !== 'Fl') return;

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
  let inflated: Buffer;
  try {
    inflated = inflateSync(data, {
      maxOutputLength: limit + 1,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw tooComplex(
        'The PDF contains a compressed stream that expands too much (decompression bomb).',
        `stream decodes past ${limit} bytes`,
      );
    }
    return; // corrupt data: the parser decides leniently
  }
  if (inflated.length > limit) {
    throw tooComplex(
      'The PDF contains a compressed stream that expands too much (decompression bomb).',
      `stream decodes past ${limit} bytes`,
    );
  }
  budget.total += inflated.length;
  if (type !== 'ObjStm') return;

  const n = dictNumber(dict, 'N') ?? 0;
  const firstOffset = dictNumber(dict, 'First') ?? 0;
  report.objectCount += n;
  if (report.objectCount > limits.maxObjects) throw tooComplex('The PDF has too many objects.');
  const lx = new Lexer(inflated, Math.min(firstOffset, inflated.length), limits.maxNestingDepth);
  for (let k = 0; k < n; k++) {
    lx.skipWhite();
    if (lx.pos >= inflated.length) break;
    try {
      lx.parseWithRef(0);
    } catch (error) {
      if (error instanceof DepthError) {
        throw tooComplex('The PDF structure is nested too deeply.', error.message);
      }
      break;
    }
  }
}
