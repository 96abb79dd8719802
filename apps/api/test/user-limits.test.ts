/**
 * Issue 11 items 6, 7 and 8: count limits and the one default specimen hold under parallel
 * requests (meaningful on PostgreSQL; on PGlite one connection serialises them anyway), removing a
 * user who owns documents deactivates them and keeps the documents, and the signer list carries no
 * e-mail addresses.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, esignSpecimens, plans, subscriptions, users } from '../src/db/schema.ts';
import { MAX_SPECIMENS_PER_USER } from '../src/modules/esign/esign.service.ts';
import {
  callAs,
  createVerifiedUser,
  lastMailTo,
  login,
  PASSWORD,
  type TMethod,
} from './auth-helpers.ts';
import type { TSession } from './documents-helpers.ts';
import { insertCompany, insertDepartement, signaturePng } from './documents-helpers.ts';
import { RELAXED_LIMITS, type TTestContext, testContextPerFile, unique } from './helpers.ts';
import { postSpecimen } from './multipart.ts';

let ctx: TTestContext;
testContextPerFile(
  {
    env: { ...RELAXED_LIMITS },
  },
  (built) => {
    ctx = built;
  },
);

const call = (session: TSession, method: TMethod, url: string, payload?: Record<string, unknown>) =>
  callAs(ctx, session, method, url, payload);

/** A company with a plan allowing `children` child users, two admins and a department user. */
const newCompany = async (children: number) => {
  const companyId = await insertCompany(ctx, `PT Batas ${unique()}`);
  const [plan] = await ctx.database.db
    .insert(plans)
    .values({ name: `Plan ${unique()}`, totalMultiuser: children })
    .returning();
  await ctx.database.db.insert(subscriptions).values({ planId: plan?.id ?? 0, companyId });
  const deptId = await insertDepartement(ctx, companyId, `Dept ${unique()}`);
  const member = async (role: 'admin' | 'admin-company' | 'user') => {
    const email = await createVerifiedUser(ctx);
    await ctx.database.db
      .update(users)
      .set({
        role,
        userType: 'company',
        companyId,
        departementId: role === 'user' ? deptId : null,
      })
      .where(eq(users.email, email));
    return { email, session: (await login(ctx, email)) as TSession };
  };
  return {
    companyId,
    admin: await member('admin'),
    second: await member('admin-company'),
    user: await member('user'),
  };
};

describe('count limits under parallel requests', () => {
  it(`stores at most ${MAX_SPECIMENS_PER_USER} of 15 parallel specimen uploads, one default`, async () => {
    const session = (await login(ctx, await createVerifiedUser(ctx))) as TSession;
    const png = await signaturePng();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => {
        return postSpecimen(ctx, session, png, { source: 'upload', name: `Paralel ${i}` });
      }),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_SPECIMENS_PER_USER);
    expect(codes.filter((c) => c === 422)).toHaveLength(15 - MAX_SPECIMENS_PER_USER);
    const rows = await ctx.database.db
      .select()
      .from(esignSpecimens)
      .where(eq(esignSpecimens.userId, session.userData.id));
    expect(rows).toHaveLength(MAX_SPECIMENS_PER_USER);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);

    // Parallel "make default" requests leave one default too.
    const made = await Promise.all(
      rows.map((r) => call(session, 'PATCH', `/api/v1/esign/${r.id}`, { is_default: true })),
    );
    expect(made.every((a) => a.statusCode === 200)).toBe(true);
    const defaults = await ctx.database.db
      .select()
      .from(esignSpecimens)
      .where(
        and(eq(esignSpecimens.userId, session.userData.id), eq(esignSpecimens.isDefault, true)),
      );
    expect(defaults).toHaveLength(1);
  });

  it('keeps child users within the plan limit per subscription, whichever admin adds them', async () => {
    const company = await newCompany(3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(
          i % 2 === 0 ? company.admin.session : company.second.session,
          'POST',
          '/api/v1/users/child-user-subs',
          {
            fullName: `Anak ${i}`,
            email: `anak-${i}-${unique()}@example.com`,
          },
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(5);
    const children = await ctx.database.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, company.companyId), isNotNull(users.parentUserId)));
    expect(children).toHaveLength(3);
    const list = await call(company.second.session, 'GET', '/api/v1/users/child-user-sub');
    expect(list.json().data).toMatchObject({ limit: 3, used: 3 });
    // A plain user of the company adds nobody.
    const refused = await call(company.user.session, 'POST', '/api/v1/users/child-user-subs', {
      fullName: 'Anak User',
      email: `anak-user-${unique()}@example.com`,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('removing a user who owns documents', () => {
  it('deactivates the account, keeps the documents for the company, and says so', async () => {
    const company = await newCompany(0);
    const { email, session } = company.user;
    const [doc] = await ctx.database.db
      .insert(documents)
      .values({
        companyId: company.companyId,
        ownerUserId: session.userData.id,
        fileName: 'kontrak.pdf',
        originalKey: `documents/${unique()}.pdf`,
        currentKey: `documents/${unique()}.pdf`,
        sizeBytes: 1000,
        sha256: '0'.repeat(64),
        pageCount: 1,
        pages: [{ width: 595, height: 842 }],
      })
      .returning();
    const res = await call(
      company.second.session,
      'DELETE',
      `/api/v1/users/${session.userData.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message:
        'The user owns documents: the account is deactivated and the documents stay with the company',
      data: { outcome: 'deactivated', documents_kept: true },
    });
    const [kept] = await ctx.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, doc?.id ?? 0));
    expect(kept?.ownerUserId).toBe(session.userData.id);
    // The account is gone from the lists, its sessions end, it cannot sign in or reset.
    const list = await call(company.admin.session, 'GET', '/api/v1/users/user-company?perPage=100');
    expect(list.json().data.data.map((u: { email: string }) => u.email)).not.toContain(email);
    expect((await call(session, 'GET', `/api/v1/users/${session.userData.id}`)).statusCode).toBe(
      401,
    );
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    const before = await lastMailTo(ctx, email);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email },
    });
    expect((await lastMailTo(ctx, email))?.id).toBe(before?.id);
    // A second removal finds nobody.
    expect(
      (await call(company.admin.session, 'DELETE', `/api/v1/users/${session.userData.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('erases a user without documents', async () => {
    const company = await newCompany(0);
    const res = await call(
      company.admin.session,
      'DELETE',
      `/api/v1/users/${company.user.session.userData.id}`,
    );
    expect(res.json()).toEqual({
      message: 'Berhasil hapus data User',
      data: { outcome: 'deleted', documents_kept: false },
    });
  });
});

describe('signer list', () => {
  it('gives what choosing a signer needs, no e-mail addresses', async () => {
    const company = await newCompany(0);
    const res = await call(company.user.session, 'GET', '/api/v1/template/signers');
    expect(res.statusCode).toBe(200);
    const signers = res.json().data as Record<string, unknown>[];
    expect(signers).toHaveLength(3);
    expect(signers[0]?.id).toBe(company.user.session.userData.id);
    for (const signer of signers)
      expect(Object.keys(signer).sort()).toEqual(['departement_name', 'fullName', 'id']);
  });
});
