import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../src/db/client.ts';
import { isAssertFailure, isDatabaseAnswer, isUniqueViolation } from '../src/lib/db-errors.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * What a failed statement was, as the upload's clean-up decides it (batch-files.ts `recordFile`,
 * documents.service.ts `upload`): only an answer of the database itself means nothing was
 * written, so only then are the stored files removed. Real errors of the run's driver.
 */
describe('database errors', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const failureOf = async (statement: ReturnType<typeof sql>) => {
    try {
      await database.db.execute(statement);
    } catch (error) {
      return error;
    }
    throw new Error('the statement did not fail');
  };

  it('are answers of the database when a statement fails there, whatever the reason', async () => {
    const divided = await failureOf(sql`select 1 / 0`);
    expect(isDatabaseAnswer(divided)).toBe(true);
    expect(isAssertFailure(divided)).toBe(false);
    const asserted = await failureOf(sql`select bubuh_assert(false, 'refused')`);
    expect(isDatabaseAnswer(asserted)).toBe(true);
    expect(isAssertFailure(asserted)).toBe(true);
    const missing = await failureOf(sql`select * from no_such_table`);
    expect(isDatabaseAnswer(missing)).toBe(true);
    expect(isUniqueViolation(missing)).toBe(false);
  });

  it('are not answers when the connection failed (the statement may have committed)', () => {
    expect(isDatabaseAnswer(new Error('Connection terminated unexpectedly'))).toBe(false);
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(isDatabaseAnswer(reset)).toBe(false);
    expect(isDatabaseAnswer(new Error('Failed query: insert …', { cause: reset }))).toBe(false);
    expect(isDatabaseAnswer(undefined)).toBe(false);
  });
});
