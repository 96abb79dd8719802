/**
 * Where a document carries JavaScript: the document's /OpenAction and /AA, the /Names
 * /JavaScript tree, page /AA, annotation /A and /AA (links, widgets) and form-field /AA and /A.
 * Action chains (/Next) are followed. Nothing is executed or changed; the walk is bounded.
 */
import type { PDF, PdfObject } from '@libpdf/core';
import { PdfArray, PdfDict, PdfName, PdfStream, PdfString } from '@libpdf/core';
import { deref } from './document.ts';

export type JavaScriptLocation =
  /** Catalog /OpenAction: runs when the document is opened. */
  | 'open-action'
  /** Catalog /AA: WC (will close), WS / DS (will / did save), WP / DP (will / did print). */
  | 'document-action'
  /** Catalog /Names /JavaScript: document-level scripts, run when the document is opened. */
  | 'document-names'
  /** Page /AA: O (page opened), C (page closed). */
  | 'page-action'
  /** Annotation /A (activated) or /AA (E, X, D, U, Fo, Bl, PO, PC, PV, PI). */
  | 'annotation-action'
  /** Form field /A or /AA: K (keystroke), F (format), V (validate), C (calculate), ... */
  | 'field-action';

export type JavaScriptAction = {
  location: JavaScriptLocation;
  /** 1-based page of a page, annotation or widget action; null elsewhere. */
  page: number | null;
  /** The /AA trigger key (e.g. `O`, `WC`, `K`); null for /OpenAction, /A and named scripts. */
  trigger: string | null;
  /** Field name (fields), annotation subtype (annotations) or name-tree key (named scripts). */
  name: string | null;
  /** The start of the script (whitespace collapsed, at most 160 characters). */
  excerpt: string;
};

/** Most actions reported (the rest are counted in `javaScriptCount` only). */
const MAX_REPORTED = 100;
/** Most action dictionaries, name-tree nodes and fields visited. */
const MAX_VISITS = 50_000;
const MAX_DEPTH = 32;

class Walk {
  readonly found: JavaScriptAction[] = [];
  count = 0;
  private visits = 0;
  private readonly seenActions = new Set<PdfDict>();
  readonly seenHolders = new Set<PdfDict>();
  private readonly pdf: PDF;

  constructor(pdf: PDF) {
    this.pdf = pdf;
  }

  budget(): boolean {
    return ++this.visits <= MAX_VISITS;
  }

  get(value: PdfObject | undefined | null): PdfObject | undefined {
    return deref(this.pdf, value);
  }

  dict(value: PdfObject | undefined | null): PdfDict | undefined {
    const v = this.get(value);
    return v instanceof PdfDict ? v : undefined;
  }

  /** An action (and its /Next chain). */
  action(value: PdfObject | undefined, where: Omit<JavaScriptAction, 'excerpt'>, depth = 0): void {
    if (depth > MAX_DEPTH || !this.budget()) return;
    const v = this.get(value);
    if (v instanceof PdfArray) {
      for (const item of v) this.action(item, where, depth + 1);
      return;
    }
    if (!(v instanceof PdfDict) || this.seenActions.has(v)) return;
    this.seenActions.add(v);
    const s = this.get(v.get('S'));
    if ((s instanceof PdfName && s.value === 'JavaScript') || v.has('JS')) {
      this.count++;
      if (this.found.length < MAX_REPORTED) {
        this.found.push({ ...where, excerpt: this.excerpt(v.get('JS')) });
      }
    }
    if (v.has('Next')) this.action(v.get('Next'), where, depth + 1);
  }

  /** Every trigger of an /AA dictionary. */
  additional(holder: PdfDict, where: Omit<JavaScriptAction, 'excerpt' | 'trigger'>): void {
    const aa = this.dict(holder.get('AA'));
    if (!aa) return;
    for (const [key, value] of aa) this.action(value, { ...where, trigger: key.value });
  }

