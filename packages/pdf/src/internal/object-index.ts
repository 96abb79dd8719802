/**
 * The index of indirect objects the input guard keeps while it scans a file, to resolve an
 * indirect /Filter or /DecodeParms (see `guard.ts`).
 */
import type { PRef, PValue } from './lexer.ts';
import { isDict, isName, Lexer } from './lexer.ts';

/** Most distinct definitions of one object considered when resolving an indirect /Filter. */
const MAX_DEFINITIONS = 4;
/** Small values kept from object streams for /Filter and /DecodeParms resolution. */
const MAX_COMPRESSED_VALUES = 10_000;

export function isRef(v: PValue | undefined): v is PRef {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'ref';
}

/** A short identity key of a parsed value (to tell distinct definitions of an object apart). */
export function valueKey(v: PValue | undefined, depth = 0): string {
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

export function hasRef(v: PValue | undefined): boolean {
  return isRef(v) || (Array.isArray(v) && v.some((x) => isRef(x)));
}

/**
 * Where the indirect objects are (top-level offsets; small values from object streams), to
 * resolve an indirect /Filter or /DecodeParms. Every definition of an object number counts:
 * with incremental updates the scanner cannot know which one a reader picks, so all are checked.
 */
export class ObjectIndex {
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
