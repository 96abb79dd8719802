/**
 * The write routes of the organisation and the quota wallet for every demo role (admin, company,
 * payu, user, personal, super) and an admin of another company ("other"): who gets 2xx, who 403,
 * and 404 (not 403) for another company's records. Records are made per test and removed again;
 * quota moves of the demo company are sent back at once, so the demo balances stay as seeded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, departements, masterStatus, plans, users } from '../src/db/schema.ts';
import { DEMO_COMPANY, seedDemo } from '../src/demo/seed.ts';
import { newEmetId } from '../src/lib/ids.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { callAs, createVerifiedUser, login, type TMethod } from './auth-helpers.ts';
import { newDepartmentMember, signaturePng } from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext, unique } from './helpers.ts';
import { postSpecimen } from './multipart.ts';

const ROLES = ['admin', 'company', 'payu', 'user', 'personal', 'super', 'other'] as const;
type TWho = (typeof ROLES)[number];
type TS = { accessToken: string; userData: { id: number } };
type TAnswer = Awaited<ReturnType<TTestContext['app']['inject']>>;

let ctx: TTestContext;
const as = {} as Record<TWho, TS>;
let demoId = 0;
let financeId = 0;
/** The other company: its id, a department holding quota, a user, and that user's specimen. */
const other = { companyId: 0, deptId: 0, userId: 0, specimenId: 0 };

const call = (who: TWho, method: TMethod, url: string, payload?: unknown) =>
  callAs(ctx, as[who], method, url, payload);

/**
 * Runs `request` once per role and compares every status with `expected` at once, so a failure
 * lists the whole row. `after` cleans up what a successful call made.
 */
const matrix = async (
  expected: Record<TWho, number>,
  request: (who: TWho) => Promise<TAnswer>,
  after?: (who: TWho, answer: TAnswer) => Promise<void>,
) => {
  const actual = {} as Record<TWho, number>;
  const bodies: string[] = [];
  for (const who of ROLES) {
    const answer = await request(who);
    actual[who] = answer.statusCode;
    if (answer.statusCode !== expected[who]) bodies.push(`${who}: ${answer.body.slice(0, 200)}`);
    if (answer.statusCode >= 400) expect(answer.json().message, who).toBeTruthy();
    await after?.(who, answer);
  }
  expect(actual, bodies.join('\n')).toEqual(expected);
};

/** Every role gets `fallback` unless `table` says otherwise. */
const codes = (table: Partial<Record<TWho, number>>, fallback: number) =>
  Object.fromEntries(ROLES.map((who) => [who, table[who] ?? fallback])) as Record<TWho, number>;

const newDemoDepartement = async () => {
  const [row] = await ctx.database.db
    .insert(departements)
    .values({ companyId: demoId, name: `RM ${unique()}` })
    .returning();
  return row?.id ?? 0;
};

const newUserIn = async (
  companyId: number,
  role: 'admin' | 'admin-company' | 'user' = 'admin-company',
) => {
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email: `rm-${unique()}@example.com`,
      fullName: 'Target Matriks',
      role,
      userType: 'company',
      companyId,
      departementId: role === 'user' ? financeId : null,
      emetId: newEmetId(),
    })
    .returning();
  return row?.id ?? 0;
};

/**
 * The demo users of role `role` (default admin-company) that a matrix's requests act on: `request`
 * makes a new one for each caller and calls /api/v1/users/{id} of it; `after` checks or removes it.
 */
const freshDemoUsers = (role?: 'admin' | 'admin-company' | 'user') => {
  const made = new Map<TWho, number>();
  const idOf = (who: TWho) => made.get(who) ?? 0;
  return {
    idOf,
    request: async (who: TWho, method: TMethod, payload?: unknown) => {
      made.set(who, await newUserIn(demoId, role));
      return call(who, method, `/api/v1/users/${made.get(who)}`, payload);
    },
    remove: async (who: TWho) => {
      await ctx.database.db.delete(users).where(eq(users.id, idOf(who)));
    },
  };
};