  private excerpt(value: PdfObject | undefined): string {
    const v = this.get(value);
    let text = '';
    try {
      if (v instanceof PdfString) text = v.asString();
      else if (v instanceof PdfStream) {
        text = Buffer.from(v.getDecodedData().subarray(0, 4096)).toString('latin1');
      }
    } catch {
      text = '';
    }
    return text.replace(/\s+/g, ' ').trim().slice(0, 160);
  }
}

function nameTree(walk: Walk, node: PdfDict | undefined, depth: number): void {
  if (!node || depth > MAX_DEPTH || !walk.budget()) return;
  const names = walk.get(node.get('Names'));
  if (names instanceof PdfArray) {
    for (let i = 0; i + 1 < names.length; i += 2) {
      const key = walk.get(names.at(i));
      const name = key instanceof PdfString ? key.asString() : null;
      walk.action(names.at(i + 1), { location: 'document-names', page: null, trigger: null, name });
    }
  }
  const kids = walk.get(node.get('Kids'));
  if (kids instanceof PdfArray) for (const kid of kids) nameTree(walk, walk.dict(kid), depth + 1);
}

function fieldName(walk: Walk, dict: PdfDict): string | null {
  const parts: string[] = [];
  let node: PdfDict | undefined = dict;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++) {
    const t = walk.get(node.get('T'));
    if (t instanceof PdfString) parts.unshift(t.asString());
    node = walk.dict(node.get('Parent'));
  }
  return parts.length > 0 ? parts.join('.') : null;
}

function isField(walk: Walk, dict: PdfDict): boolean {
  return dict.has('FT') || dict.has('T') || walk.dict(dict.get('Parent'))?.has('FT') === true;
}

function fieldTree(walk: Walk, value: PdfObject | undefined, depth: number): void {
  const dict = walk.dict(value);
  if (!dict || depth > MAX_DEPTH || !walk.budget() || walk.seenHolders.has(dict)) return;
  walk.seenHolders.add(dict);
  const where = { location: 'field-action' as const, page: null, name: fieldName(walk, dict) };
  walk.action(dict.get('A'), { ...where, trigger: null });
  walk.additional(dict, where);
  const kids = walk.get(dict.get('Kids'));
  if (kids instanceof PdfArray) for (const kid of kids) fieldTree(walk, kid, depth + 1);
}

export type JavaScriptReport = { actions: JavaScriptAction[]; count: number };

export function findJavaScript(pdf: PDF): JavaScriptReport {
  const walk = new Walk(pdf);
  const catalog = pdf.getCatalog();
  const open = walk.get(catalog.get('OpenAction'));
  // an array is a destination (go to a page), not an action
  if (open instanceof PdfDict) {
    walk.action(open, { location: 'open-action', page: null, trigger: null, name: null });
  }
  walk.additional(catalog, { location: 'document-action', page: null, name: null });
  const names = walk.dict(catalog.get('Names'));
  if (names) nameTree(walk, walk.dict(names.get('JavaScript')), 0);

  pdf.getPages().forEach((page, index) => {
    const pageNo = index + 1;
    walk.additional(page.dict, { location: 'page-action', page: pageNo, name: null });
    const annots = walk.get(page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) return;
    for (const item of annots) {
      const annot = walk.dict(item);
      if (!annot || walk.seenHolders.has(annot) || !walk.budget()) continue;
      walk.seenHolders.add(annot);
      const field = isField(walk, annot);
      const subtype = walk.get(annot.get('Subtype'));
      const where = {
        location: field ? ('field-action' as const) : ('annotation-action' as const),
        page: pageNo,
        name: field ? fieldName(walk, annot) : subtype instanceof PdfName ? subtype.value : null,
      };
      walk.action(annot.get('A'), { ...where, trigger: null });
      walk.additional(annot, where);
    }
  });

  const acro = walk.dict(catalog.get('AcroForm'));
  const fields = walk.get(acro?.get('Fields'));
  if (fields instanceof PdfArray) for (const f of fields) fieldTree(walk, f, 0);
  return { actions: walk.found, count: walk.count };
}
