/**
 * What the input guard (`guard.ts`) learns about a file's structure. On its own so that the
 * guard's helpers in `internal/` can fill it in without importing the guard back.
 */

/** Why the cross-reference structure is unusable. */
export type XrefProblem = { code: 'TRUNCATED' | 'BROKEN'; detail: string };

export type StructureReport = {
  /** Version from the `%PDF-x.y` header. */
  headerVersion: string;
  /** Indirect objects seen (top level + inside object streams). */
  objectCount: number;
  /** A trailer or cross-reference stream has /Encrypt. */
  encrypted: boolean;
  /** The first object is a linearization dictionary. */
  linearized: boolean;
  /** Byte offset of the header (normally 0). */
  headerOffset: number;
  /** The last `startxref` value (undefined when missing or unreadable). */
  startxref?: number;
  /**
   * With `lenientXref`: why the cross-reference structure is unusable (the error that is thrown
   * otherwise). `TRUNCATED`: no `%%EOF` / `startxref` at the end; `BROKEN`: `startxref` does not
   * point at a cross-reference section.
   */
  xrefProblem?: XrefProblem;
};
