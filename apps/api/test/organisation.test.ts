import { type TQuota, ZApiError, ZQuotaResponse } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, departements } from '../src/db/schema.ts';
import { DEMO_COMPANY, seedDemo } from '../src/demo/seed.ts';
import { newEmetId } from '../src/lib/ids.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { bearer, callAs, callerFor, createVerifiedUser, login } from './auth-helpers.ts';
import { insertCompany, insertDepartement, purchase } from './documents-helpers.ts';
import {
  createTestContext,
  RELAXED_LIMITS,
  type TTestContext,
  testDbDriver,
  unique,
} from './helpers.ts';
import { expectPages, expectRefusedQuery, pagedNames, readPages } from './list-helpers.ts';

type TS = { accessToken: string; userData: { id: number; company_id: number | null } };

let ctx: TTestContext;
const as: Record<string, TS> = {};
let demoId = 0;
let financeId = 0;
let legalId = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ...RELAXED_LIMITS },
  });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  for (const who of ['admin', 'company', 'payu', 'user', 'personal', 'super']) {
    as[who] = await login(ctx, `${who}@demo.local`, 'Demo#2026!');
  }
  as.outsider = await login(ctx, await createVerifiedUser(ctx));
  const [demo] = await ctx.database.db
    .select()
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANY));
  demoId = demo?.id ?? 0;
  const depts = await ctx.database.db
    .select()
    .from(departements)
    .where(eq(departements.companyId, demoId));
  financeId = depts.find((d) => d.name === 'Finance')?.id ?? 0;
  legalId = depts.find((d) => d.name === 'Legal')?.id ?? 0;
});
afterAll(() => ctx.close());

const call = callerFor(() => ctx, as);

/** A fresh company with its own admin, department and quota, to keep tests independent. */
const newCompany = async (emeterai: number) => {
  const companyId = await insertCompany(ctx, `PT Uji ${unique()}`);
  const deptId = await insertDepartement(ctx, companyId, 'Ops');
  const ref = { ownerType: 'company' as const, ownerId: companyId, companyId };
  await purchase(ctx, ref, 'emeterai', emeterai);
  const email = await createVerifiedUser(ctx);
  const { users } = await import('../src/db/schema.ts');
  await ctx.database.db
    .update(users)
    .set({ role: 'admin', userType: 'company', companyId })
    .where(eq(users.email, email));
  return { companyId, deptId, admin: await login(ctx, email) };
};

// On PostgreSQL every test file shares one database, and the buying tests credit the demo company:
// the seeded figures hold only in a database of this file's own (PGlite).
describe.runIf(testDbDriver() === 'pglite')('seeded demo quota', () => {
  it('shows the company, department and personal balances of the demo seed', async () => {
    const company = ZQuotaResponse.parse(
      (await call('admin', 'GET', '/api/v1/quota/quota-company')).json(),
    ).data;
    expect(company).toMatchObject({ scope: 'company', remain: 100, esign: { remain: 100 } });
    const dept = ZQuotaResponse.parse(
      (await call('user', 'GET', '/api/v1/quota/quota-departement')).json(),
    ).data;
    expect(dept).toMatchObject({ scope: 'departement', remain: 20, esign: { remain: 20 } });
    const personal = ZQuotaResponse.parse(
      (await call('personal', 'GET', '/api/v1/quota/quota-user')).json(),
    ).data;
    expect(personal).toMatchObject({ scope: 'user', remain: 10, esign: { remain: 10 } });
    expect(personal.chartUsage).toHaveLength(12);
    const withDepts = ZQuotaResponse.parse(
      (await call('company', 'GET', '/api/v1/quota/quota-company')).json(),
    ).data;
    expect(withDepts.departements).toEqual(
      expect.arrayContaining([
        { departement_id: financeId, name: 'Finance', emeterai: 20, esign: 20 },
      ]),
    );
    const stock = (await call('user', 'GET', `/api/v1/stock/quota-departement/${financeId}`)).json()
      .data;
    expect(stock).toEqual({ departementTotalStock: 20, esignStock: 20 });
  });

  it('reads configuration values and the subscription flags', async () => {
    const list = (await call('user', 'GET', '/api/master-status/master-status-list')).json().data
      .data as { status_group: string; status_name: string }[];
    expect(list.find((s) => s.status_group === 'threshold_quota_warning')?.status_name).toBe('10');
    expect(list.find((s) => s.status_group === 'max_gauge_personal')?.status_name).toBe('100');
    const sub = (
      await call('admin', 'GET', `/api/v1/users/subscription-user/${as.admin?.userData.id}`)
    ).json().data;
    expect(sub).toMatchObject({
      plan_name: 'Business',
      is_esign: true,
      is_childUser: true,
      is_psre: false,
    });
    const personal = (
      await call('personal', 'GET', `/api/v1/users/subscription-user/${as.personal?.userData.id}`)
    ).json().data;
    expect(personal).toMatchObject({ plan_name: 'Personal', is_childUser: false });
  });
});

