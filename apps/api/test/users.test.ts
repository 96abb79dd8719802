import { ZApiError } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { bearer, callAs, createVerifiedUser, login, PASSWORD } from './auth-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';
import { postFile } from './multipart.ts';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { ...RELAXED_LIMITS },
  });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
});
afterAll(() => ctx.close());

const get = (url: string, session: { accessToken: string }) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(session) });

describe('user records', () => {
  it('lets a user read and edit their own profile', async () => {
    const email = await createVerifiedUser(ctx);
    const session = await login(ctx, email);
    const me = await get(`/api/v1/users/${session.userData.id}`, session);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email, login_otp_enabled: false, email_verified: true });
    const patch = await callAs(ctx, session, 'PATCH', `/api/v1/users/${session.userData.id}`, {
      fullName: 'Sari Baru',
      phoneNumber: '0812 9999 8888',
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().data).toMatchObject({ fullName: 'Sari Baru', phone: '+6281299998888' });
    const bad = await callAs(ctx, session, 'PATCH', `/api/v1/users/${session.userData.id}`, {
      phoneNumber: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(ZApiError.parse(bad.json()).errors.phoneNumber).toBeDefined();
  });

  it("hides another company's user (404) and refuses a colleague who is not an admin (403)", async () => {
    const outsider = await login(ctx, await createVerifiedUser(ctx));
    const demoUser = await login(ctx, 'user@demo.local', 'Demo#2026!');
    const demoAdmin = await login(ctx, 'admin@demo.local', 'Demo#2026!');
    const company = await login(ctx, 'company@demo.local', 'Demo#2026!');

    expect((await get(`/api/v1/users/${demoUser.userData.id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/v1/users/${outsider.userData.id}`, demoAdmin)).statusCode).toBe(404);
    expect((await get(`/api/v1/users/${company.userData.id}`, demoUser)).statusCode).toBe(403);
    expect((await get(`/api/v1/users/${demoUser.userData.id}`, demoAdmin)).statusCode).toBe(200);
    expect((await get('/api/v1/users/999999', demoAdmin)).statusCode).toBe(404);

    const edit = await callAs(ctx, outsider, 'PATCH', `/api/v1/users/${demoUser.userData.id}`, {
      fullName: 'Hacked',
    });
    expect(edit.statusCode).toBe(403);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, demoUser.userData.id));
    expect(row?.fullName).toBe('Dewi User');
  });

  it('lets super read any user', async () => {
    const superSession = await login(ctx, 'super@demo.local', 'Demo#2026!');
    const demoUser = await login(ctx, 'user@demo.local', 'Demo#2026!');
    expect((await get(`/api/v1/users/${demoUser.userData.id}`, superSession)).statusCode).toBe(200);
  });

  it('changes the password only with the current one, and signs out other sessions', async () => {
    const email = await createVerifiedUser(ctx);
    const a = await login(ctx, email);
    const b = await login(ctx, email);
    const url = `/api/v1/users/${a.userData.id}/password`;
    const wrong = await callAs(ctx, a, 'POST', url, {
      currentPassword: 'Nope1234',
      newPassword: 'Lebih#Baru2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(ZApiError.parse(wrong.json()).errors.currentPassword).toBeDefined();
    const weak = await callAs(ctx, a, 'POST', url, {
      currentPassword: PASSWORD,
      newPassword: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    const ok = await callAs(ctx, a, 'POST', url, {
      currentPassword: PASSWORD,
      newPassword: 'Lebih#Baru2026',
    });
    expect(ok.statusCode).toBe(200);
    expect((await get(`/api/v1/users/${a.userData.id}`, a)).statusCode).toBe(200);
    expect((await get(`/api/v1/users/${a.userData.id}`, b)).statusCode).toBe(401);
    await login(ctx, email, 'Lebih#Baru2026');
  });

  it('looks a user up by DigiFriend code with a masked e-mail', async () => {
    const session = await login(ctx, 'admin@demo.local', 'Demo#2026!');
    const target = await login(ctx, 'user@demo.local', 'Demo#2026!');
    const res = await get(`/api/v1/users/user/${target.userData.emet_id}`, session);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      fullName: 'Dewi User',
      email: 'u**r@d**o.local',
      emet_id: target.userData.emet_id,
    });
    expect((await get('/api/v1/users/user/DFNOPE0000', session)).statusCode).toBe(404);
  });
});

describe('avatar', () => {
  it('stores a PNG avatar and serves it from /files/{avatar}', async () => {
    const session = await login(ctx, await createVerifiedUser(ctx));
    const res = await postFile(ctx, session, `/api/v1/users/${session.userData.id}/avatar`, {
      field: 'avatar',
      name: 'me.png',
      content: PNG_1PX,
      type: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json().data.avatar as string;
    expect(avatar).toMatch(/^[0-9a-f-]{36}\.png$/);
    const file = await ctx.app.inject({ method: 'GET', url: `/files/${avatar}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG_1PX)).toBe(0);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const session = await login(ctx, await createVerifiedUser(ctx));
    const res = await postFile(ctx, session, `/api/v1/users/${session.userData.id}/avatar`, {
      field: 'avatar',
      name: 'evil.png',
      content: Buffer.from('<html><script>alert(1)</script>'),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(ZApiError.parse(res.json()).errors.status).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an avatar over 2 MB', async () => {
    const session = await login(ctx, await createVerifiedUser(ctx));
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await postFile(ctx, session, `/api/v1/users/${session.userData.id}/avatar`, {
      field: 'avatar',
      name: 'big.png',
      content: big,
      type: 'image/png',
    });
    expect(res.statusCode).toBe(413);
    expect(ZApiError.parse(res.json()).errors.status).toBe('PAYLOAD_TOO_LARGE');
  });
});
