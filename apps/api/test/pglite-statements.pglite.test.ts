/**
 * PGlite's statements (db/pglite-statements.ts): the app's statements are parsed once and kept
 * by name, answer exactly as PGlite's own `query()` does, and fail as it does, leaving the one
 * session usable.
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { queryPlannedPerCall } from '../src/db/pglite-statements.ts';
import { companies } from '../src/db/schema.ts';
import { isUniqueViolation } from '../src/lib/db-errors.ts';

let database: TDatabase;
/** The same session without named statements: PGlite's own query(). */
let plain: ReturnType<typeof drizzle>;
let client: Extract<TDatabase['connection'], { driver: 'pglite' }>['client'];

beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite' });
  await database.migrate();
  if (database.connection.driver !== 'pglite') throw new Error('PGlite expected');
  client = database.connection.client;
  plain = drizzle(client);
});
afterAll(async () => {
  await database.close();
});

/** How many statements the session keeps prepared whose text holds `fragment`. */
const preparedWith = async (fragment: string) => {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_prepared_statements where statement like $1`,
    [`%${fragment}%`],
  );
  return rows[0]?.n;
};

/** The rows of a raw statement's result (Drizzle types them per driver). */
const rowsOf = async (result: Promise<unknown>): Promise<unknown[]> => {
  const answer = await result;
  if (typeof answer === 'object' && answer && 'rows' in answer && Array.isArray(answer.rows))
    return answer.rows;
  throw new Error('no rows in the result');
};

/** A statement with one value of each kind the app reads: what each driver path answers. */
const typed = (at: Date) => sql`select ${7}::int as n, ${at}::timestamptz as at,
  ${'12.50'}::numeric as amount, ${sql.param([1, 2, 3])}::int[] as ids, ${JSON.stringify({ a: [1] })}::jsonb as doc,
  ${true}::boolean as yes, ${'Surat Perjanjian'}::text as name, null::text as nothing,
  ${'2026-11-28'}::date as day, 'typed-probe' as probe`;

describe('statements on PGlite', () => {
  it('answer as PGlite’s own query does, each parsed once and kept by name', async () => {
    const at = new Date('2026-11-28T10:11:12.345Z');
    const first = await rowsOf(database.db.execute(typed(at)));
    const again = await rowsOf(database.db.execute(typed(at)));
    const own = await rowsOf(plain.execute(typed(at)));
    expect(first).toEqual(own);
    expect(again).toEqual(own);
    expect(first[0]).toMatchObject({ n: 7, ids: [1, 2, 3], doc: { a: [1] }, nothing: null });
    expect(await preparedWith('typed-probe')).toBe(1);

    const [company] = await database.db
      .insert(companies)
      .values({ name: 'PT Nama Sekali' })
      .returning();
    if (!company) throw new Error('no company');
    const read = () =>
      database.db.select().from(companies).where(eq(companies.id, company.id)).limit(1);
    expect(await read()).toEqual([company]);
    expect(await read()).toEqual(
      await plain.select().from(companies).where(eq(companies.id, company.id)),
    );
  });

  it('plan a search for its pattern on every call: never kept', async () => {
    const search = (text: string) =>
      database.db
        .select({ name: companies.name })
        .from(companies)
        .where(sql`${companies.name} ilike ${text} and 'like-probe' = 'like-probe'`);
    await database.db.insert(companies).values({ name: 'PT Cari Aku' });
    expect(await search('%cari%')).toEqual([{ name: 'PT Cari Aku' }]);
    expect(await search('%tidak ada%')).toEqual([]);
    expect(await preparedWith('like-probe')).toBe(0);
  });

  it('fail as PGlite does: the transaction is rolled back and the session goes on', async () => {
    const [taken] = await database.db.insert(companies).values({ name: 'PT Ada' }).returning();
    if (!taken) throw new Error('no company');
    const attempt = database.db.transaction(async (tx) => {
      await tx.insert(companies).values({ name: 'PT Setengah Jadi' });
      await tx.insert(companies).values({ id: taken.id, name: 'PT Kembar' });
    });
    const error = await attempt.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    const half = await database.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'PT Setengah Jadi'));
    expect(half).toEqual([]);

    // Outside a transaction: a failing statement, then the same statement succeeding.
    const divide = (by: number) => rowsOf(database.db.execute(sql`select 10 / ${by}::int as q`));
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await divide(5)).toEqual([{ q: 2 }]);
    // A statement PostgreSQL cannot parse is refused, and the next one gets its own name.
    const broken = rowsOf(database.db.execute(sql`select ${1}::int from where`));
    await expect(broken).rejects.toMatchObject({ cause: { code: '42601' } });
    expect(await divide(2)).toEqual([{ q: 5 }]);
    expect(await rowsOf(database.db.execute(sql`select ${3}::int as three`))).toEqual([
      { three: 3 },
    ]);
  });

  it('keep a statement first named inside a transaction that was rolled back', async () => {
    const read = (db: Pick<typeof database.db, 'execute'>) =>
      rowsOf(db.execute(sql`select ${5}::int * 2 as ten, 'rollback-probe' as probe`));
    const attempt = database.db.transaction(async (tx) => {
      expect(await read(tx)).toEqual([{ ten: 10, probe: 'rollback-probe' }]);
      await tx.execute(sql`select 1 / 0`);
    });
    await expect(attempt).rejects.toMatchObject({ cause: { code: '22012' } });
    // Bound again by its name after the rollback: PostgreSQL does not roll prepared statements back.
    expect(await read(database.db)).toEqual([{ ten: 10, probe: 'rollback-probe' }]);
    expect(await preparedWith('rollback-probe')).toBe(1);
  });

  it('run pg-boss’s statements in one message, planned per call and never kept', async () => {
    const query = queryPlannedPerCall(client);
    const read = () => query<{ n: number }>(`select $1::int + 1 as n, 'boss-probe' as probe`, [41]);
    expect((await read()).rows).toEqual([{ n: 42, probe: 'boss-probe' }]);
    expect((await read()).rows).toEqual([{ n: 42, probe: 'boss-probe' }]);
    expect(await preparedWith('boss-probe')).toBe(0);
  });
});