describe('role matrix', () => {
  const expectations: [string, string, string, Record<string, number>][] = [
    [
      'GET',
      '/api/v1/quota/quota-company',
      '',
      { admin: 200, company: 200, payu: 200, user: 403, personal: 403, outsider: 403 },
    ],
    [
      'GET',
      '/api/v1/quota/quota-departement',
      '',
      { admin: 403, company: 403, user: 200, personal: 403 },
    ],
    ['GET', '/api/v1/quota/quota-user', '', { admin: 200, user: 200, personal: 200, super: 200 }],
    [
      'GET',
      '/api/v1/departement',
      '',
      { admin: 200, company: 200, payu: 200, user: 403, personal: 403, super: 200 },
    ],
    [
      'GET',
      '/api/v1/quota/history-quota-company',
      '',
      { admin: 200, company: 200, user: 403, personal: 403 },
    ],
    [
      'POST',
      '/api/v1/quota/transfer-quota-company',
      'transfer',
      { user: 403, personal: 403, payu: 403, outsider: 403 },
    ],
    ['PATCH', '/api/master-status/1', 'status', { admin: 403, user: 403, company: 403 }],
  ];
  for (const [method, url, body, codes] of expectations) {
    it(`${method} ${url}`, async () => {
      for (const [who, code] of Object.entries(codes)) {
        const payload =
          body === 'transfer'
            ? { departement_id: financeId, quota: 1, type: 'emeterai' }
            : body === 'status'
              ? { status_name: '5' }
              : undefined;
        const res = await call(who, method as 'GET', url, payload);
        expect(res.statusCode, `${who} ${method} ${url}: ${res.body}`).toBe(code);
        if (code >= 400) expect(ZApiError.parse(res.json()).message).toBeTruthy();
      }
    });
  }

  it("answers 404 for another company's department, everywhere", async () => {
    const other = await newCompany(5);
    const foreign = other.deptId;
    expect(
      (await call('admin', 'PATCH', `/api/v1/departement/${foreign}`, { name: 'Taken' }))
        .statusCode,
    ).toBe(404);
    expect((await call('admin', 'DELETE', `/api/v1/departement/${foreign}`)).statusCode).toBe(404);
    expect(
      (
        await call('admin', 'POST', '/api/v1/quota/transfer-quota-company', {
          departement_id: foreign,
          quota: 1,
          type: 'emeterai',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('admin', 'GET', `/api/v1/stock/quota-departement/${foreign}`)).statusCode,
    ).toBe(404);
    expect((await call('admin', 'GET', `/api/v1/users/get/by/${other.companyId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('user', 'GET', `/api/v1/stock/quota-departement/${legalId}`)).statusCode,
    ).toBe(404);
  });
});

describe('departments', () => {
  it('creates, renames, lists and deletes with the spec messages', async () => {
    const name = `Audit ${unique()}`;
    const created = await call('admin', 'POST', '/api/v1/departement', { name });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Berhasil tambah data Depertemen');
    const id = created.json().data.departement_id as number;
    expect(
      (await call('admin', 'POST', '/api/v1/departement', { name: name.toUpperCase() })).statusCode,
    ).toBe(409);
    const renamed = await call('admin', 'PATCH', `/api/v1/departement/${id}`, {
      name: `${name} 2`,
    });
    expect(renamed.json()).toMatchObject({
      message: 'Berhasil update data Depertemen',
      data: { name: `${name} 2` },
    });
    const list = await call(
      'admin',
      'GET',
      `/api/v1/departement?search=${encodeURIComponent(name)}`,
    );
    expect(list.json().data.data).toHaveLength(1);
    const options = (await call('user', 'GET', `/api/v1/users/get/by/${demoId}`)).json().data as {
      name: string;
    }[];
    expect(options.map((o) => o.name)).toEqual(expect.arrayContaining(['Finance', 'Legal']));
    const removed = await call('admin', 'DELETE', `/api/v1/departement/${id}`);
    expect(removed.json().message).toBe('Berhasil hapus data Depertemen');
  });

  it('refuses to delete a department that has users or quota, with a message', async () => {
    const withUsers = await call('admin', 'DELETE', `/api/v1/departement/${financeId}`);
    expect(withUsers.statusCode).toBe(409);
    expect(withUsers.json().message).toMatch(/masih memiliki 1 user/);
    const other = await newCompany(5);
    await callAs(ctx, other.admin, 'POST', '/api/v1/quota/transfer-quota-company', {
      departement_id: other.deptId,
      quota: 2,
      type: 'emeterai',
    });
    const withQuota = await callAs(
      ctx,
      other.admin,
      'DELETE',
      `/api/v1/departement/${other.deptId}`,
    );
    expect(withQuota.statusCode).toBe(409);
    expect(withQuota.json().message).toMatch(/masih memiliki kuota/);
  });
});

describe('department list sorting', () => {
  type TRow = {
    name: string;
    total_users: number;
    quota_emeterai: number;
    quota_esign: number;
  };
  /** Ops (from newCompany), then Bravo, Delta, Alpha, Echo: ids in that order. */
  const setUp = async () => {
    const other = await newCompany(20);
    const ids: Record<string, number> = { Ops: other.deptId };
    for (const name of ['Bravo', 'Delta', 'Alpha', 'Echo']) {
      ids[name] = await insertDepartement(ctx, other.companyId, name);
    }
    const { users } = await import('../src/db/schema.ts');
    const members: [string, number][] = [
      ['Alpha', 2],
      ['Delta', 1],
    ];
    for (const [name, n] of members) {
      for (let i = 0; i < n; i += 1) {
        await ctx.database.db.insert(users).values({
          email: `member-${unique()}@example.com`,
          fullName: `Member ${name} ${i}`,
          role: 'user',
          userType: 'company',
          companyId: other.companyId,
          departementId: ids[name] ?? 0,
          emetId: newEmetId(),
        });
      }
    }
    const balances: [string, 'emeterai' | 'esign', number][] = [
      ['Alpha', 'emeterai', 3],
      ['Echo', 'emeterai', 7],
      ['Bravo', 'emeterai', 5],
      ['Delta', 'emeterai', 1],
      ['Delta', 'esign', 4],
      ['Alpha', 'esign', 1],
    ];
    for (const [name, kind, quantity] of balances) {
      await move(ctx.database.db, {
        kind,
        quantity,
        from: SYSTEM_ISSUED,
        to: { ownerType: 'departement', ownerId: ids[name] ?? 0, companyId: other.companyId },
        reason: 'purchase',
        companyId: other.companyId,
      });
    }
    return other;
  };
  const names = (rows: TRow[]) => rows.map((r) => r.name);

  it('sorts the whole list on the server, across pages, by name and computed columns', async () => {
    const other = await setUp();
    const read = (params: Record<string, string> = {}) =>
      readPages<TRow>(ctx, other.admin, '/api/v1/departement', params);

    const byDefault = await read();
    expect(byDefault.total).toBe(5);
    expect(names(byDefault.rows)).toEqual(['Alpha', 'Bravo', 'Delta', 'Echo', 'Ops']);

    const byNameDesc = await read({ sort: 'name', order: 'desc' });
    expect(byNameDesc.pages.map(names)).toEqual([['Ops', 'Echo'], ['Delta', 'Bravo'], ['Alpha']]);

    // Ties keep the id order (Ops, Bravo, Echo were created in that order), in the sort direction.
    expect(names((await read({ sort: 'users' })).rows)).toEqual([
      'Ops',
      'Bravo',
      'Echo',
      'Delta',
      'Alpha',
    ]);
    const usersDesc = await read({ sort: 'users', order: 'desc' });
    expect(usersDesc.rows.map((r) => r.total_users)).toEqual([2, 1, 0, 0, 0]);
    expect(names(usersDesc.rows)).toEqual(['Alpha', 'Delta', 'Echo', 'Bravo', 'Ops']);

    const emeterai = await read({ sort: 'emeterai', order: 'asc' });
    expect(emeterai.pages.map((p) => p.map((r) => r.quota_emeterai))).toEqual([
      [0, 1],
      [3, 5],
      [7],
    ]);
    expect(names(emeterai.rows)).toEqual(['Ops', 'Delta', 'Alpha', 'Bravo', 'Echo']);
    expect(names((await read({ sort: 'esign', order: 'desc' })).rows)).toEqual([
      'Delta',
      'Alpha',
      'Echo',
      'Bravo',
      'Ops',
    ]);
    // Search and sort together.
    const searched = await read({ search: 'a', sort: 'emeterai', order: 'desc' });
    expect(names(searched.rows)).toEqual(['Bravo', 'Alpha', 'Delta']);
  });

  it('refuses an unknown sort key or order with 400', async () => {
    await expectRefusedQuery(ctx, as.admin as TS, '/api/v1/departement?sort=created_at', 'sort');
    await expectRefusedQuery(
      ctx,
      as.admin as TS,
      '/api/v1/departement?sort=name&order=up',
      'order',
    );
  });
});

describe('quota history sorting', () => {
  type TRow = { type: string; kind: string; quota: number; department: string | null };
  const label = (r: TRow) => `${r.type}:${r.kind}:${r.quota}`;
  const M1 = 'purchase:emeterai:30';
  const M2 = 'transfer:emeterai:5';
  const M3 = 'transfer:emeterai:3';
  const M4 = 'return:emeterai:1';
  const M5 = 'purchase:esign:4';

  it('sorts every movement of the company on the server, across pages, NULLs last', async () => {
    // M1: newCompany's purchase (no actor, no department).
    const other = await newCompany(30);
    const betaId = await insertDepartement(ctx, other.companyId, 'Beta');
    const { users } = await import('../src/db/schema.ts');
    const [andi] = await ctx.database.db
      .insert(users)
      .values({
        email: `andi-${unique()}@example.com`,
        fullName: 'Andi Uji',
        role: 'admin',
        userType: 'company',
        companyId: other.companyId,
        emetId: newEmetId(),
      })
      .returning();
    const company = {
      ownerType: 'company' as const,
      ownerId: other.companyId,
      companyId: other.companyId,
    };
    const dept = (id: number) => ({
      ownerType: 'departement' as const,
      ownerId: id,
      companyId: other.companyId,
    });
    const steps = [
      {
        kind: 'emeterai',
        quantity: 5,
        from: company,
        to: dept(other.deptId),
        reason: 'transfer',
        actorUserId: other.admin.userData.id,
      },
      {
        kind: 'emeterai',
        quantity: 3,
        from: company,
        to: dept(betaId),
        reason: 'transfer',
        actorUserId: andi?.id ?? null,
      },
      {
        kind: 'emeterai',
        quantity: 1,
        from: dept(other.deptId),
        to: company,
        reason: 'return',
        actorUserId: other.admin.userData.id,
      },
      {
        kind: 'esign',
        quantity: 4,
        from: SYSTEM_ISSUED,
        to: company,
        reason: 'purchase',
        actorUserId: andi?.id ?? null,
      },
    ] as const;
    for (const step of steps) await move(ctx.database.db, { ...step, companyId: other.companyId });

    const read = pagedNames<TRow>(
      ctx,
      other.admin,
      '/api/v1/quota/history-quota-company',
      label,
      5,
    );
    await expectPages(read, [
      [{}, [[M5, M4], [M3, M2], [M1]]],
      [{ sort: 'date' }, [[M1, M2], [M3, M4], [M5]]],
      [{ sort: 'quota', order: 'asc' }, [[M4, M3], [M5, M2], [M1]]],
      [{ sort: 'quota', order: 'desc' }, [[M1, M2], [M5, M3], [M4]]],
      [{ sort: 'type' }, [[M1, M5], [M4, M2], [M3]]],
      [{ sort: 'kind', order: 'desc' }, [[M5, M4], [M3, M2], [M1]]],
      // Company-level movements have no department: last, in both directions.
      [{ sort: 'department' }, [[M3, M2], [M4, M1], [M5]]],
      [{ sort: 'department', order: 'desc' }, [[M4, M2], [M3, M5], [M1]]],
      // The system (no actor) comes last too.
      [{ sort: 'by' }, [[M3, M5], [M2, M4], [M1]]],
      [{ sort: 'by', order: 'desc' }, [[M4, M2], [M5, M3], [M1]]],
    ]);
    await expectRefusedQuery(
      ctx,
      other.admin,
      '/api/v1/quota/history-quota-company?sort=actor',
      'sort',
    );
  });
});

describe('transfer and return', () => {
  it('moves quota to a department and back, and the history shows both', async () => {
    const other = await newCompany(30);
    /** Moves `quota` e-Meterai to (transfer) or back from (return) the department. */
    const moveQuota = (url: string, quota: number) =>
      callAs(ctx, other.admin, 'POST', url, {
        departement_id: other.deptId,
        quota,
        type: 'emeterai',
      });
    const sent = await moveQuota('/api/v1/quota/transfer-quota-company', 12);
    expect(sent.json()).toMatchObject({
      message: 'Berhasil transfer kuota',
      data: { company_remain: 18, departement_remain: 12 },
    });
    const back = await moveQuota('/api/v1/quota/return-quota-department', 5);
    expect(back.json()).toMatchObject({
      message: 'Berhasil return kuota',
      data: { company_remain: 23, departement_remain: 7 },
    });
    const tooMuch = await moveQuota('/api/v1/quota/return-quota-department', 8);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('Kuota departemen tidak mencukupi');
    const zero = await moveQuota('/api/v1/quota/transfer-quota-company', 0);
    expect(zero.statusCode).toBe(400);
    const history = await callAs(ctx, other.admin, 'GET', '/api/v1/quota/history-quota-company');
    const items = history.json().data.data as { type: string; quota: number; department: string }[];
    expect(items.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'return', quota: 5, department: 'Ops' }),
      expect.objectContaining({ type: 'transfer', quota: 12, department: 'Ops' }),
    ]);
    const quota = ZQuotaResponse.parse(
      (await callAs(ctx, other.admin, 'GET', '/api/v1/quota/quota-company')).json(),
    ).data as TQuota;
    expect(quota.remain).toBe(23);
  });

  it('applies exactly 10 of 50 parallel transfers against a balance of 10', async () => {
    const other = await newCompany(10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        callAs(ctx, other.admin, 'POST', '/api/v1/quota/transfer-quota-company', {
          departement_id: other.deptId,
          quota: 1,
          type: 'emeterai',
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json().message).toBe('Kuota perusahaan tidak mencukupi');
    const stock = await callAs(ctx, other.admin, 'GET', '/api/v1/stock/quota-company');
    expect(stock.json().data.totalCompanyStock).toBe(0);
    const dept = await callAs(
      ctx,
      other.admin,
      'GET',
      `/api/v1/stock/quota-departement/${other.deptId}`,
    );
    expect(dept.json().data.departementTotalStock).toBe(10);
  });

  it('applies a retried transfer once when it carries the same Idempotency-Key', async () => {
    const other = await newCompany(10);
    const key = `retry-${unique()}`;
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/quota/transfer-quota-company',
        headers: { ...bearer(other.admin), 'idempotency-key': key },
        payload: { departement_id: other.deptId, quota: 4, type: 'emeterai' },
      });
    const [a, b] = [await send(), await send()];
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.movement_id).toBe(a.json().data.movement_id);
    expect(b.json().data.company_remain).toBe(6);
  });
});

describe('role matrix: every read route for every demo role and an outsider', () => {
  const ALL = ['admin', 'company', 'payu', 'user', 'personal', 'super', 'outsider'] as const;
  const only = (allowed: string[]) =>
    Object.fromEntries(ALL.map((who) => [who, allowed.includes(who) ? 200 : 403]));
  const everyone = only([...ALL]);
  const companyAdmins = only(['admin', 'company', 'payu', 'super']);
  const routes: [string, Record<string, number>][] = [
    ['/api/v1/departement', companyAdmins],
    ['/api/v1/users/user-company', companyAdmins],
    ['/api/v1/users/personal-user', only(['super'])],
    // Child users: company admins (user policy) whose plan has total_multiuser: the demo company
    // (Business), the platform (Enterprise). A plain user manages none.
    ['/api/v1/users/child-user-sub', companyAdmins],
    ['/api/v1/quota/quota-company', companyAdmins],
    ['/api/v1/quota/quota-departement', only(['user'])],
    ['/api/v1/quota/quota-user', everyone],
    ['/api/v1/stock/quota-company', companyAdmins],
    ['/api/v1/stock/quota-user', everyone],
    ['/api/v1/quota/history-quota-company', companyAdmins],
    ['/api/v1/quota/data-chart-quota', everyone],
    ['/api/master-status/master-status-list', everyone],
    ['/api/v1/plans', everyone],
    ['/api/v1/template', everyone],
    ['/api/v1/single-stamp/get-document-user', everyone],
    ['/api/v1/dashboard/get-document-dashboard', everyone],
    ['/api/v1/single-stamp/doc-types', everyone],
    ['/api/v1/single-stamp/check', everyone],
  ];
  for (const [url, codes] of routes) {
    it(`GET ${url}`, async () => {
      for (const who of ALL) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode, `${who} GET ${url}: ${res.body.slice(0, 200)}`).toBe(codes[who]);
      }
    });
  }

  it('own records answer 200 to everyone, and nobody reads them without a token', async () => {
    for (const who of ALL) {
      const id = as[who]?.userData.id;
      for (const url of [
        `/api/v1/users/${id}`,
        `/api/v1/esign/by/${id}`,
        `/api/v1/users/subscription-user/${id}`,
      ]) {
        expect((await call(who, 'GET', url)).statusCode, `${who} ${url}`).toBe(200);
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode, `anonymous ${url}`).toBe(
          401,
        );
      }
    }
  });
});
