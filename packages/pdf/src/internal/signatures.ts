/** Reading the signature fields of a document (shared by `inspectPdf` and `verifyPdf`). */

import type { PDF } from '@libpdf/core';
import { PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, PdfString } from '@libpdf/core';
import { deref, listFields, textOf } from './document.ts';

export type RawSignature = {
  fieldName: string;
  byteRange: [number, number, number, number] | undefined;
  contents: Uint8Array | undefined;
  subFilter: string | undefined;
  type: string | undefined;
  reason: string | null;
  location: string | null;
  name: string | null;
  /** /M as given (PDF date string). */
  m: string | null;
  /** 1-based page of the widget, if known. */
  page: number | null;
  rect: [number, number, number, number] | null;
};

export const SERIAL_IN_REASON = /^\[([A-Z0-9]{22})\]/;
export const SERIAL_IN_FIELD = /^Emet([A-Z0-9]{22})$/;

export function meteraiSerial(fieldName: string, reason: string | null): string | null {
  const fromReason = reason ? SERIAL_IN_REASON.exec(reason)?.[1] : undefined;
  if (fromReason) return fromReason;
  const fromField = SERIAL_IN_FIELD.exec(fieldName.split('.').pop() ?? '')?.[1];
  return fromField ?? null;
}

function numbers(pdf: PDF, v: unknown, n: number): number[] | undefined {
  const arr = deref(pdf, v as PdfArray);
  if (!(arr instanceof PdfArray) || arr.length !== n) return undefined;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const item = deref(pdf, arr.at(i));
    if (!(item instanceof PdfNumber)) return undefined;
    out.push(item.value);
  }
  return out;
}

export function readSignatures(pdf: PDF): RawSignature[] {
  const pageIndex = new Map<string, number>();
  for (const [i, p] of pdf.getPages().entries()) {
    pageIndex.set(`${p.ref.objectNumber} ${p.ref.generation}`, i + 1);
  }
  const out: RawSignature[] = [];
  for (const field of listFields(pdf)) {
    if (field.ft !== 'Sig') continue;
    const v = deref(pdf, field.dict.get('V'));
    if (!(v instanceof PdfDict)) continue;
    const br = numbers(pdf, v.get('ByteRange'), 4);
    const contents = deref(pdf, v.get('Contents'));
    const sub = deref(pdf, v.get('SubFilter'));
    const type = deref(pdf, v.get('Type'));
    const p = field.dict.get('P');
    const rect = numbers(pdf, field.dict.get('Rect'), 4);
    out.push({
      fieldName: field.name,
      byteRange: br ? [br[0] ?? 0, br[1] ?? 0, br[2] ?? 0, br[3] ?? 0] : undefined,
      contents: contents instanceof PdfString ? contents.bytes : undefined,
      subFilter: sub instanceof PdfName ? sub.value : undefined,
      type: type instanceof PdfName ? type.value : undefined,
      reason: textOf(deref(pdf, v.get('Reason'))) ?? null,
      location: textOf(deref(pdf, v.get('Location'))) ?? null,
      name: textOf(deref(pdf, v.get('Name'))) ?? null,
      m: textOf(deref(pdf, v.get('M'))) ?? null,
      page:
        p instanceof PdfRef ? (pageIndex.get(`${p.objectNumber} ${p.generation}`) ?? null) : null,
      rect: rect?.some((x) => x !== 0)
        ? [rect[0] ?? 0, rect[1] ?? 0, rect[2] ?? 0, rect[3] ?? 0]
        : null,
    });
  }
  out.sort((a, b) => signedEnd(a) - signedEnd(b));
  return out;
}

export function signedEnd(sig: RawSignature): number {
  return sig.byteRange ? sig.byteRange[2] + sig.byteRange[3] : Number.MAX_SAFE_INTEGER;
}

/** Parse a PDF date (D:YYYYMMDDHHmmSSOHH'mm) into a Date. */
export function parsePdfDate(value: string | null): Date | null {
  if (!value) return null;
  const m =
    /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(
      value,
    );
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz, th = '00', tm = '00'] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (tz === '+' || tz === '-') {
    const offset = (Number(th) * 60 + Number(tm)) * 60_000;
    ms += tz === '+' ? -offset : offset;
  }
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}
