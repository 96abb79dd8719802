/**
 * Opening documents with @libpdf/core behind the input guard, and small helpers over its
 * low-level object model (page geometry with inheritance, the signature field tree).
 */

import type { PDFPage, PdfObject } from '@libpdf/core';
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, PdfString } from '@libpdf/core';
import { PdfError, toPdfError } from '../errors.ts';
import type { StructureReport } from '../guard.ts';
import { checkStructure } from '../guard.ts';
import type { PdfLimits } from '../limits.ts';
import { resolveLimits } from '../limits.ts';
import type { Rotation } from '../place.ts';
import { normalizeRotation } from '../place.ts';

export type OpenOptions = {
  limits?: Partial<PdfLimits>;
  /** Inflate every Flate stream within budget (upload gate). */
  deep?: boolean;
  /** Return encrypted documents instead of rejecting them (inspection only). */
  allowEncrypted?: boolean;
};

export type OpenedDocument = {
  pdf: PDF;
  report: StructureReport;
  limits: PdfLimits;
};

/**
 * The bounds that apply to `bytes` (`limits` over the defaults), once the document is known to be
 * given as bytes: the first step of every entry point that takes a document.
 */
export function inputLimits(bytes: Uint8Array, limits?: Partial<PdfLimits>): PdfLimits {
  if (!(bytes instanceof Uint8Array)) {
    throw new PdfError('INVALID_ARGUMENT', 'The document must be given as bytes (Uint8Array).');
  }
  return resolveLimits(limits);
}

export async function openDocument(
  bytes: Uint8Array,
  options: OpenOptions = {},
): Promise<OpenedDocument> {
  const limits = inputLimits(bytes, options.limits);
  const report = checkStructure(bytes, limits, options.deep ?? false);
  if (report.encrypted && !options.allowEncrypted) {
    throw new PdfError(
      'ENCRYPTED',
      'The PDF is password protected; remove the password and upload it again.',
    );
  }
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch (error) {
    throw toPdfError(error, 'BROKEN');
  }
  if (pdf.isEncrypted && !options.allowEncrypted) {
    throw new PdfError(
      'ENCRYPTED',
      'The PDF is password protected; remove the password and upload it again.',
    );
  }
  if (pdf.recoveredViaBruteForce) {
    throw new PdfError(
      'BROKEN',
      'The PDF file is damaged (its cross-reference table is broken); re-save it (e.g. "Print to PDF") and try again.',
      'parser needed brute-force recovery',
    );
  }
  let count: number;
  try {
    count = pdf.getPageCount();
  } catch (error) {
    throw toPdfError(error, 'BROKEN');
  }
  if (count === 0) throw new PdfError('NO_PAGES', 'The PDF has no pages.');
  if (count > limits.maxPages) {
    throw new PdfError('TOO_COMPLEX', `The PDF has too many pages (limit ${limits.maxPages}).`);
  }
  return { pdf, report, limits };
}

export function resolver(pdf: PDF): (ref: PdfRef) => PdfObject | null {
  const ctx = pdf.context;
  return (ref: PdfRef) => ctx.resolve(ref);
}

export function deref(pdf: PDF, value: PdfObject | undefined | null): PdfObject | undefined {
  let v = value ?? undefined;
  for (let i = 0; i < 8 && v instanceof PdfRef; i++) v = pdf.context.resolve(v) ?? undefined;
  return v instanceof PdfRef ? undefined : v;
}

/** Look up an inheritable page attribute (MediaBox, CropBox, Rotate, Resources). */
export function inherited(pdf: PDF, page: PdfDict, key: string): PdfObject | undefined {
  let node: PdfDict | undefined = page;
  for (let depth = 0; node && depth < 64; depth++) {
    const v = node.get(key);
    if (v !== undefined) return deref(pdf, v);
    const parent = deref(pdf, node.get('Parent'));
    node = parent instanceof PdfDict ? parent : undefined;
  }
  return undefined;
}

export type Box = { x: number; y: number; width: number; height: number };

