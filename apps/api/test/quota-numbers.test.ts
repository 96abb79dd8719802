/**
 * Every number of the quota reads against the ledger, exactly: a fresh company moves, spends and
 * refunds through the real routes (transfer/return, the stamping flow with a provider that can be
 * made to fail) and the ledger API (e-sign and PSrE spends, a back-dated spend), then the company
 * admin, the department user and a child user read their quota, stock and monthly chart.
 */
import { ZQuotaChart, ZQuotaResponse } from '@bubuh/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quotaMovements, users } from '../src/db/schema.ts';
import {
  move,
  SYSTEM_CONSUMED,
  type TAccountRef,
  type TQuotaKind,
} from '../src/modules/quota/ledger.ts';
import { bearer, createVerifiedUser, login } from './auth-helpers.ts';
import {
  insertCompany,
  insertDepartement,
  makePdf,
  purchase,
  stampDocument,
  type TSession,
  uploadedId,
} from './documents-helpers.ts';
import {
  issuingFailsWhen,
  TEST_ENV,
  type TTestContext,
  testContextPerFile,
  unique,
} from './helpers.ts';

let ctx: TTestContext;
let failIssuing = false;
testContextPerFile(
  {
    env: TEST_ENV,
    meterai: issuingFailsWhen(() => failIssuing),
  },
  (built) => {
    ctx = built;
  },
);

const get = (session: TSession, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(session) });
const post = (session: TSession, url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(session), payload });

/** A verified account turned into `values` (role, company, department, parent), logged in. */
const account = async (values: Partial<typeof users.$inferInsert>) => {
  const email = await createVerifiedUser(ctx);
  await ctx.database.db.update(users).set(values).where(eq(users.email, email));
  return (await login(ctx, email)) as TSession;
};