/**
 * A child user of `parent` written straight to the database, as `child-user-subs` writes one:
 * the delete matrix must not depend on the plan's child-user limit, which other test files
 * sharing the demo company on PostgreSQL use up meanwhile.
 */
const newChildOf = async (parent: TWho) => {
  const [owner] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.id, as[parent].userData.id));
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email: `rm-child-${unique()}@example.com`,
      fullName: 'Anak Budi',
      role: 'user',
      userType: owner?.userType ?? 'company',
      companyId: owner?.companyId ?? null,
      departementId: owner?.departementId ?? null,
      parentUserId: owner?.id ?? null,
      emetId: newEmetId(),
      emailVerifiedAt: new Date(),
    })
    .returning();
  return row?.id ?? 0;
};

const addSpecimen = async (session: TS) => {
  return postSpecimen(ctx, session, await signaturePng(), {
    source: 'upload',
    name: `RM ${unique()}`,
  });
};

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ...RELAXED_LIMITS },
  });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  for (const who of ['admin', 'company', 'payu', 'user', 'personal', 'super'] as const) {
    as[who] = (await login(ctx, `${who}@demo.local`, 'Demo#2026!')) as TS;
  }
  const [demo] = await ctx.database.db
    .select()
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANY));
  demoId = demo?.id ?? 0;
  const [finance] = await ctx.database.db
    .select()
    .from(departements)
    .where(eq(departements.name, 'Finance'));
  financeId = finance?.id ?? 0;

  // Another company: an admin ("other"), a department with 5 e-Meterai, a user with a specimen.
  const [company] = await ctx.database.db
    .insert(companies)
    .values({ name: `PT Lain ${unique()}` })
    .returning();
  other.companyId = company?.id ?? 0;
  const [dept] = await ctx.database.db
    .insert(departements)
    .values({ companyId: other.companyId, name: 'Gudang' })
    .returning();
  other.deptId = dept?.id ?? 0;
  for (const to of [
    { ownerType: 'company' as const, ownerId: other.companyId, companyId: other.companyId },
    { ownerType: 'departement' as const, ownerId: other.deptId, companyId: other.companyId },
  ]) {
    await move(ctx.database.db, {
      kind: 'emeterai',
      quantity: 5,
      from: SYSTEM_ISSUED,
      to,
      reason: 'purchase',
      companyId: other.companyId,
    });
  }
  const adminEmail = await createVerifiedUser(ctx);
  await ctx.database.db
    .update(users)
    .set({ role: 'admin', userType: 'company', companyId: other.companyId })
    .where(eq(users.email, adminEmail));
  as.other = (await login(ctx, adminEmail)) as TS;
  const member = await newDepartmentMember(ctx, other.companyId, other.deptId);
  other.userId = member.userData.id;
  other.specimenId = (await addSpecimen(member)).json().data.id as number;
});
afterAll(() => ctx.close());

describe('departments', () => {
  it('POST /api/v1/departement: company admins and super (in their own company)', async () => {
    await matrix(
      codes({ user: 403, personal: 403 }, 201),
      (who) => call(who, 'POST', '/api/v1/departement', { name: `RM ${who} ${unique()}` }),
      async (who, answer) => {
        if (answer.statusCode !== 201) return;
        const id = answer.json().data.departement_id as number;
        expect((await call(who, 'DELETE', `/api/v1/departement/${id}`)).statusCode).toBe(200);
      },
    );
  });

  it('PATCH /api/v1/departement/{id} of the demo company: its admins; 404 for super and other', async () => {
    const id = await newDemoDepartement();
    await matrix(
      codes({ admin: 200, company: 200, payu: 200, user: 403, personal: 403 }, 404),
      (who) => call(who, 'PATCH', `/api/v1/departement/${id}`, { name: `RM ${who} ${unique()}` }),
    );
    expect((await call('admin', 'DELETE', `/api/v1/departement/${id}`)).statusCode).toBe(200);
  });

  it('DELETE /api/v1/departement/{id} of the demo company: its admins; 404 for super and other', async () => {
    const made = new Map<TWho, number>();
    await matrix(
      codes({ admin: 200, company: 200, payu: 200, user: 403, personal: 403 }, 404),
      async (who) => {
        made.set(who, await newDemoDepartement());
        return call(who, 'DELETE', `/api/v1/departement/${made.get(who)}`);
      },
      async (who, answer) => {
        if (answer.statusCode !== 200)
          await ctx.database.db.delete(departements).where(eq(departements.id, made.get(who) ?? 0));
      },
    );
  });
});

