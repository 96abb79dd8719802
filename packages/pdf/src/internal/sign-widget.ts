/**
 * Where the signature goes: the target page, the checked rectangle, and the widget's place in the
 * page's /Annots and the document's /AcroForm.
 */
import type { PDF, PDFPage } from '@libpdf/core';
import { PdfArray, PdfDict, PdfNumber, PdfRef } from '@libpdf/core';
import { PdfError } from '../errors.ts';
import type { PdfRect } from '../place.ts';
import { deref } from './document.ts';
import { round } from './sign-appearance.ts';

export function rectArray(r: PdfRect): PdfArray {
  return new PdfArray([
    PdfNumber.of(round(r.x)),
    PdfNumber.of(round(r.y)),
    PdfNumber.of(round(r.x + r.width)),
    PdfNumber.of(round(r.y + r.height)),
  ]);
}

export function pdfDate(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
}

export function resolvePage(pdf: PDF, page: number): PDFPage {
  if (!Number.isInteger(page) || page < 1) {
    throw new PdfError('INVALID_ARGUMENT', 'The page number must be 1 or more.');
  }
  const count = pdf.getPageCount();
  const target = pdf.getPage(Math.min(page, count) - 1);
  if (!target) throw new PdfError('NO_PAGES', 'The PDF has no pages.');
  return target;
}

export function checkRect(rect: PdfRect): void {
  const values = [rect?.x, rect?.y, rect?.width, rect?.height];
  if (!values.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new PdfError(
      'INVALID_ARGUMENT',
      'The rectangle must be four numbers (x, y, width, height).',
    );
  }
  if (!(rect.width >= 1 && rect.height >= 1)) {
    throw new PdfError('INVALID_ARGUMENT', 'The rectangle must be at least 1 point wide and high.');
  }
}

/** Add the widget to the page's /Annots (which may be inline or an indirect array). */
export function addToAnnots(pdf: PDF, page: PDFPage, ref: PdfRef): void {
  const raw = page.dict.get('Annots');
  const annots = deref(pdf, raw);
  if (annots instanceof PdfArray) {
    annots.push(ref);
    if (!(raw instanceof PdfRef)) page.dict.set('Annots', annots);
    return;
  }
  page.dict.set('Annots', new PdfArray([ref]));
}

export function addToAcroForm(pdf: PDF, fieldRef: PdfRef): void {
  const catalog = pdf.getCatalog();
  const rawAcro = catalog.get('AcroForm');
  let acro = deref(pdf, rawAcro);
  if (!(acro instanceof PdfDict)) {
    acro = new PdfDict();
    catalog.set('AcroForm', pdf.register(acro));
  } else if (!(rawAcro instanceof PdfRef)) {
    catalog.set('AcroForm', acro); // inline AcroForm: mark the catalog as changed
  }
  const rawFields = acro.get('Fields');
  const fields = deref(pdf, rawFields);
  if (fields instanceof PdfArray) {
    fields.push(fieldRef);
    if (!(rawFields instanceof PdfRef)) acro.set('Fields', fields);
  } else {
    acro.set('Fields', new PdfArray([fieldRef]));
  }
  const flags = deref(pdf, acro.get('SigFlags'));
  const current = flags instanceof PdfNumber ? flags.value : 0;
  if ((current & 3) !== 3) acro.set('SigFlags', PdfNumber.of(current | 3));
}