/** The last 12 months (UTC), oldest first, as the API labels them. */
const lastMonths = () => {
  const now = new Date();
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (11 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
};
/** 12 zeros with the given months-ago values (0 = this month). */
const series = (values: Record<number, number>) =>
  Array.from({ length: 12 }, (_, i) => values[11 - i] ?? 0);

/** A quota read (`/api/v1/quota/<path>`): answered, valid for the contract, its data. */
const quotaOf = async (session: TSession, path: string) => {
  const res = await get(session, `/api/v1/quota/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(ZQuotaResponse.parse(res.json()).data).toBeTruthy();
  return res.json().data;
};

type TFigures = { remain: number; used: number; total: number };
const NO_CHILDREN = { remain_child: 0, usage_child: 0, total_child: 0 };

/**
 * What a wallet without child users answers (a department, a child user): every e-Meterai it
 * used is a stamp of this month, no PSrE.
 */
const walletQuota = (
  scope: 'departement' | 'user',
  { emeterai, draft, esign }: { emeterai: TFigures; draft: number; esign: TFigures },
) => ({
  scope,
  remain: emeterai.remain,
  usage: { total: emeterai.used },
  stamp: { total: emeterai.used },
  total: { total: emeterai.total },
  draft: { total: draft },
  chartUsage: series({ 0: emeterai.used }),
  chartRemain: [emeterai.remain, emeterai.used],
  ...NO_CHILDREN,
  stamp_child: 0,
  esign: {
    remain: esign.remain,
    usage: { total: esign.used },
    total: { total: esign.total },
    ...NO_CHILDREN,
  },
  psre: { remain: 0, usage: { total: 0 }, total: { total: 0 } },
});

describe('quota numbers match the ledger', () => {
  it('reports remain, usage, stamps, totals, drafts, child figures, stock and charts exactly', async () => {
    const companyId = await insertCompany(ctx, `PT Angka ${unique()}`);
    const deptId = await insertDepartement(ctx, companyId, 'Keuangan');
    const admin = await account({ role: 'admin-company', userType: 'company', companyId });
    const member = await account({
      role: 'user',
      userType: 'company',
      companyId,
      departementId: deptId,
    });
    // A child user of the admin's subscription: pays from its own wallet (no department).
    const child = await account({
      role: 'user',
      userType: 'company',
      companyId,
      departementId: null,
      parentUserId: admin.userData.id,
    });
    const companyRef: TAccountRef = { ownerType: 'company', ownerId: companyId, companyId };
    const deptRef: TAccountRef = { ownerType: 'departement', ownerId: deptId, companyId };
    const childRef: TAccountRef = {
      ownerType: 'user',
      ownerId: child.userData.id,
      companyId: null,
    };
    const issue = (to: TAccountRef, kind: TQuotaKind, quantity: number) =>
      purchase(ctx, to, kind, quantity);
    const spend = (from: TAccountRef, kind: TQuotaKind, quantity: number, actor: TSession) =>
      move(ctx.database.db, {
        kind,
        quantity,
        from,
        to: SYSTEM_CONSUMED,
        reason: 'spend',
        actorUserId: actor.userData.id,
        companyId: from.companyId,
      });

    // Purchases: the company 50 e-Meterai, 30 e-sign, 4 PSrE; the child 5 e-Meterai, 3 e-sign.
    await issue(companyRef, 'emeterai', 50);
    await issue(companyRef, 'esign', 30);
    await issue(companyRef, 'psre', 4);
    await issue(childRef, 'emeterai', 5);
    await issue(childRef, 'esign', 3);

    // Moves through the API: 12 + 8 to the department, 2 e-Meterai back.
    for (const [url, quota, type] of [
      ['/api/v1/quota/transfer-quota-company', 12, 'emeterai'],
      ['/api/v1/quota/transfer-quota-company', 8, 'esign'],
      ['/api/v1/quota/return-quota-department', 2, 'emeterai'],
    ] as const) {
      const res = await post(admin, url, { departement_id: deptId, quota, type });
      expect(res.statusCode, res.body).toBe(200);
    }

    // The admin stamps 2 of 5 uploads; a 3rd stamp fails at the provider and is refunded; one
    // upload is canceled (not a draft any more). Drafts left: 2.
    const pdf = await makePdf(2);
    const adminDocs = [];
    for (let i = 0; i < 5; i += 1) adminDocs.push(await uploadedId(ctx, admin, pdf));
    for (const id of adminDocs.slice(0, 2)) {
      const res = await stampDocument(ctx, admin, id);
      expect(res.statusCode, res.body).toBe(200);
    }
    failIssuing = true;
    const failed = await stampDocument(ctx, admin, adminDocs[2] ?? 0);
    failIssuing = false;
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    const canceled = await post(admin, '/api/v1/single-stamp/canceled-stamp', {
      document_id: adminDocs[4] ?? 0,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);

    // The department user stamps 1 of 2 uploads (paid by the department).
    const memberDocs = [await uploadedId(ctx, member, pdf), await uploadedId(ctx, member, pdf)];
    expect((await stampDocument(ctx, member, memberDocs[0] ?? 0)).statusCode).toBe(200);

    // The child stamps 1 of 2 uploads (paid by its own wallet).
    const childDocs = [await uploadedId(ctx, child, pdf), await uploadedId(ctx, child, pdf)];
    expect((await stampDocument(ctx, child, childDocs[0] ?? 0)).statusCode).toBe(200);

    // E-sign through the ledger: the department user spends 3 (1 refunded), the child 1.
    await spend(deptRef, 'esign', 3, member);
    await move(ctx.database.db, {
      kind: 'esign',
      quantity: 1,
      from: SYSTEM_CONSUMED,
      to: deptRef,
      reason: 'refund',
      actorUserId: member.userData.id,
      companyId,
    });
    await spend(childRef, 'esign', 1, child);
    // One PSrE signature paid by the company.
    await spend(companyRef, 'psre', 1, admin);
    // An e-Meterai the company spent two months ago.
    const { movement: old } = await spend(companyRef, 'emeterai', 1, admin);
    await ctx.database.db
      .update(quotaMovements)
      .set({
        createdAt: sql`(date_trunc('month', now() at time zone 'UTC') - interval '2 months' + interval '4 days') at time zone 'UTC'`,
      })
      .where(eq(quotaMovements.id, old.id));

    // The company admin. e-Meterai: 50 − 12 + 2 − 2 stamps − 1 old spend = 37 (the refunded
    // stamp nets 0); e-sign: 30 − 8 = 22; PSrE: 4 − 1 = 3.
    expect(await quotaOf(admin, 'quota-company')).toEqual({
      scope: 'company',
      remain: 37,
      usage: { total: 3 },
      stamp: { total: 3 },
      total: { total: 40 },
      // 2 of the admin's, 1 of the department user's, 1 of the child's: the company's drafts.
      draft: { total: 4 },
      chartUsage: series({ 0: 2, 2: 1 }),
      chartRemain: [37, 3],
      remain_child: 4,
      usage_child: 1,
      stamp_child: 1,
      total_child: 5,
      esign: {
        remain: 22,
        usage: { total: 0 },
        total: { total: 22 },
        remain_child: 2,
        usage_child: 1,
        total_child: 3,
      },
      psre: { remain: 3, usage: { total: 1 }, total: { total: 4 } },
      departements: [{ departement_id: deptId, name: 'Keuangan', emeterai: 9, esign: 6 }],
    });

    // The department user: the department's wallet and drafts.
    expect(await quotaOf(member, 'quota-departement')).toEqual(
      walletQuota('departement', {
        emeterai: { remain: 9, used: 1, total: 10 },
        draft: 1,
        esign: { remain: 6, used: 2, total: 8 },
      }),
    );

    // The child: its own wallet and drafts.
    expect(await quotaOf(child, 'quota-user')).toEqual(
      walletQuota('user', {
        emeterai: { remain: 4, used: 1, total: 5 },
        draft: 1,
        esign: { remain: 2, used: 1, total: 3 },
      }),
    );

    // Stock reads.
    expect((await get(admin, '/api/v1/stock/quota-company')).json().data).toEqual({
      totalCompanyStock: 37,
      esignStock: 22,
    });
    for (const who of [admin, member]) {
      expect((await get(who, `/api/v1/stock/quota-departement/${deptId}`)).json().data).toEqual({
        departementTotalStock: 9,
        esignStock: 6,
      });
    }
    expect((await get(child, '/api/v1/stock/quota-user')).json().data).toEqual({
      stockTotalUser: 4,
      esignStock: 2,
    });
    expect((await get(member, '/api/v1/stock/quota-user')).json().data).toEqual({
      stockTotalUser: 0,
      esignStock: 0,
    });

    // Monthly charts: company admins see the company and its departments, the others their wallet.
    const chartOf = async (who: TSession) =>
      ZQuotaChart.parse((await get(who, '/api/v1/quota/data-chart-quota')).json()).data;
    for (const [who, emeterai, esign] of [
      [admin, { 0: 3, 2: 1 }, { 0: 2 }],
      [member, { 0: 1 }, { 0: 2 }],
      [child, { 0: 1 }, { 0: 1 }],
    ] as const) {
      expect(await chartOf(who)).toEqual({
        months: lastMonths(),
        emeterai: series(emeterai),
        esign: series(esign),
      });
    }
  });
});
