/** The unit saga: reserve with the ledger movement, spend with the work, release on failure. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unitReservations } from '../src/db/schema.ts';
import { balanceOf, type TAccountRef } from '../src/modules/quota/ledger.ts';
import { releaseUnit, reserveUnit, spendUnit, withUnit } from '../src/modules/quota/units.ts';
import { makePdf, newDepartmentUser, uploadedId } from './documents-helpers.ts';
import { RELAXED_LIMITS, type TTestContext, testContextPerFile } from './helpers.ts';

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
});
