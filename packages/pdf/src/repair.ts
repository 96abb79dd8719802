/**
 * Repair of damaged uploads: a PDF whose cross-reference data is broken (wrong offsets, missing
 * or garbled table / stream, wrong `startxref`, cut-off trailer) but whose objects can be found
 * by scanning, as poppler, qpdf and desktop viewers do. While the document carries no signature
 * it is rewritten in full (pages, content, forms kept; a fresh cross-reference table); a damaged
 * document that already carries a signature must be kept byte for byte and is refused
 * (`BROKEN_SIGNED`). The guard's bounds (size, objects, nesting, decompression budgets) run on the
 * damaged input before the parser sees it, and again on the rewritten output.
 */
import type { PdfObject } from '@libpdf/core';
import { PDF, PdfArray, PdfDict, PdfName, PdfRef } from '@libpdf/core';
import { PdfError } from './errors.ts';
import type { StructureReport } from './guard.ts';
import { checkStructure } from './guard.ts';
import type { InspectOptions, PdfInfo } from './inspect.ts';
import { inspectPdf } from './inspect.ts';
import { inputLimits } from './internal/document.ts';
import { readSignatures } from './internal/signatures.ts';
import { checkXrefTables } from './internal/xref-check.ts';
import type { PdfLimits } from './limits.ts';

export type RepairOptions = { limits?: Partial<PdfLimits> };

export type RepairedPdf = {
  /** The input itself when it was sound, else the full rewrite. */
  bytes: Uint8Array;
  repaired: boolean;
  /** What was wrong and what the rewrite could not keep (technical, English; for logs/details). */
  warnings: string[];
};

export type PreparedUpload = RepairedPdf & {
  /** `inspectPdf` of `bytes` (the repaired document when `repaired`). */
  info: PdfInfo;
};

const DAMAGED =
  'The PDF file is damaged (its cross-reference table is broken); re-save it (e.g. "Print to PDF") and try again.';
const INCOMPLETE = 'The PDF file is incomplete (it ends early); upload the complete file again.';

/** Makes libpdf's reader skip the (broken) table and rebuild it by scanning for objects. */
const RECOVERY_PAD = new TextEncoder().encode(`\n%${'-'.repeat(1100)}\n`);

type Reachability = { objects: number; missing: number; unreadable: number };

/** Most missing references looked up in the raw bytes. */
const MAX_LOOKUPS = 32;

/** Is there a `num gen obj` header anywhere in the file? */
function definedInFile(buf: Buffer, ref: PdfRef): boolean {
  const needle = `${ref.objectNumber} ${ref.generation} obj`;
  for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + 1)) {
    const before = at > 0 ? (buf[at - 1] ?? 0) : 0x0a;
    if (before < 0x30 || before > 0x39) return true;
  }
  return false;
}

/**
 * Resolve everything reachable from the catalog, bounded by `maxRefs`. `missing`: references
 * that resolve to nothing; `unreadable`: those of them whose `N G obj` is in the file all the
 * same (the cross-reference data sent the reader to the wrong place; libpdf's lenient reader
 * then yields null without telling).
 */
