/**
 * Incremental-update analysis for the verifier: which objects did later revisions add or change,
 * and are those changes the kind a signature permits (new signatures, annotations, form fields,
 * DSS) or something else (page content, resources, ...)?
 */
import type { PdfObject } from '@libpdf/core';
import { PDF, PdfArray, PdfDict, PdfName, PdfRef, PdfStream } from '@libpdf/core';
import { deref, listFields } from './document.ts';
import type { XrefSection } from './xref-chain.ts';

// ---------------------------------------------------------------------------------------------
// Object comparison

function sameObject(a: PdfObject | undefined, b: PdfObject | undefined, depth = 0): boolean {
  if (a === b) return true;
  if (!a || !b || depth > 64) return false;
  if (a.type !== b.type) return false;
  if (a instanceof PdfRef && b instanceof PdfRef) {
    return a.objectNumber === b.objectNumber && a.generation === b.generation;
  }
  if (a instanceof PdfArray && b instanceof PdfArray) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameObject(a.at(i), b.at(i), depth + 1)) return false;
    return true;
  }
  if (a instanceof PdfStream && b instanceof PdfStream) {
    return sameDict(a, b, depth) && Buffer.compare(Buffer.from(a.data), Buffer.from(b.data)) === 0;
  }
  if (a instanceof PdfDict && b instanceof PdfDict) return sameDict(a, b, depth);
  if ('bytes' in a && 'bytes' in b)
    return Buffer.compare(Buffer.from(a.bytes), Buffer.from(b.bytes)) === 0;
  if ('value' in a && 'value' in b) return a.value === b.value;
  return a.type === 'null';
}

function sameDict(a: PdfDict, b: PdfDict, depth: number): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (!sameObject(v, b.get(k), depth + 1)) return false;
  return true;
}

function changedKeys(a: PdfDict, b: PdfDict): string[] {
  const keys = new Set<string>();
  for (const k of a.keys()) keys.add(k.value);
  for (const k of b.keys()) keys.add(k.value);
  return [...keys].filter((k) => !sameObject(a.get(k), b.get(k)));
}

function refKeys(arr: PdfArray | undefined): string[] {
  if (!arr) return [];
  const out: string[] = [];
  for (const item of arr)
    out.push(
      item instanceof PdfRef ? `${item.objectNumber} ${item.generation}` : `direct:${out.length}`,
    );
  return out;
}

/** Every item of `before` is still in `after` (added items allowed); direct items compared by value. */
function isSuperset(before: PdfArray | undefined, after: PdfArray | undefined): boolean {
  const b = refKeys(before);
  const a = new Set(refKeys(after));
  return b.every((k, i) => {
    if (!k.startsWith('direct:')) return a.has(k);
    const item = before?.at(i);
    for (const candidate of after ?? []) if (sameObject(item, candidate)) return true;
    return false;
  });
}

/**
 * Object numbers of the signature fields that were already signed in `pdf` (the signed revision)
 * and of their widget annotations: after signing, nothing about them may change (a new /AP,
 * /Rect, /F or /V is how a "shadow attack" shows something else over a valid signature).
 */
function signedSignatureObjects(pdf: PDF): Map<number, string> {
  const out = new Map<number, string>();
  for (const field of listFields(pdf)) {
    if (field.ft !== 'Sig' || !(deref(pdf, field.dict.get('V')) instanceof PdfDict)) continue;
    if (field.ref) out.set(field.ref.objectNumber, field.name);
    const kids = deref(pdf, field.dict.get('Kids'));
    if (kids instanceof PdfArray) {
      for (const kid of kids) if (kid instanceof PdfRef) out.set(kid.objectNumber, field.name);
    }
  }
  return out;
}

const ANNOT_SUBTYPES = new Set([
  'Text',
  'Link',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'Popup',
  'FileAttachment',
  'Sound',
  'Movie',
  'Widget',
  'Screen',
  'PrinterMark',
  'TrapNet',
  'Watermark',
  '3D',
  'Redact',
]);

function nameOf(d: PdfDict, key: string): string | undefined {
  const v = d.get(key);
  return v instanceof PdfName ? v.value : undefined;
}

function isAnnotationOrField(d: PdfDict): boolean {
  if (nameOf(d, 'Type') === 'Annot') return true;
  const st = nameOf(d, 'Subtype');
  if (st && ANNOT_SUBTYPES.has(st) && d.has('Rect')) return true;
  return d.has('FT') || (d.has('T') && (d.has('Kids') || d.has('Parent')));
}

function isSignatureDict(d: PdfDict): boolean {
  const t = nameOf(d, 'Type');
  return t === 'Sig' || t === 'DocTimeStamp' || (d.has('ByteRange') && d.has('Contents'));
}

function arrayOf(pdf: PDF, v: PdfObject | undefined): PdfArray | undefined {
  const r = v instanceof PdfRef ? pdf.context.resolve(v) : v;
  return r instanceof PdfArray ? r : undefined;
}

export type ChangeReport = {
  modifiedAfter: 'none' | 'allowed' | 'disallowed';
  /** Human descriptions of the changes that are not allowed after a signature. */
  disallowed: string[];
  /** Human descriptions of allowed changes (signatures, annotations, DSS, ...). */
  allowed: string[];
};

/**
 * Classify the changes made by revisions that start at `signedEnd` (the end of a signature's
 * byte range) against the document as it was when signed.
 */