describe('company users', () => {
  it('POST /api/v1/users: company admins and super add to their own company', async () => {
    await matrix(
      codes({ user: 403, personal: 403 }, 201),
      (who) =>
        call(who, 'POST', '/api/v1/users', {
          fullName: 'Undangan Matriks',
          email: `rm-${who}-${unique()}@example.com`,
          role: 'admin-company',
        }),
      async (who, answer) => {
        if (answer.statusCode !== 201) return;
        const id = answer.json().data.id as number;
        expect((await call(who, 'DELETE', `/api/v1/users/${id}`)).statusCode).toBe(200);
      },
    );
  });

  it('PATCH /api/v1/users/{id} of a demo user: its admins; 404 for super and other', async () => {
    const id = await newUserIn(demoId);
    await matrix(
      codes({ admin: 200, company: 200, payu: 200, user: 403, personal: 403 }, 404),
      (who) => call(who, 'PATCH', `/api/v1/users/${id}`, { fullName: `Nama ${who}` }),
    );
    await ctx.database.db.delete(users).where(eq(users.id, id));
  });

  it('DELETE /api/v1/users/{id} of a demo user: its admins; 404 for super and other', async () => {
    const targets = freshDemoUsers();
    await matrix(
      codes({ admin: 200, company: 200, payu: 200, user: 403, personal: 403 }, 404),
      (who) => targets.request(who, 'DELETE'),
      async (who, answer) => {
        if (answer.statusCode !== 200) await targets.remove(who);
      },
    );
  });
});

/**
 * The user policy (ARCHITECTURE.md) over HTTP: every demo role against a demo account of each
 * role. admin-company (company or payu) never changes, demotes or deletes an admin.
 */
describe('user policy: actor × target role', () => {
  const TARGETS = ['admin', 'admin-company', 'user'] as const;
  const expectedFor = (target: (typeof TARGETS)[number]) => {
    const adminOnly = target === 'admin';
    return codes(
      {
        admin: 200,
        company: adminOnly ? 403 : 200,
        payu: adminOnly ? 403 : 200,
        user: 403,
        personal: 403,
      },
      404,
    );
  };

  it.each(TARGETS)('PATCH a demo %s to role user (demotion)', async (target) => {
    const targets = freshDemoUsers(target);
    await matrix(
      expectedFor(target),
      (who) => targets.request(who, 'PATCH', { role: 'user', departement_id: financeId }),
      async (who, answer) => {
        const [row] = await ctx.database.db
          .select({ role: users.role })
          .from(users)
          .where(eq(users.id, targets.idOf(who)));
        expect(row?.role, who).toBe(answer.statusCode === 200 ? 'user' : target);
        await targets.remove(who);
      },
    );
  });

  it.each(TARGETS)('PATCH a demo %s to role admin (appointment)', async (target) => {
    const targets = freshDemoUsers(target);
    const expected = expectedFor(target);
    // Appointing an admin is an admin's (or super's) act alone.
    expected.company = 403;
    expected.payu = 403;
    await matrix(
      expected,
      (who) => targets.request(who, 'PATCH', { role: 'admin' }),
      (who) => targets.remove(who),
    );
  });

  it.each(TARGETS)('DELETE a demo %s', async (target) => {
    const targets = freshDemoUsers(target);
    await matrix(
      expectedFor(target),
      (who) => targets.request(who, 'DELETE'),
      async (who, answer) => {
        if (answer.statusCode !== 200) await targets.remove(who);
      },
    );
  });

  it('POST /api/v1/users with role admin: admins and super only', async () => {
    await matrix(
      codes({ company: 403, payu: 403, user: 403, personal: 403 }, 201),
      (who) =>
        call(who, 'POST', '/api/v1/users', {
          fullName: 'Admin Matriks',
          email: `rm-admin-${who}-${unique()}@example.com`,
          role: 'admin',
        }),
      async (who, answer) => {
        if (answer.statusCode !== 201) return;
        const id = answer.json().data.id as number;
        expect((await call(who, 'DELETE', `/api/v1/users/${id}`)).statusCode).toBe(200);
      },
    );
  });
});

