/**
 * Bounded check of classic cross-reference tables: does every in-use entry point at its object?
 *
 * @libpdf/core trusts the offsets of a table that parses; when they are wrong (a file edited by
 * hand or by old software after the table was written, "shifted offsets") its lenient reader
 * silently returns nothing for the objects it cannot find there. poppler and qpdf notice and
 * rebuild the table by scanning; this check tells the repair path to do the same. Cross-reference
 * streams are left to libpdf (a stream that cannot be read sends it into its own recovery).
 */
import { isDict, Lexer } from './lexer.ts';

/** Most sections followed through /Prev. */
const MAX_SECTIONS = 256;

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

/** Is there `<num> <gen> obj` at `offset` (whitespace before it tolerated)? */
function objectAt(bytes: Uint8Array, offset: number, num: number): boolean {
  if (offset < 0 || offset >= bytes.length) return false;
  const lx = new Lexer(bytes, offset, 2, Math.min(bytes.length, offset + 64));
  lx.skipWhite();
  if (!isDigit(bytes[lx.pos])) return false;
  const n = lx.tryInteger();
  const g = n === undefined ? undefined : lx.tryInteger();
  if (n !== num || g === undefined) return false;
  lx.skipWhite();
  return lx.readRegular() === 'obj';
}

export type XrefTableCheck = {
  /** In-use entries checked. */
  checked: number;
  /** Entries whose offset does not hold their object (first few, for the report). */
  wrong: { num: number; offset: number }[];
  /** Total number of wrong entries. */
  wrongCount: number;
};

/**
 * Follow the classic tables from `startxref` (and their /Prev chain) and check every in-use
 * entry, at most `maxEntries` of them. Stops quietly at a cross-reference stream or at anything
 * it cannot read (the guard and the parser report those).
 */
export function checkXrefTables(
  bytes: Uint8Array,
  startxref: number,
  headerOffset: number,
  maxEntries: number,
): XrefTableCheck {
  const result: XrefTableCheck = { checked: 0, wrong: [], wrongCount: 0 };
  const seen = new Set<number>();
  const found = new Set<number>();
  let next: number | undefined = startxref;
  for (let section = 0; next !== undefined && section < MAX_SECTIONS; section++) {
    const at: number = next + headerOffset;
    next = undefined;
    if (seen.has(at) || at < 0 || at >= bytes.length) break;
    seen.add(at);
    const lx = new Lexer(bytes, at, 4);
    lx.skipWhite();
    if (lx.readRegular() !== 'xref') break;
    for (;;) {
      lx.skipWhite();
      if (!isDigit(bytes[lx.pos])) break;
      const first = lx.tryInteger();
      const count = first === undefined ? undefined : lx.tryInteger();
      if (first === undefined || count === undefined || count < 0) return result;
      for (let k = 0; k < count; k++) {
        const offset = lx.tryInteger();
        const gen = offset === undefined ? undefined : lx.tryInteger();
        lx.skipWhite();
        const type = lx.readRegular();
        if (offset === undefined || gen === undefined) return result;
        const num = first + k;
        // a later section (read first) wins over older ones for the same object
        if (type !== 'n' || found.has(num)) continue;
        found.add(num);
        if (result.checked++ >= maxEntries) return result;
        // offsets count from the header (spec) or from the file start (common with junk before it)
        const ok =
          objectAt(bytes, offset + headerOffset, num) ||
          (headerOffset > 0 && objectAt(bytes, offset, num));
        if (!ok) {
          result.wrongCount++;
          if (result.wrong.length < 5) result.wrong.push({ num, offset });
        }
      }
    }
    lx.skipWhite();
    if (lx.readRegular() !== 'trailer') break;
    try {
      const trailer = lx.parseWithRef(0);
      const prev = isDict(trailer) ? trailer.map.get('Prev') : undefined;
      if (typeof prev === 'number' && Number.isInteger(prev)) next = prev;
    } catch {
      break;
    }
  }
  return result;
}
