import { ZApiError } from '@bubuh/contracts';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, departements, users } from '../src/db/schema.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { newEmetId } from '../src/lib/ids.ts';
import { bearer, callerFor, createVerifiedUser, lastMailTo, login } from './auth-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext, unique } from './helpers.ts';
import { expectPages, expectRefusedQuery, pagedNames } from './list-helpers.ts';
import { multipartBody } from './multipart.ts';

type TS = { accessToken: string; userData: { id: number } };
let ctx: TTestContext;
const as: Record<string, TS> = {};
let financeId = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      ...RELAXED_LIMITS,
      PUBLIC_URL: 'http://portal.test',
    },
  });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  for (const who of ['admin', 'company', 'user', 'personal', 'super'])
    as[who] = await login(ctx, `${who}@demo.local`, 'Demo#2026!');
  as.outsider = await login(ctx, await createVerifiedUser(ctx));
  const [finance] = await ctx.database.db
    .select()
    .from(departements)
    .where(eq(departements.name, 'Finance'));
  financeId = finance?.id ?? 0;
});
afterAll(() => ctx.close());

const call = callerFor(() => ctx, as);

const multipart = (
  fields: Record<string, string>,
  file: { name: string; content: Buffer; type: string },
) => multipartBody(fields, { field: 'file', ...file });

describe('company users', () => {
  it('lists the company users without the caller', async () => {
    const res = await call('admin', 'GET', '/api/v1/users/user-company?perPage=50');
    expect(res.statusCode).toBe(200);
    const emails = (res.json().data.data as { email: string }[]).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['company@demo.local', 'user@demo.local']));
    expect(emails).not.toContain('admin@demo.local');
    expect(emails).not.toContain('personal@demo.local');
    expect((await call('user', 'GET', '/api/v1/users/user-company')).statusCode).toBe(403);
  });

  it('adds a user who receives an invitation to set a password, then edits and removes them', async () => {
    const email = `new-${unique()}@example.com`;
    const created = await call('admin', 'POST', '/api/v1/users', {
      fullName: 'Nina Baru',
      email,
      role: 'user',
      departement_id: financeId,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Berhasil tambah data User',
      data: { email, departement_name: 'Finance', invitation_pending: true },
    });
    const mail = await lastMailTo(ctx, email);
    expect(mail?.subject).toBe('Ayu Admin invited you to Bubuh');
    const token = mail?.text.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const set = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${token}`,
      payload: { password: 'Undangan#2026', passwordConfirmation: 'Undangan#2026' },
    });
    expect(set.statusCode).toBe(200);
    const session = await login(ctx, email, 'Undangan#2026');
    expect(session.userData).toMatchObject({
      role: 'user',
      departement_name: 'Finance',
      company_name: 'PT Demo Sejahtera',
    });

    const id = created.json().data.id as number;
    const dup = await call('admin', 'POST', '/api/v1/users', {
      fullName: 'Dup',
      email,
      role: 'user',
      departement_id: financeId,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Email sudah terdaftar');
    const noDept = await call('admin', 'POST', '/api/v1/users', {
      fullName: 'No Dept',
      email: `nd-${unique()}@example.com`,
      role: 'user',
    });
    expect(noDept.statusCode).toBe(400);
    expect(ZApiError.parse(noDept.json()).errors.departement_id).toBeDefined();

    const promoted = await call('admin', 'PATCH', `/api/v1/users/${id}`, {
      role: 'admin-company',
      departement_id: null,
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data).toMatchObject({ role: 'admin-company', departement_id: null });
    expect(
      (await call('company', 'PATCH', `/api/v1/users/${id}`, { role: 'admin' })).statusCode,
    ).toBe(403);
    expect((await call('outsider', 'DELETE', `/api/v1/users/${id}`)).statusCode).toBe(403);
    const removed = await call('admin', 'DELETE', `/api/v1/users/${id}`);
    expect(removed.json().message).toBe('Berhasil hapus data User');
    expect(await ctx.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
  });

  it("cannot touch another company's users or use another company's department", async () => {
    const otherAdmin = await login(ctx, await createVerifiedUser(ctx));
    expect(
      (await call('admin', 'DELETE', `/api/v1/users/${otherAdmin.userData.id}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call('admin', 'PATCH', `/api/v1/users/${otherAdmin.userData.id}`, {
          role: 'user',
          departement_id: financeId,
        })
      ).statusCode,
    ).toBe(404);
    const [foreignDept] = await ctx.database.db
      .insert(departements)
      .values({ companyId: 1, name: `X ${unique()}` })
      .returning();
    const res = await call('admin', 'POST', '/api/v1/users', {
      fullName: 'Cross',
      email: `x-${unique()}@example.com`,
      role: 'user',
      departement_id: foreignDept?.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Departemen tidak ditemukan');
  });

  it('lists personal accounts for super only', async () => {
    const res = await call('super', 'GET', '/api/v1/users/personal-user?search=personal%40demo');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((u: { email: string }) => u.email)).toEqual([
      'personal@demo.local',
    ]);
    expect((await call('admin', 'GET', '/api/v1/users/personal-user')).statusCode).toBe(403);
  });
});

