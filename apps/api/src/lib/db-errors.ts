/** PostgreSQL unique_violation (23505), from either driver (node-postgres, PGlite or wrapped). */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/** The failure `bubuh_assert` raises (raise_exception, P0001): parts of one statement disagreed. */
export const isAssertFailure = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === 'P0001';
};

/**
 * An error the database answered with (its message, severity and SQLSTATE; from either driver,
 * or wrapped by drizzle): the statement failed whole and wrote nothing. Not a lost connection,
 * whose statement may have committed before the answer was lost.
 */
export const isDatabaseAnswer = (error: unknown): boolean => {
  type TAnswer = { code?: unknown; severity?: unknown };
  const e = error as (TAnswer & { cause?: TAnswer }) | null | undefined;
  const answer = e?.severity === undefined ? e?.cause : e;
  return typeof answer?.severity === 'string' && typeof answer.code === 'string';
};
