import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../src/db/client.ts';
import { companies, quotaEntries, quotaMovements } from '../src/db/schema.ts';
import {
  balanceOf,
  move,
  SYSTEM_CONSUMED,
  SYSTEM_ISSUED,
  type TAccountRef,
  type TQuotaKind,
} from '../src/modules/quota/ledger.ts';
import { openTestDatabase, unique } from './helpers.ts';

let database: TDatabase;
const newCompany = async (): Promise<TAccountRef> => {
  const [row] = await database.db
    .insert(companies)
    .values({ name: `PT Ledger ${unique()}` })
    .returning({ id: companies.id });
  if (!row) throw new Error('no company');
  return { ownerType: 'company', ownerId: row.id, companyId: row.id };
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** `quantity` units of `kind` bought into `company`'s wallet (a purchase from outside). */
const buy = (company: TAccountRef, kind: TQuotaKind, quantity: number) =>
  move(database.db, { kind, quantity, from: SYSTEM_ISSUED, to: company, reason: 'purchase' });

describe('quota ledger', () => {
  it('writes a movement with two entries that sum to zero', async () => {
    const company = await newCompany();
    const { movement } = await buy(company, 'emeterai', 7);
    const entries = await database.db
      .select()
      .from(quotaEntries)
      .where(eq(quotaEntries.movementId, movement.id));
    expect(entries.map((e) => e.delta).sort((a, b) => a - b)).toEqual([-7, 7]);
    expect(await balanceOf(database.db, company, 'emeterai')).toBe(7);
    expect(await balanceOf(database.db, company, 'esign')).toBe(0);
  });

  it('never takes a balance below zero and changes nothing on refusal', async () => {
    const company = await newCompany();
    await buy(company, 'esign', 3);
    await expect(
      move(database.db, {
        kind: 'esign',
        quantity: 4,
        from: company,
        to: SYSTEM_CONSUMED,
        reason: 'spend',
      }),
    ).rejects.toMatchObject({ statusCode: 422, message: 'Kuota tidak mencukupi' });
    expect(await balanceOf(database.db, company, 'esign')).toBe(3);
  });

  it('spends normally after the first spend of a kind on a new database was refused', async () => {
    // The consumed account of `psre` is first needed by this refused spend (its transaction rolls
    // back); the next spend must still find it.
    const fresh = await openTestDatabase();
    try {
      const [row] = await fresh.db
        .insert(companies)
        .values({ name: `PT Ledger ${unique()}` })
        .returning({ id: companies.id });
      const company: TAccountRef = { ownerType: 'company', ownerId: row?.id ?? 0, companyId: null };
      const spend = () =>
        move(fresh.db, {
          kind: 'psre',
          quantity: 1,
          from: company,
          to: SYSTEM_CONSUMED,
          reason: 'spend',
        });
      await expect(spend()).rejects.toMatchObject({ statusCode: 422 });
      await move(fresh.db, {
        kind: 'psre',
        quantity: 2,
        from: SYSTEM_ISSUED,
        to: company,
        reason: 'purchase',
      });
      await spend();
      expect(await balanceOf(fresh.db, company, 'psre')).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('applies exactly 10 of 50 parallel spends against a balance of 10', async () => {
    const company = await newCompany();
    await buy(company, 'emeterai', 10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        move(database.db, {
          kind: 'emeterai',
          quantity: 1,
          from: company,
          to: SYSTEM_CONSUMED,
          reason: 'spend',
          ref: { type: 'test', id: String(i) },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(40);
    expect(await balanceOf(database.db, company, 'emeterai')).toBe(0);
    const [spent] = await database.db
      .select({ total: sql<number>`coalesce(sum(${quotaMovements.quantity}), 0)::int` })
      .from(quotaMovements)
      .where(
        sql`${quotaMovements.reason} = 'spend' and ${quotaMovements.companyId} is null and ${quotaMovements.fromAccountId} in (select id from quota_accounts where owner_type = 'company' and owner_id = ${company.ownerId})`,
      );
    expect(spent?.total).toBe(10);
  });

  it('applies a retried request once, even when the retries race', async () => {
    const company = await newCompany();
    const key = `purchase-${unique()}`;
    const input = {
      kind: 'emeterai' as const,
      quantity: 5,
      from: SYSTEM_ISSUED,
      to: company,
      reason: 'purchase' as const,
      idempotencyKey: key,
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => move(database.db, input)));
    expect(new Set(results.map((r) => r.movement.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(database.db, company, 'emeterai')).toBe(5);
    await expect(move(database.db, { ...input, quantity: 6 })).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});