describe('child users', () => {
  it('POST /api/v1/users/child-user-subs: company admins and super whose plan has total_multiuser', async () => {
    // The demo company's plan (Business) allows 25, the platform's (Enterprise) 200; the other
    // company has no plan; plain and personal users add no accounts (user policy).
    const expected = codes({ user: 403, personal: 403, other: 403 }, 201);
    for (const who of ['admin', 'company', 'payu', 'super'] as const) {
      // Another test file may have filled the subscription's slots on a shared database.
      const list = await call(who, 'GET', '/api/v1/users/child-user-sub');
      const { used, limit } = list.json().data as { used: number; limit: number };
      if (used >= limit) expected[who] = 422;
    }
    await matrix(
      expected,
      (who) =>
        call(who, 'POST', '/api/v1/users/child-user-subs', {
          fullName: 'Anak Matriks',
          email: `rm-child-${who}-${unique()}@example.com`,
        }),
      async (who, answer) => {
        if (answer.statusCode !== 201) return;
        const id = answer.json().data.id as number;
        expect((await call(who, 'DELETE', `/api/v1/users/child-user-sub/${id}`)).statusCode).toBe(
          200,
        );
      },
    );
  });

  it('DELETE /api/v1/users/child-user-sub/{id}: the admins of the subscription; 403 users, 404 others', async () => {
    const made = new Map<TWho, number>();
    await matrix(
      codes({ admin: 200, company: 200, payu: 200, user: 403, personal: 403 }, 404),
      async (who) => {
        made.set(who, await newChildOf('company'));
        return call(who, 'DELETE', `/api/v1/users/child-user-sub/${made.get(who)}`);
      },
      async (who, answer) => {
        if (answer.statusCode === 200) return;
        const id = made.get(who) ?? 0;
        expect(
          (await call('company', 'DELETE', `/api/v1/users/child-user-sub/${id}`)).statusCode,
        ).toBe(200);
      },
    );
  });
});

describe('e-sign specimens', () => {
  it('POST, PATCH and DELETE of an own specimen: everyone', async () => {
    await matrix(
      codes({}, 201),
      async (who) => addSpecimen(as[who]),
      async (who, answer) => {
        if (answer.statusCode !== 201) return;
        const id = answer.json().data.id as number;
        const renamed = await call(who, 'PATCH', `/api/v1/esign/${id}`, { name: 'Paraf' });
        expect(renamed.statusCode, `${who} ${renamed.body}`).toBe(200);
        expect((await call(who, 'DELETE', `/api/v1/esign/${id}`)).statusCode).toBe(200);
      },
    );
  });

  it("someone else's specimen: 404 to everybody else, company admins included", async () => {
    const added = await addSpecimen(as.user);
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id as number;
    await matrix(codes({ user: 200 }, 404), (who) =>
      call(who, 'PATCH', `/api/v1/esign/${id}`, { is_default: true }),
    );
    // Company admins may look at their users' specimens, nobody else.
    await matrix(codes({ admin: 200, company: 200, payu: 200, user: 200 }, 404), (who) =>
      call(who, 'GET', `/api/v1/esign/by/${as.user.userData.id}`),
    );
    await matrix(codes({ user: 200 }, 404), (who) => call(who, 'DELETE', `/api/v1/esign/${id}`));
  });
});