describe('user list sorting', () => {
  type TRow = { fullName: string; email: string };
  const at = (day: number) => new Date(Date.UTC(2024, 0, day));
  const firstName = (r: TRow) => r.fullName.split(' ')[0] ?? '';

  it('sorts the company users on the server, across pages, and keeps newest first by default', async () => {
    const tag = unique();
    const [company] = await ctx.database.db
      .insert(companies)
      .values({ name: `PT Urut ${tag}` })
      .returning();
    const companyId = company?.id ?? 0;
    const depts = await ctx.database.db
      .insert(departements)
      .values([
        { companyId, name: 'Beta' },
        { companyId, name: 'Alfa' },
      ])
      .returning();
    const deptId = (name: string) => depts.find((d) => d.name === name)?.id ?? null;
    const adminEmail = await createVerifiedUser(ctx);
    await ctx.database.db
      .update(users)
      .set({ role: 'admin', userType: 'company', companyId })
      .where(eq(users.email, adminEmail));
    const admin = await login(ctx, adminEmail);
    // Inserted in this order (ids ascending); created_at deliberately in another order.
    const rows: [string, string, 'user' | 'admin' | 'admin-company', string | null, number][] = [
      ['Dewi', 'e', 'user', 'Beta', 3],
      ['Adi', 'c', 'admin-company', null, 1],
      ['Citra', 'a', 'user', 'Alfa', 5],
      ['Eko', 'd', 'admin', null, 2],
      ['Budi', 'b', 'user', 'Alfa', 4],
    ];
    for (const [name, prefix, role, dept, day] of rows) {
      await ctx.database.db.insert(users).values({
        email: `${prefix}-${name.toLowerCase()}-${tag}@example.com`,
        fullName: `${name} Urut`,
        role,
        userType: 'company',
        companyId,
        departementId: dept ? deptId(dept) : null,
        emetId: newEmetId(),
        createdAt: at(day),
      });
    }
    const read = pagedNames<TRow>(ctx, admin, '/api/v1/users/user-company', firstName, 5);
    await expectPages(read, [
      [{}, [['Citra', 'Budi'], ['Dewi', 'Eko'], ['Adi']]],
      [{ sort: 'created' }, [['Adi', 'Eko'], ['Dewi', 'Budi'], ['Citra']]],
      [{ sort: 'name' }, [['Adi', 'Budi'], ['Citra', 'Dewi'], ['Eko']]],
      [{ sort: 'name', order: 'desc' }, [['Eko', 'Dewi'], ['Citra', 'Budi'], ['Adi']]],
      [{ sort: 'email' }, [['Citra', 'Budi'], ['Adi', 'Eko'], ['Dewi']]],
      [{ sort: 'role' }, [['Eko', 'Adi'], ['Dewi', 'Citra'], ['Budi']]],
      // Users without a department come last, in both directions.
      [{ sort: 'department' }, [['Citra', 'Budi'], ['Dewi', 'Adi'], ['Eko']]],
      [{ sort: 'department', order: 'desc' }, [['Dewi', 'Budi'], ['Citra', 'Eko'], ['Adi']]],
    ]);
    await expectRefusedQuery(ctx, admin, '/api/v1/users/user-company?sort=phone', 'sort');
  });

  it('sorts the personal accounts on the server and refuses the company-only keys', async () => {
    const tag = unique();
    const people: [string, string, number][] = [
      ['Bayu', 'c', 2],
      ['Agus', 'b', 3],
      ['Candra', 'a', 1],
    ];
    for (const [name, prefix, day] of people) {
      await ctx.database.db.insert(users).values({
        email: `${prefix}-${tag}@example.com`,
        fullName: `${name} ${tag}`,
        role: 'user',
        userType: 'personal',
        emetId: newEmetId(),
        createdAt: at(day),
      });
    }
    const read = pagedNames<TRow>(
      ctx,
      as.super as TS,
      '/api/v1/users/personal-user',
      firstName,
      3,
      { search: tag },
    );
    await expectPages(read, [
      [{}, [['Agus', 'Bayu'], ['Candra']]],
      [{ sort: 'name' }, [['Agus', 'Bayu'], ['Candra']]],
      [{ sort: 'name', order: 'desc' }, [['Candra', 'Bayu'], ['Agus']]],
      [{ sort: 'email' }, [['Candra', 'Agus'], ['Bayu']]],
      [{ sort: 'created' }, [['Candra', 'Bayu'], ['Agus']]],
    ]);
    for (const key of ['department', 'role'])
      await expectRefusedQuery(
        ctx,
        as.super as TS,
        `/api/v1/users/personal-user?sort=${key}`,
        'sort',
      );
  });
});