function readBox(pdf: PDF, value: PdfObject | undefined): Box | undefined {
  if (!(value instanceof PdfArray) || value.length < 4) return undefined;
  const n: number[] = [];
  for (let i = 0; i < 4; i++) {
    const item = deref(pdf, value.at(i));
    if (!(item instanceof PdfNumber) || !Number.isFinite(item.value)) return undefined;
    n.push(item.value);
  }
  const [a = 0, b = 0, c = 0, d = 0] = n;
  return { x: Math.min(a, c), y: Math.min(b, d), width: Math.abs(c - a), height: Math.abs(d - b) };
}

export type PageGeometry = {
  /** Visible box (crop box ∩ media box), unrotated user space. */
  box: Box;
  rotation: Rotation;
};

export function pageGeometry(pdf: PDF, page: PDFPage): PageGeometry {
  const media = readBox(pdf, inherited(pdf, page.dict, 'MediaBox')) ?? {
    x: 0,
    y: 0,
    width: 612,
    height: 792,
  };
  const crop = readBox(pdf, inherited(pdf, page.dict, 'CropBox'));
  let box = media;
  if (crop) {
    const x1 = Math.max(media.x, crop.x);
    const y1 = Math.max(media.y, crop.y);
    const x2 = Math.min(media.x + media.width, crop.x + crop.width);
    const y2 = Math.min(media.y + media.height, crop.y + crop.height);
    if (x2 > x1 && y2 > y1) box = { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
  }
  const rot = inherited(pdf, page.dict, 'Rotate');
  const rotation = rot instanceof PdfNumber ? normalizeRotation(rot.value) : 0;
  return { box, rotation };
}

// ---------------------------------------------------------------------------------------------
// Fields

export type FieldEntry = {
  /** Fully qualified field name (parent.child). */
  name: string;
  dict: PdfDict;
  ref: PdfRef | undefined;
  /** Field type, inherited. */
  ft: string | undefined;
};

export function textOf(value: PdfObject | undefined): string | undefined {
  return value instanceof PdfString ? value.asString() : undefined;
}

/** All terminal fields of the AcroForm (depth-first, with inherited /FT and qualified names). */
export function listFields(pdf: PDF): FieldEntry[] {
  const catalog = pdf.getCatalog();
  const acro = deref(pdf, catalog.get('AcroForm'));
  if (!(acro instanceof PdfDict)) return [];
  const fields = deref(pdf, acro.get('Fields'));
  if (!(fields instanceof PdfArray)) return [];
  const out: FieldEntry[] = [];
  const seen = new Set<string>();
  const visit = (
    item: PdfObject | undefined,
    prefix: string,
    ft: string | undefined,
    depth: number,
  ) => {
    if (depth > 32) return;
    const ref = item instanceof PdfRef ? item : undefined;
    if (ref) {
      const key = `${ref.objectNumber} ${ref.generation}`;
      if (seen.has(key)) return;
      seen.add(key);
    }
    const dict = deref(pdf, item);
    if (!(dict instanceof PdfDict)) return;
    const partial = textOf(deref(pdf, dict.get('T')));
    const name = partial === undefined ? prefix : prefix ? `${prefix}.${partial}` : partial;
    const ftName = deref(pdf, dict.get('FT'));
    const fieldType = ftName instanceof PdfName ? ftName.value : ft;
    const kids = deref(pdf, dict.get('Kids'));
    const kidFields: PdfObject[] = [];
    if (kids instanceof PdfArray) {
      for (const kid of kids) {
        const kd = deref(pdf, kid);
        // kids with /T are fields; kids without are widgets of this field
        if (kd instanceof PdfDict && kd.has('T')) kidFields.push(kid);
      }
    }
    if (kidFields.length > 0) {
      for (const kid of kidFields) visit(kid, name, fieldType, depth + 1);
    } else {
      out.push({ name, dict, ref, ft: fieldType });
    }
  };
  for (const f of fields) visit(f, '', undefined, 0);
  return out;
}

export function fieldNames(pdf: PDF): Set<string> {
  return new Set(listFields(pdf).map((f) => f.name));
}