describe('quota moves', () => {
  const body = (departementId: number) => ({
    departement_id: departementId,
    quota: 1,
    type: 'emeterai',
  });
  /** Each role moves to a department of its own company (the demo's Finance for the rest). */
  const target = (who: TWho, fresh: number) =>
    who === 'other' ? other.deptId : who === 'admin' || who === 'company' ? fresh : financeId;

  it('transfer and return are for company-level admins: not payu, not super (spec §6)', async () => {
    const fresh = await newDemoDepartement();
    await matrix(
      codes({ admin: 200, company: 200, other: 200 }, 403),
      (who) => call(who, 'POST', '/api/v1/quota/transfer-quota-company', body(target(who, fresh))),
      async (who, answer) => {
        if (answer.statusCode !== 200) return;
        // Send it straight back, so the demo balances stay as seeded.
        const back = await call(
          who,
          'POST',
          '/api/v1/quota/return-quota-department',
          body(target(who, fresh)),
        );
        expect(back.statusCode, back.body).toBe(200);
        expect(back.json().message).toBe('Berhasil return kuota');
      },
    );
    await matrix(codes({ admin: 422, company: 422, other: 200 }, 403), (who) =>
      // The fresh department holds nothing: the demo admins are allowed but refused for quota.
      call(who, 'POST', '/api/v1/quota/return-quota-department', body(target(who, fresh))),
    );
    // Give the other company its unit back.
    expect(
      (await call('other', 'POST', '/api/v1/quota/transfer-quota-company', body(other.deptId)))
        .statusCode,
    ).toBe(200);
    expect((await call('admin', 'DELETE', `/api/v1/departement/${fresh}`)).statusCode).toBe(200);
  });

  it('refuses super with 403 and the company-admin message, as the web does', async () => {
    for (const url of [
      '/api/v1/quota/transfer-quota-company',
      '/api/v1/quota/return-quota-department',
    ]) {
      const res = await call('super', 'POST', url, body(financeId));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        message: 'Only company admins can do this',
        errors: { status: 'FORBIDDEN' },
      });
    }
    // Reading the own company's quota stays open to super.
    expect((await call('super', 'GET', '/api/v1/quota/quota-company')).statusCode).toBe(200);
  });
});

describe('configuration and plans: super edits', () => {
  it('PATCH /api/master-status/{id}: super only, and the value changes', async () => {
    const group = `rm_test_${unique()}`;
    const [row] = await ctx.database.db
      .insert(masterStatus)
      .values({ statusGroup: group, statusName: '1', description: 'role matrix' })
      .returning();
    const id = row?.id ?? 0;
    await matrix(codes({ super: 200 }, 403), (who) =>
      call(who, 'PATCH', `/api/master-status/${id}`, { status_name: who === 'super' ? '42' : '7' }),
    );
    const list = (await call('user', 'GET', '/api/master-status/master-status-list')).json().data
      .data as { status_group: string; status_name: string }[];
    expect(list.find((s) => s.status_group === group)?.status_name).toBe('42');
    expect(
      (await call('super', 'PATCH', '/api/master-status/999999', { status_name: '1' })).statusCode,
    ).toBe(404);
    await ctx.database.db.delete(masterStatus).where(eq(masterStatus.id, id));
  });

  it('PATCH /api/v1/plans/{id}: super only, and the plan changes', async () => {
    const [row] = await ctx.database.db
      .insert(plans)
      .values({ name: `RM Plan ${unique()}`, status: 'inactive', totalMultiuser: 1 })
      .returning();
    const id = row?.id ?? 0;
    await matrix(codes({ super: 200 }, 403), (who) =>
      call(who, 'PATCH', `/api/v1/plans/${id}`, { total_multiuser: who === 'super' ? 9 : 99 }),
    );
    const listed = (await call('personal', 'GET', '/api/v1/plans')).json().data.data as {
      plan: number;
      total_multiuser: number;
    }[];
    expect(listed.find((p) => p.plan === id)?.total_multiuser).toBe(9);
    const edited = await call('super', 'PATCH', `/api/v1/plans/${id}`, {
      note: 'Edited by super',
      status: 'active',
    });
    expect(edited.json()).toMatchObject({
      message: 'Berhasil update data Plan',
      data: { plan: id, note: 'Edited by super', status: 'active', total_multiuser: 9 },
    });
    await ctx.database.db.delete(plans).where(eq(plans.id, id));
  });
});

