/**
 * The input guard's check of one stream: its filter chain decoded stage by stage within the
 * budget, and the objects of an object stream counted and depth-checked (see `guard.ts`).
 */

import { PdfError } from '../errors.ts';
import type { PdfLimits } from '../limits.ts';
import type { StructureReport } from '../structure-report.ts';
import type { FilterSpec } from './decode.ts';
import { canonicalFilterName, decodeBounded, isExpandingFilter } from './decode.ts';
import type { PDict, PName, PValue } from './lexer.ts';
import { DepthError, dictName, dictNumber, isDict, isName, Lexer } from './lexer.ts';
import { hasRef, isRef, type ObjectIndex, valueKey } from './object-index.ts';

/** Most candidate filter chains checked for one stream (definitions multiply). */
const MAX_CHAINS = 8;
/** Longest filter chain considered (longer chains are refused as unknown). */
const MAX_FILTERS = 8;

export function tooComplex(message: string, detail?: string): PdfError {
  return new PdfError('TOO_COMPLEX', message, detail);
}

export type ScanState = {
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
export function checkStream(
  data: Uint8Array,
  dict: PDict,
  state: ScanState,
  resolving = false,
): boolean {
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
