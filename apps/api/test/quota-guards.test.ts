/**
 * The guards around quota moves: an idempotency key replays only the same request, and a
 * department cannot be deleted while it holds quota of any kind, even when a transfer races the
 * delete (run on PGlite and on PostgreSQL).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, departements, quotaAccounts, users } from '../src/db/schema.ts';
import { balanceOf, move, type TAccountRef, type TQuotaKind } from '../src/modules/quota/ledger.ts';
import { bearer, createVerifiedUser, login } from './auth-helpers.ts';
import { purchase, type TSession } from './documents-helpers.ts';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const REUSED = 'This idempotency key was already used for a different request';

/** A company holding `units` e-Meterai, with an admin and `departments` empty departments. */
const newCompany = async (units: number, departments = 1) => {
  const [company] = await ctx.database.db
    .insert(companies)
    .values({ name: `PT Jaga ${unique()}` })
    .returning();
  const companyId = company?.id ?? 0;
  const ref: TAccountRef = { ownerType: 'company', ownerId: companyId, companyId };
  await issue(ref, 'emeterai', units);
  const deptIds: number[] = [];
  for (let i = 0; i < departments; i += 1) deptIds.push(await newDepartement(companyId));
  const email = await createVerifiedUser(ctx);
  await ctx.database.db
    .update(users)
    .set({ role: 'admin', userType: 'company', companyId })
    .where(eq(users.email, email));
  return { companyId, ref, deptIds, admin: (await login(ctx, email)) as TSession };
};

const newDepartement = async (companyId: number) => {
  const [dept] = await ctx.database.db
    .insert(departements)
    .values({ companyId, name: `Dept ${unique()}` })
    .returning();
  return dept?.id ?? 0;
};

const deptRef = (companyId: number, id: number): TAccountRef => ({
  ownerType: 'departement',
  ownerId: id,
  companyId,
});

const issue = (to: TAccountRef, kind: TQuotaKind, quantity: number) =>
  purchase(ctx, to, kind, quantity);

const transfer = (
  admin: TSession,
  departementId: number,
  quota: number,
  headers: Record<string, string> = {},
  action: 'transfer-quota-company' | 'return-quota-department' = 'transfer-quota-company',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/quota/${action}`,
    headers: { ...bearer(admin), ...headers },
    payload: { departement_id: departementId, quota, type: 'emeterai' },
  });

const removeDepartement = (admin: TSession, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/v1/departement/${id}`, headers: bearer(admin) });

describe('idempotent replay', () => {
  it('refuses the same key for another department with 409 and moves nothing', async () => {
    const { admin, deptIds, ref, companyId } = await newCompany(20, 2);
    const [first = 0, second = 0] = deptIds;
    const key = { 'idempotency-key': `same-${unique()}` };
    const applied = await transfer(admin, first, 3, key);
    expect(applied.statusCode, applied.body).toBe(200);
    const replayed = await transfer(admin, first, 3, key);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().data.movement_id).toBe(applied.json().data.movement_id);

    const elsewhere = await transfer(admin, second, 3, key);
    expect(elsewhere.statusCode, elsewhere.body).toBe(409);
    expect(elsewhere.json()).toMatchObject({
      message: REUSED,
      errors: { status: 'CONFLICT', idempotency_key: 'reused' },
    });
    // Another quantity with the same key is refused too.
    expect((await transfer(admin, first, 4, key)).statusCode).toBe(409);
    expect(await balanceOf(ctx.database.db, deptRef(companyId, first), 'emeterai')).toBe(3);
    expect(await balanceOf(ctx.database.db, deptRef(companyId, second), 'emeterai')).toBe(0);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(17);
  });

  it('compares the accounts and the reason in the ledger, not only kind and quantity', async () => {
    const { ref, deptIds, companyId } = await newCompany(10, 2);
    const [first = 0, second = 0] = deptIds;
    const input = {
      kind: 'emeterai' as const,
      quantity: 2,
      from: ref,
      to: deptRef(companyId, first),
      reason: 'transfer' as const,
      companyId,
      idempotencyKey: `ledger-${unique()}`,
    };
    const { movement } = await move(ctx.database.db, input);
    expect((await move(ctx.database.db, input)).movement.id).toBe(movement.id);
    await expect(
      move(ctx.database.db, { ...input, to: deptRef(companyId, second) }),
    ).rejects.toMatchObject({ statusCode: 409, message: REUSED });
    await expect(
      move(ctx.database.db, { ...input, from: deptRef(companyId, second) }),
    ).rejects.toMatchObject({ statusCode: 409, message: REUSED });
    await expect(move(ctx.database.db, { ...input, reason: 'adjust' })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await balanceOf(ctx.database.db, deptRef(companyId, first), 'emeterai')).toBe(2);
    expect(await balanceOf(ctx.database.db, deptRef(companyId, second), 'emeterai')).toBe(0);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(8);
  });
});