describe("another company's records answer 404, not 403", () => {
  const ADMINS = ['admin', 'company', 'payu'] as const;

  it('departments, users, specimens, subscriptions and department options', async () => {
    for (const who of ADMINS) {
      const answers: [string, TAnswer][] = [
        [
          'PATCH department',
          await call(who, 'PATCH', `/api/v1/departement/${other.deptId}`, { name: 'Diambil' }),
        ],
        ['DELETE department', await call(who, 'DELETE', `/api/v1/departement/${other.deptId}`)],
        [
          'PATCH user',
          await call(who, 'PATCH', `/api/v1/users/${other.userId}`, { fullName: 'Diambil' }),
        ],
        ['DELETE user', await call(who, 'DELETE', `/api/v1/users/${other.userId}`)],
        [
          'PATCH specimen',
          await call(who, 'PATCH', `/api/v1/esign/${other.specimenId}`, { name: 'Diambil' }),
        ],
        ['DELETE specimen', await call(who, 'DELETE', `/api/v1/esign/${other.specimenId}`)],
        ['GET specimens', await call(who, 'GET', `/api/v1/esign/by/${other.userId}`)],
        ['GET specimen image', await call(who, 'GET', `/api/v1/esign/${other.specimenId}/image`)],
        [
          'GET subscription',
          await call(who, 'GET', `/api/v1/users/subscription-user/${other.userId}`),
        ],
        ['GET options', await call(who, 'GET', `/api/v1/users/get/by/${other.companyId}`)],
        [
          'GET department stock',
          await call(who, 'GET', `/api/v1/stock/quota-departement/${other.deptId}`),
        ],
      ];
      const statuses = Object.fromEntries(answers.map(([what, res]) => [what, res.statusCode]));
      expect(statuses, who).toEqual(Object.fromEntries(answers.map(([what]) => [what, 404])));
    }
    // Nothing changed over there.
    const [dept] = await ctx.database.db
      .select()
      .from(departements)
      .where(eq(departements.id, other.deptId));
    expect(dept?.name).toBe('Gudang');
    const [member] = await ctx.database.db.select().from(users).where(eq(users.id, other.userId));
    expect(member?.fullName).not.toBe('Diambil');
  });

  it("transfer to and return from another company's department", async () => {
    for (const who of ['admin', 'company'] as const) {
      for (const url of [
        '/api/v1/quota/transfer-quota-company',
        '/api/v1/quota/return-quota-department',
      ]) {
        const res = await call(who, 'POST', url, {
          departement_id: other.deptId,
          quota: 1,
          type: 'emeterai',
        });
        expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(404);
        expect(res.json().message).toBe('Department not found');
      }
    }
    // And the other way round: the other company's admin cannot reach the demo's Finance.
    const res = await call('other', 'POST', '/api/v1/quota/return-quota-department', {
      departement_id: financeId,
      quota: 1,
      type: 'emeterai',
    });
    expect(res.statusCode).toBe(404);
    const stock = await call('other', 'GET', `/api/v1/stock/quota-departement/${other.deptId}`);
    expect(stock.json().data.departementTotalStock).toBe(5);
  });
});
