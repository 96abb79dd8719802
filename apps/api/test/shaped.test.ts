/**
 * Shaped statements (db/shaped.ts): one statement per shape serves every caller with their own
 * values, and a query that would write a caller's value into the shared statement is refused.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema.ts';
import { P, runShaped } from '../src/db/shaped.ts';
import { type TTestContext, testContextPerFile } from './helpers.ts';

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
