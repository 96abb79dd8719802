/** The unit saga: reserve with the ledger movement, spend with the work, release on failure. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quotaEntries, quotaMovements, unitReservations } from '../src/db/schema.ts';
import { balanceOf, type TAccountRef } from '../src/modules/quota/ledger.ts';
import { releaseUnit, reserveUnit, spendUnit, withUnit } from '../src/modules/quota/units.ts';
import { makePdf, newDepartmentUser, uploadedId } from './documents-helpers.ts';
import { RELAXED_LIMITS, type TTestContext, testContextPerFile, unique } from './helpers.ts';

let ctx: TTestContext;
testContextPerFile(
  {
    env: { ...RELAXED_LIMITS },
  },
  (built) => {
    ctx = built;
  },
);

const setup = async (units: number) => {
  const { session, ref } = await newDepartmentUser(ctx, units);
  const documentId = await uploadedId(ctx, session, await makePdf(1));
  return { ref, request: { kind: 'emeterai' as const, payer: ref, actorUserId: null, documentId } };
};
const stateOf = async (id: number) =>
  (await ctx.database.db.select().from(unitReservations).where(eq(unitReservations.id, id)))[0]
    ?.state;

/**
 * The unit `id` ended in `state` with `balance` units left in `ref`'s wallet, and releasing it
 * again (with the reason `releasedAgainAs`) neither succeeds nor moves a unit.
 */
const expectSettled = async (
  id: number,
  ref: TAccountRef,
  end: { state: 'spent' | 'released'; balance: number; releasedAgainAs: string },
) => {
  expect(await stateOf(id)).toBe(end.state);
  expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(end.balance);
  expect(await releaseUnit(ctx.database.db, id, end.releasedAgainAs)).toBe(false);
  expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(end.balance);
};

