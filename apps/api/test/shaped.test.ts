/**
 * Shaped statements (db/shaped.ts): one statement per shape serves every caller with their own
 * values, and a query that would write a caller's value into the shared statement is refused.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { companies } from '../src/db/schema.ts';
import { keptShapeCount, P, runShaped } from '../src/db/shaped.ts';
import { type TTestContext, testContextPerFile, testDbDriver } from './helpers.ts';

let ctx: TTestContext;
testContextPerFile({}, (built) => {
  ctx = built;
});

describe('shaped statements', () => {
  it('answer each caller with their own values, built once per shape', async () => {
    const { db } = ctx.database;
    const all = await db
      .insert(companies)
      .values([{ name: 'PT Satu' }, { name: 'PT Dua' }, { name: 'PT Tiga' }])
      .returning({ id: companies.id, name: companies.name });
    let builds = 0;
    const nameOf = async (id: number) => {
      const [row] = await runShaped(
        db,
        'test:name-of',
        () => {
          builds += 1;
          return db
            .select({ name: companies.name })
            .from(companies)
            .where(eq(companies.id, P.company));
        },
        { company: id },
      );
      return row?.name;
    };
    for (const company of [...all, ...all]) expect(await nameOf(company.id)).toBe(company.name);
    expect(builds).toBe(1);
  });

  it('keep at most 500 shapes, and answer past them as well', async () => {
    const { db } = ctx.database;
    const [company] = await db.insert(companies).values({ name: 'PT Banyak' }).returning();
    for (let i = 0; i < 520; i += 1) {
      const [row] = await runShaped(
        db,
        `test:many:${i}`,
        () =>
          db
            .select({ name: companies.name, i: sql<number>`${sql.raw(String(i))}::int` })
            .from(companies)
            .where(eq(companies.id, P.company)),
        { company: company?.id },
      );
      expect(row).toEqual({ name: 'PT Banyak', i });
    }
    expect(keptShapeCount(db)).toBe(500);
  });

  it('refuse a query that binds a value instead of a placeholder', async () => {
    const { db } = ctx.database;
    await expect(
      runShaped(
        db,
        'test:bound',
        () => db.select({ name: companies.name }).from(companies).where(eq(companies.id, 1)),
        {},
      ),
    ).rejects.toThrow('binds a value');
  });
});

describe.runIf(testDbDriver() === 'postgres')('named statements on the PostgreSQL server', () => {
  /** The statements a one-connection pool keeps prepared after reading a company twice. */
  const preparedAfterReads = async (namedStatements: boolean) => {
    const database = await openDatabase({
      driver: 'postgres',
      url: process.env.DATABASE_URL ?? '',
      poolSize: 1,
      namedStatements,
    });
    try {
      const read = () =>
        database.db.select({ name: companies.name }).from(companies).where(eq(companies.id, 1));
      await read();
      await read();
      // Its text holds "like", so this query itself stays unnamed.
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`pg_prepared_statements`)
        .where(sql`statement like '%from "companies"%'`);
      return row?.n;
    } finally {
      await database.close();
    }
  };

  it('are parsed once per connection and kept, unless turned off', async () => {
    expect(await preparedAfterReads(true)).toBe(1);
    expect(await preparedAfterReads(false)).toBe(0);
  });
});
