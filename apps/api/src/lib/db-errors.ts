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