describe('child users', () => {
  it('adds child users up to the plan limit and removes them', async () => {
    // On PostgreSQL other files add children to the demo company meanwhile: counts are relative.
    const list = await call('company', 'GET', '/api/v1/users/child-user-sub');
    expect(list.json().data).toMatchObject({ limit: 25 });
    const used = list.json().data.used as number;
    const email = `child-${unique()}@example.com`;
    const added = await call('company', 'POST', '/api/v1/users/child-user-subs', {
      fullName: 'Anak Satu',
      email,
    });
    expect(added.statusCode, added.body).toBe(201);
    const usedNow = async (who: 'company' | 'admin') =>
      (await call(who, 'GET', '/api/v1/users/child-user-sub')).json().data.used as number;
    expect(await usedNow('company')).toBeGreaterThanOrEqual(used + 1);
    // The limit belongs to the subscription: the company's other admin counts the same child.
    expect(await usedNow('admin')).toBeGreaterThanOrEqual(used + 1);
    const id = added.json().data.id as number;
    // A plain user of the company adds and removes nobody.
    expect((await call('user', 'DELETE', `/api/v1/users/child-user-sub/${id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call('company', 'DELETE', `/api/v1/users/child-user-sub/${id}`)).json().message,
    ).toBe('Berhasil hapus data User');
  });

  it('refuses child users beyond total_multiuser with a message', async () => {
    const limit = 25;
    const { companyId } = (
      await ctx.database.db
        .select({ companyId: users.companyId })
        .from(users)
        .where(eq(users.email, 'admin@demo.local'))
    )[0] ?? { companyId: null };
    const fill = await ctx.database.db
      .insert(users)
      .values(
        Array.from({ length: limit }, (_, i) => ({
          email: `fill-${i}-${unique()}@example.com`,
          fullName: `Fill ${i}`,
          role: 'user' as const,
          userType: 'company' as const,
          companyId,
          parentUserId: as.admin?.userData.id ?? 0,
          emetId: `DFFILL${unique().slice(-8).toUpperCase()}`.slice(0, 16),
        })),
      )
      .returning({ id: users.id });
    try {
      const res = await call('admin', 'POST', '/api/v1/users/child-user-subs', {
        fullName: 'Satu Lagi',
        email: `over-${unique()}@example.com`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(`Batas child user paket Anda (${limit}) sudah tercapai`);
    } finally {
      // The demo company is shared with other files on PostgreSQL: give its room back.
      await ctx.database.db.delete(users).where(
        inArray(
          users.id,
          fill.map((u) => u.id),
        ),
      );
    }
  });
});

describe('e-sign specimens', () => {
  const drawnSignature = async () =>
    sharp({ create: { width: 400, height: 160, channels: 3, background: '#fafafa' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="400" height="160"><path d="M20 120 C 120 10, 220 150, 380 40" stroke="#102060" stroke-width="8" fill="none"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();

  it('stores a drawn signature as a transparent, trimmed PNG and serves it to its owner', async () => {
    const form = multipart(
      { source: 'drawn', name: 'Paraf' },
      { name: 'sig.jpg', content: await drawnSignature(), type: 'image/jpeg' },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/esign',
      headers: { ...bearer(as.user as TS), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const spec = res.json().data as {
      id: number;
      width: number;
      height: number;
      is_default: boolean;
      image_url: string;
    };
    expect(res.json().message).toBe('Berhasil tambah data Esign');
    expect(spec.is_default).toBe(true);
    expect(spec.width).toBeLessThan(400);
    const image = await call('user', 'GET', spec.image_url);
    expect(image.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(image.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0); // top-left corner: paper became transparent
    let opaque = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) === 255) opaque += 1;
    expect(opaque).toBeGreaterThan(100);

    const listed = await call('admin', 'GET', `/api/v1/esign/by/${as.user?.userData.id}`);
    expect(listed.json().data).toHaveLength(1);
    expect(
      (await call('outsider', 'GET', `/api/v1/esign/by/${as.user?.userData.id}`)).statusCode,
    ).toBe(404);
    expect((await call('outsider', 'GET', spec.image_url)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/v1/esign/${spec.id}`)).statusCode).toBe(404);
    const renamed = await call('user', 'PATCH', `/api/v1/esign/${spec.id}`, {
      name: 'Tanda tangan resmi',
    });
    expect(renamed.json()).toMatchObject({
      message: 'Berhasil update data Esign',
      data: { name: 'Tanda tangan resmi' },
    });
    expect((await call('user', 'DELETE', `/api/v1/esign/${spec.id}`)).json().message).toBe(
      'Berhasil hapus data Esign',
    );
  });

  it('refuses files that are not images, blank images and oversized files', async () => {
    const send = (content: Buffer, type = 'image/png') => {
      const form = multipart({}, { name: 'x.png', content, type });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/esign',
        headers: { ...bearer(as.personal as TS), ...form.headers },
        payload: form.payload,
      });
    };
    expect((await send(Buffer.from('%PDF-1.7 not an image'))).statusCode).toBe(415);
    const blank = await sharp({
      create: { width: 200, height: 80, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const empty = await send(blank);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The image has no visible signature');
    expect((await send(Buffer.alloc(1024 * 1024 + 100, 1))).statusCode).toBe(413);
  });
});
