/**
 * drizzle-orm's `is(value, type)` for a process that loads one copy of drizzle: `instanceof`
 * without the walk over `entityKind` names that lets classes of two copies match. Bundled in
 * place of the original by `build.mjs`; `test/drizzle-is.test.ts` compares the two.
 * @param {unknown} value
 * @param {Function} type
 * @returns {boolean}
 */
export function fastIs(value, type) {
  return !!value && typeof value === 'object' && value instanceof type;
}