export async function classifyChangesAfter(
  bytes: Uint8Array,
  signedEnd: number,
  latest: PDF,
  chain: XrefSection[],
): Promise<ChangeReport> {
  if (signedEnd >= bytes.length) return { modifiedAfter: 'none', disallowed: [], allowed: [] };
  const later = chain.filter((s) => s.offset >= signedEnd);
  if (later.length === 0) {
    // bytes after the signature that are not a revision (e.g. trailing garbage)
    const tail = bytes.subarray(signedEnd);
    const onlyWhite = tail.every(
      (c) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x00,
    );
    return onlyWhite
      ? { modifiedAfter: 'none', disallowed: [], allowed: [] }
      : {
          modifiedAfter: 'disallowed',
          disallowed: ['bytes appended after the signature are not a valid revision'],
          allowed: [],
        };
  }
  let before: PDF;
  try {
    before = await PDF.load(bytes.subarray(0, signedEnd));
  } catch {
    return {
      modifiedAfter: 'disallowed',
      disallowed: ['the signed revision cannot be read'],
      allowed: [],
    };
  }
  const changed = new Map<number, number>();
  for (const s of later)
    for (const [num, gen] of s.objects) if (!changed.has(num)) changed.set(num, gen);
  const infoNum = chain[0]?.info?.num;
  const rootNum = chain[0]?.root?.num;
  const catalogNew = latest.getCatalog();
  const acroRaw = catalogNew.get('AcroForm');
  const acroNum = acroRaw instanceof PdfRef ? acroRaw.objectNumber : undefined;
  const signedFields = signedSignatureObjects(before);

  const allowed: string[] = [];
  const disallowed: string[] = [];
  for (const [num, gen] of changed) {
    const newObj = latest.context.resolve(PdfRef.of(num, gen)) ?? undefined;
    const oldObj =
      before.context.resolve(PdfRef.of(num, gen)) ??
      before.context.resolve(PdfRef.of(num, 0)) ??
      undefined;
    const label = `object ${num}`;
    if (!newObj) continue;
    if (!oldObj) {
      if (
        newObj instanceof PdfDict &&
        (nameOf(newObj, 'Type') === 'Page' || nameOf(newObj, 'Type') === 'Pages')
      ) {
        disallowed.push(`${label}: page added`);
      } else if (newObj instanceof PdfDict && nameOf(newObj, 'Type') === 'XRef') {
        // cross-reference stream of the update itself
      } else {
        allowed.push(
          `${label}: added${newObj instanceof PdfDict && isSignatureDict(newObj) ? ' (signature)' : ''}`,
        );
      }
      continue;
    }
    if (sameObject(oldObj, newObj)) continue;
    if (newObj instanceof PdfArray && oldObj instanceof PdfArray) {
      if (isSuperset(oldObj, newObj)) allowed.push(`${label}: list extended`);
      else disallowed.push(`${label}: array changed`);
      continue;
    }
    if (!(newObj instanceof PdfDict) || !(oldObj instanceof PdfDict)) {
      disallowed.push(`${label}: changed`);
      continue;
    }
    const keys = changedKeys(oldObj, newObj);
    const type = nameOf(oldObj, 'Type') ?? nameOf(newObj, 'Type');
    if (num === rootNum || type === 'Catalog') {
      const bad = keys.filter((k) => !['AcroForm', 'DSS', 'Extensions', 'Metadata'].includes(k));
      if (bad.length === 0) allowed.push(`${label}: catalog ${keys.join(', ')}`);
      else disallowed.push(`${label}: catalog /${bad.join(', /')} changed`);
      continue;
    }
    if (num === acroNum || (oldObj.has('Fields') && newObj.has('Fields') && !oldObj.has('Type'))) {
      const bad = keys.filter(
        (k) => !['Fields', 'SigFlags', 'DR', 'DA', 'NeedAppearances'].includes(k),
      );
      const fieldsOk = isSuperset(
        arrayOf(before, oldObj.get('Fields')),
        arrayOf(latest, newObj.get('Fields')),
      );
      if (bad.length === 0 && fieldsOk) allowed.push(`${label}: form fields added`);
      else
        disallowed.push(
          `${label}: form definition changed (${bad.join(', ') || 'fields removed'})`,
        );
      continue;
    }
    if (type === 'Page') {
      const bad = keys.filter((k) => k !== 'Annots');
      const annotsOk = isSuperset(
        arrayOf(before, oldObj.get('Annots')),
        arrayOf(latest, newObj.get('Annots')),
      );
      if (bad.length === 0 && annotsOk) allowed.push(`${label}: page annotations added`);
      else
        disallowed.push(`${label}: page ${bad.length ? `/${bad.join(', /')}` : '/Annots'} changed`);
      continue;
    }
    if (isSignatureDict(oldObj)) {
      disallowed.push(`${label}: signature dictionary changed`);
      continue;
    }
    const signedField = signedFields.get(num);
    if (signedField !== undefined) {
      disallowed.push(
        `${label}: signed signature field "${signedField}" or its widget changed (/${keys.join(', /')})`,
      );
      continue;
    }
    if (isAnnotationOrField(oldObj)) {
      const signedBefore = nameOf(oldObj, 'FT') === 'Sig' && oldObj.has('V');
      if (signedBefore && keys.includes('V')) disallowed.push(`${label}: signature value replaced`);
      else allowed.push(`${label}: annotation/form field updated`);
      continue;
    }
    if (type === 'DSS' || num === infoNum || type === 'Metadata' || oldObj.has('VRI')) {
      allowed.push(`${label}: ${type ?? 'document information'} updated`);
      continue;
    }
    disallowed.push(`${label}${type ? ` (${type})` : ''}: /${keys.join(', /')} changed`);
  }
  return {
    modifiedAfter: disallowed.length > 0 ? 'disallowed' : 'allowed',
    disallowed,
    allowed,
  };
}
