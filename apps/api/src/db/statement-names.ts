/**
 * Which of the app's statements are named (parsed once, their plan kept), on both drivers
 * (`nameStatements` in client.ts for PostgreSQL, pglite-statements.ts for PGlite).
 */

/** A pattern's best plan depends on the pattern: statements with LIKE stay unnamed. */
const LIKE = /\bi?like\b/i;

/** Whether `text` may be kept as a named statement (planned once, not per call). */
export const mayBeNamed = (text: string): boolean => !LIKE.test(text);

/** A bound on the names (and so on the statements each connection or session keeps prepared). */
export const NAMED_STATEMENTS_MAX = 2_000;