describe('department delete', () => {
  it('is refused while the department holds PSrE units only', async () => {
    const { admin, companyId, deptIds } = await newCompany(1);
    const id = deptIds[0] ?? 0;
    await issue(deptRef(companyId, id), 'psre', 2);
    const res = await removeDepartement(admin, id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'Departemen masih memiliki kuota, kembalikan kuota ke perusahaan terlebih dahulu',
    );
    const [still] = await ctx.database.db
      .select()
      .from(departements)
      .where(eq(departements.id, id));
    expect(still).toBeDefined();
  });

  it('never leaves quota on a deleted department when a transfer races the delete', async () => {
    const rounds = 32;
    const { admin, companyId, ref } = await newCompany(rounds);
    const outcomes = new Set<string>();
    for (let round = 0; round < rounds; round += 1) {
      const id = await newDepartement(companyId);
      // Start the two calls a little apart, in both orders, so that every interleaving of the
      // delete's checks with the transfer's transaction comes up.
      const lag = (round >> 1) % 8;
      const later = <T>(call: () => Promise<T>) => sleep(lag).then(call);
      const [sent, removed] =
        round % 2 === 0
          ? await Promise.all([transfer(admin, id, 1), later(() => removeDepartement(admin, id))])
          : await Promise.all([later(() => transfer(admin, id, 1)), removeDepartement(admin, id)]);
      const outcome = `${sent.statusCode}/${removed.statusCode}`;
      outcomes.add(outcome);
      const [exists] = await ctx.database.db
        .select()
        .from(departements)
        .where(eq(departements.id, id));
      const held = await balanceOf(ctx.database.db, deptRef(companyId, id), 'emeterai');
      if (outcome === '200/409') {
        // The transfer landed first: the delete saw the quota.
        expect(removed.json().message).toMatch(/masih memiliki kuota/);
        expect(exists).toBeDefined();
        expect(held).toBe(1);
      } else {
        // The delete won: the transfer found no department and moved nothing.
        expect(outcome, `${sent.body} ${removed.body}`).toBe('404/200');
        expect(sent.json().message).toBe('Department not found');
        expect(exists).toBeUndefined();
        expect(held).toBe(0);
      }
    }
    // Every unit is either with the company or with a department that still exists.
    const deptAccounts = await ctx.database.db
      .select({ balance: quotaAccounts.balance, ownerId: quotaAccounts.ownerId })
      .from(quotaAccounts)
      .where(
        and(eq(quotaAccounts.ownerType, 'departement'), eq(quotaAccounts.companyId, companyId)),
      );
    const live = new Set(
      (
        await ctx.database.db
          .select({ id: departements.id })
          .from(departements)
          .where(eq(departements.companyId, companyId))
      ).map((d) => d.id),
    );
    for (const account of deptAccounts) {
      if (!live.has(account.ownerId)) expect(account.balance).toBe(0);
    }
    const inDepartments = deptAccounts.reduce((sum, a) => sum + a.balance, 0);
    expect((await balanceOf(ctx.database.db, ref, 'emeterai')) + inDepartments).toBe(rounds);
    // Both orders came up. (With its checks outside the transaction, the delete answered 200
    // next to a 200 transfer on PostgreSQL; PGlite's one connection serialises the two requests.)
    expect([...outcomes].sort()).toEqual(['200/409', '404/200']);
  });
});