function reachable(pdf: PDF, maxRefs: number, bytes: Uint8Array): Reachability {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seen = new Set<string>();
  const stack: PdfObject[] = [pdf.getCatalog()];
  const result: Reachability = { objects: 0, missing: 0, unreadable: 0 };
  let lookups = 0;
  let steps = 0;
  while (stack.length > 0 && steps++ < maxRefs * 64) {
    const v = stack.pop();
    if (v instanceof PdfRef) {
      const key = `${v.objectNumber} ${v.generation}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > maxRefs) break;
      const target = pdf.context.resolve(v);
      if (target === null || target === undefined) {
        result.missing++;
        if (lookups++ < MAX_LOOKUPS && definedInFile(buf, v)) result.unreadable++;
      } else {
        result.objects++;
        stack.push(target);
      }
    } else if (v instanceof PdfDict) {
      for (const [, item] of v) stack.push(item);
    } else if (v instanceof PdfArray) {
      for (const item of v) stack.push(item);
    }
  }
  return result;
}

function hasSignatureMarker(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/ByteRange');
}

function signedRefusal(detail: string): PdfError {
  return new PdfError(
    'BROKEN_SIGNED',
    'The PDF file is damaged and already signed; it cannot be repaired without breaking the signature. Ask the signer for an intact copy.',
    detail,
  );
}

function refusal(report: StructureReport, detail: string): PdfError {
  return report.xrefProblem?.code === 'TRUNCATED'
    ? new PdfError('TRUNCATED', INCOMPLETE, detail)
    : new PdfError('BROKEN', DAMAGED, detail);
}

/** Why the document needs a repair (empty: it reads cleanly as it is). */
async function diagnose(bytes: Uint8Array, report: StructureReport, limits: PdfLimits) {
  if (report.xrefProblem) return [report.xrefProblem.detail];
  if (report.startxref !== undefined) {
    const tables = checkXrefTables(bytes, report.startxref, report.headerOffset, limits.maxObjects);
    const first = tables.wrong[0];
    if (first) {
      return [
        `${tables.wrongCount} of ${tables.checked} cross-reference entries do not point at their object (object ${first.num} at offset ${first.offset})`,
      ];
    }
  }
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch (error) {
    return [`the cross-reference data cannot be read: ${String(error)}`];
  }
  if (pdf.recoveredViaBruteForce) return ['the cross-reference data cannot be read'];
  const walk = reachable(pdf, report.objectCount + 1024, bytes);
  if (walk.unreadable > 0) {
    return [`${walk.unreadable} objects are not where the cross-reference data says`];
  }
  return [];
}

/**
 * Repair `bytes` if its cross-reference data is broken; return it unchanged otherwise.
 * Throws `BROKEN_SIGNED` for a damaged signed document, `BROKEN` / `TRUNCATED` when the objects
 * cannot be recovered (no catalog, no pages, a cut-off file missing objects), and every error of
 * the guard (`TOO_COMPLEX`, `ENCRYPTED`, ...).
 */
export async function repairPdf(
  bytes: Uint8Array,
  options: RepairOptions = {},
): Promise<RepairedPdf> {
  const limits = inputLimits(bytes, options.limits);
  // structural bounds (object streams, xref streams, nesting, object count) before any parse;
  // content streams are checked by the deep pass of `inspectPdf` on the result
  const report = checkStructure(bytes, limits, false, { lenientXref: true });
  const reasons = report.encrypted ? [] : await diagnose(bytes, report, limits);
  if (reasons.length === 0) return { bytes, repaired: false, warnings: [] };
  const why = reasons.join('; ');
  if (hasSignatureMarker(bytes)) throw signedRefusal(`${why}; the file has a /ByteRange`);

  const padded = new Uint8Array(bytes.length + RECOVERY_PAD.length);
  padded.set(bytes);
  padded.set(RECOVERY_PAD, bytes.length);
  let pdf: PDF;
  let pages: number;
  try {
    pdf = await PDF.load(padded);
    pages = pdf.getPageCount();
  } catch (error) {
    throw refusal(report, `${why}; recovery failed: ${String(error)}`);
  }
  if (pdf.isEncrypted) {
    throw new PdfError(
      'ENCRYPTED',
      'The PDF is password protected; remove the password and upload it again.',
    );
  }
  if (pages === 0) throw refusal(report, `${why}; no pages could be recovered`);
  try {
    return await rewrite(pdf, report, bytes, why, pages);
  } catch (error) {
    throw error instanceof PdfError ? error : refusal(report, `${why}; rewrite failed: ${error}`);
  }
}

async function rewrite(
  pdf: PDF,
  report: StructureReport,
  bytes: Uint8Array,
  why: string,
  pages: number,
): Promise<RepairedPdf> {
  if (readSignatures(pdf).length > 0) throw signedRefusal(`${why}; it has signature fields`);
  const walk = reachable(pdf, report.objectCount + 1024, bytes);
  const warnings = [`Repaired: ${why}.`];
  if (walk.missing > 0) {
    if (report.xrefProblem?.code === 'TRUNCATED') {
      throw refusal(report, `${why}; ${walk.missing} referenced objects are missing`);
    }
    warnings.push(`${walk.missing} referenced objects are missing and were left out.`);
  }
  // a touch so that libpdf writes the document (it returns the input bytes when nothing changed)
  pdf.getCatalog().set('Type', PdfName.of('Catalog'));
  const out = await pdf.save({ useXRefStream: false });
  warnings.push(`Rewritten in full: ${pages} pages, ${walk.objects} objects.`);
  return { bytes: out, repaired: true, warnings };
}

/**
 * The upload gate with repair: `repairPdf`, then `inspectPdf` of the result (so every bound and
 * check of `inspectPdf` applies to the repaired document too). Store `bytes`, not the input.
 */
export async function prepareUpload(
  bytes: Uint8Array,
  options: InspectOptions = {},
): Promise<PreparedUpload> {
  const repaired = await repairPdf(bytes, options.limits ? { limits: options.limits } : {});
  const info = await inspectPdf(repaired.bytes, options);
  return { ...repaired, info };
}