describe('withUnit', () => {
  it('spends the unit with the work', async () => {
    const { ref, request } = await setup(1);
    let id = 0;
    await withUnit(ctx.database.db, request, async (unit) => {
      id = unit.id;
      expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
      await ctx.database.db.transaction((tx) => unit.spend(tx));
    });
    // A spent unit is never released.
    await expectSettled(id, ref, { state: 'spent', balance: 0, releasedAgainAs: 'late' });
  });

  it("tells the work the payer's balance after its unit, as the ledger has it", async () => {
    const { ref, request } = await setup(3);
    const seen: (number | undefined)[] = [];
    for (const _ of [1, 2])
      await withUnit(ctx.database.db, request, async (unit) => {
        seen.push(unit.balanceAfter);
        await ctx.database.db.transaction((tx) => unit.spend(tx));
      });
    expect(seen).toEqual([2, 1]);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
  });

  it('releases the unit when the work fails, once', async () => {
    const { ref, request } = await setup(1);
    let id = 0;
    await expect(
      withUnit(ctx.database.db, request, async (unit) => {
        id = unit.id;
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    await expectSettled(id, ref, { state: 'released', balance: 1, releasedAgainAs: 'again' });
  });

  it('refuses to spend a unit recovery already released, rolling the work back', async () => {
    const { ref, request } = await setup(1);
    const id = await reserveUnit(ctx.database.db, request);
    expect(await releaseUnit(ctx.database.db, id, 'recovered')).toBe(true);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
    await expect(ctx.database.db.transaction((tx) => spendUnit(tx, id))).rejects.toThrow(
      'Dokumen sedang diproses',
    );
    expect(await stateOf(id)).toBe('released');
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
  });

  it('reserves nothing when the balance is short', async () => {
    const { request } = await setup(0);
    await expect(withUnit(ctx.database.db, request, async () => 1)).rejects.toThrow(
      'Kuota tidak mencukupi',
    );
    const rows = await ctx.database.db
      .select()
      .from(unitReservations)
      .where(eq(unitReservations.documentId, request.documentId));
    expect(rows).toEqual([]);
  });

  it('writes the spend as the ledger does: movement, its two entries, then the reservation', async () => {
    const { ref, request } = await setup(3);
    const db = ctx.database.db;
    const key = `job:${unique()}:0`;
    const id = await reserveUnit(db, { ...request, key });
    const [reservation] = await db
      .select()
      .from(unitReservations)
      .where(eq(unitReservations.id, id));
    const [movement] = await db
      .select()
      .from(quotaMovements)
      .where(eq(quotaMovements.idempotencyKey, `unit:${key}`));
    expect(movement).toMatchObject({
      kind: 'emeterai',
      quantity: 1,
      reason: 'spend',
      refType: 'document',
      refId: String(request.documentId),
      companyId: ref.companyId,
    });
    expect(reservation).toMatchObject({
      state: 'reserved',
      payerAccountId: movement?.fromAccountId,
      reserveMovementId: movement?.id,
      documentId: request.documentId,
    });
    const entries = await db
      .select()
      .from(quotaEntries)
      .where(eq(quotaEntries.movementId, movement?.id ?? 0));
    expect(entries.map((e) => [e.accountId, e.delta, e.balanceAfter]).sort()).toEqual(
      [
        [movement?.fromAccountId, -1, 2],
        [movement?.toAccountId, 1, null],
      ].sort(),
    );
    expect(await balanceOf(db, ref, 'emeterai')).toBe(2);
  });

  it('answers a key used before with its reservation, moving no second unit', async () => {
    const { ref, request } = await setup(2);
    const key = `job:${unique()}:0`;
    const first = await reserveUnit(ctx.database.db, { ...request, key });
    const again = await reserveUnit(ctx.database.db, { ...request, key });
    expect(again).toBe(first);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
  });

  it('reserves exactly the balance when many reserve at once', async () => {
    const { ref, request } = await setup(10);
    const tries = await Promise.allSettled(
      Array.from({ length: 30 }, () => reserveUnit(ctx.database.db, request)),
    );
    const reserved = tries.filter((t) => t.status === 'fulfilled');
    expect(reserved).toHaveLength(10);
    expect(tries.filter((t) => t.status === 'rejected').map((t) => String(t.reason))).toEqual(
      Array(20).fill('AppError: Kuota tidak mencukupi'),
    );
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
    const rows = await ctx.database.db
      .select()
      .from(unitReservations)
      .where(eq(unitReservations.documentId, request.documentId));
    expect(rows).toHaveLength(10);
  });

  it('writes units reserved at the same moment as the ledger would one by one', async () => {
    const { ref, request } = await setup(9);
    const db = ctx.database.db;
    const used = `job:${unique()}:used`;
    const earlier = await reserveUnit(db, { ...request, key: used });
    // Six at once, then two at once, one of them with the key used before: its reservation is
    // the earlier one.
    const fresh = Array.from({ length: 7 }, (_, i) => `job:${unique()}:${i}`);
    const reserve = (list: string[]) =>
      Promise.all(list.map((key) => reserveUnit(db, { ...request, key })));
    const ids = [...(await reserve(fresh.slice(0, 6))), ...(await reserve([fresh[6] ?? '', used]))];
    const keys = [...fresh, used];
    expect(ids.at(-1)).toBe(earlier);
    expect(new Set(ids).size).toBe(8);
    expect(await balanceOf(db, ref, 'emeterai')).toBe(1);
    const rows = await db
      .select()
      .from(unitReservations)
      .where(eq(unitReservations.documentId, request.documentId));
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    // Each unit its own movement and entries; the payer's balance after each, in the ledger's
    // order, steps down one at a time as if they had been reserved one after another.
    const movements = await db
      .select()
      .from(quotaMovements)
      .where(eq(quotaMovements.refId, String(request.documentId)));
    expect(movements.map((m) => m.idempotencyKey).sort()).toEqual(
      keys.map((key) => `unit:${key}`).sort(),
    );
    const after = [];
    for (const m of [...movements].sort((a, b) => a.id - b.id)) {
      const entries = await db.select().from(quotaEntries).where(eq(quotaEntries.movementId, m.id));
      expect(entries.map((e) => e.delta).sort()).toEqual([-1, 1]);
      after.push(entries.find((e) => e.delta === -1)?.balanceAfter);
    }
    expect(after).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });
});
