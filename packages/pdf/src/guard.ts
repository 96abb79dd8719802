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
import {
  DepthError,
  dictNumber,
  indexOfAscii,
  isDict,
  Lexer,
  lastIndexOfAscii,
} from './internal/lexer.ts';
import { ObjectIndex, valueKey } from './internal/object-index.ts';
import { checkStream, type ScanState, tooComplex } from './internal/stream-check.ts';
import type { PdfLimits } from './limits.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import type { StructureReport, XrefProblem } from './structure-report.ts';

export type { StructureReport } from './structure-report.ts';

export type StructureOptions = {
  /**
   * Record a missing / wrong `startxref` in `report.xrefProblem` instead of throwing, and still
   * run every other bound (object count, nesting, decompression budgets). Used by the repair path,
   * which rebuilds the cross-reference table by scanning the objects.
   */
  lenientXref?: boolean;
};

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
