import { createHash } from 'node:crypto';
import {
  abilitiesFor,
  type TSession,
  ZApiError,
  ZLoginResponse,
  ZUserData,
} from '@bubuh/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, otps, passwordResets, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../src/demo/seed.ts';
import {
  bearer,
  callAs,
  createVerifiedUser,
  lastMailTo,
  login,
  otpFromMail,
  PASSWORD,
  registerPersonal,
  userIdOf,
} from './auth-helpers.ts';
import {
  RELAXED_LIMITS,
  type TTestContext,
  testContextPerFile,
  unique,
  withTestContext,
} from './helpers.ts';

let ctx: TTestContext;
testContextPerFile(
  {
    env: {
      PUBLIC_URL: 'http://portal.test',
      ...RELAXED_LIMITS,
      RATE_LIMIT_RESET_PER_MINUTE: '1000',
    },
  },
  (built) => {
    ctx = built;
  },
);

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

const errorOf = (res: { json: () => unknown }) => ZApiError.parse(res.json());

describe('register', () => {
  it('creates an unverified account and e-mails a 6-digit code', async () => {
    const email = await registerPersonal(ctx);
    const mail = await lastMailTo(ctx, email);
    expect(mail?.subject).toBe('Your Bubuh verification code');
    expect(otpFromMail(mail?.text ?? '')).toMatch(/^\d{6}$/);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerifiedAt).toBeNull();
    expect(row?.userType).toBe('personal');
    const res = await post('/api/v1/auth/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).errors.reason).toBe('EMAIL_NOT_VERIFIED');
  });

  it('writes the mail in Indonesian when the browser asks for it', async () => {
    const email = `id-${unique()}@example.com`;
    await post(
      '/api/register',
      { name: 'Budi', email, phoneNumber: '081234567890', password: PASSWORD, type: 'personal' },
      { 'accept-language': 'id-ID,id;q=0.9' },
    );
    expect((await lastMailTo(ctx, email))?.subject).toBe('Kode verifikasi Bubuh Anda');
  });

  it('answers a bad NIK, NPWP and phone with field errors', async () => {
    const res = await post('/api/register', {
      name: 'PT Salah',
      email: `bad-${unique()}@example.com`,
      phoneNumber: '0215551234',
      password: PASSWORD,
      type: 'company',
      companyName: 'PT Salah Input',
      noKTP: '3174051513900001',
      npwp: '013000667091000',
    });
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(body.errors.status).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining(['phoneNumber', 'noKTP', 'npwp']),
    );
  });

  it('creates the company of a company registration, with the user as its admin', async () => {
    const email = `co-${unique()}@example.com`;
    const res = await post('/api/register', {
      name: 'Rina Direktur',
      email,
      phoneNumber: '+6281234567890',
      password: PASSWORD,
      type: 'company',
      companyName: `PT Maju ${unique()}`,
      noKTP: '3174055508900002',
      npwp: '01.300.066.6-091.000',
      bank: 'BCA',
      accountNumber: '1234567890',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select({ role: users.role, userType: users.userType, npwp: companies.npwp })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, email));
    expect(row).toEqual({ role: 'admin-company', userType: 'company', npwp: '0013000666091000' });
  });

  it('answers an already registered address like a new one and tells its owner by e-mail', async () => {
    const email = await createVerifiedUser(ctx);
    const body = (to: string) => ({
      name: 'Again',
      email: to,
      phoneNumber: '081234567890',
      password: PASSWORD,
      type: 'personal',
    });
    const known = await post('/api/register', body(email.toUpperCase()));
    const fresh = await post('/api/register', body(`new-${unique()}@example.com`));
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(known.json().data).sort()).toEqual(Object.keys(fresh.json().data).sort());
    expect(known.json().message).toBe(fresh.json().message);
    const mail = await lastMailTo(ctx, email);
    expect(mail?.template).toBe('already-registered');
    // No code was made for the address: the OTP step cannot pass.
    const step = await post('/api/v1/auth/otp/verify', { email, otp: '123456' });
    expect(step.statusCode).toBe(400);
  });
});

describe('register again before verifying', () => {
  it('replaces the draft (personal → company) and keeps the fresh code during the cool-down', async () => {
    const email = await registerPersonal(ctx);
    const firstMail = await lastMailTo(ctx, email);
    const companyName = `PT Ganti ${unique()}`;
    const again = await post('/api/register', {
      name: 'Rina Ganti',
      email,
      phoneNumber: '081234567890',
      password: PASSWORD,
      type: 'company',
      companyName,
      noKTP: '3174055508900002',
      npwp: '01.300.066.6-091.000',
    });
    expect(again.statusCode, again.body).toBe(201);
    // No second mail inside the 60 s resend cool-down: the first code still works.
    expect((await lastMailTo(ctx, email))?.id).toBe(firstMail?.id);
    const [row] = await ctx.database.db
      .select({ role: users.role, userType: users.userType, company: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, email));
    expect(row).toEqual({ role: 'admin-company', userType: 'company', company: companyName });
    const code = otpFromMail(firstMail?.text ?? '');
    expect((await post('/api/v1/auth/otp/verify', { email, otp: code })).statusCode).toBe(200);
    expect((await login(ctx, email)).userData.company_name).toBe(companyName);
  });

  it('drops the company when the new draft is personal', async () => {
    const email = `co2p-${unique()}@example.com`;
    const company = {
      name: 'Rina',
      email,
      phoneNumber: '081234567890',
      password: PASSWORD,
      type: 'company',
      companyName: `PT Batal ${unique()}`,
      noKTP: '3174055508900002',
      npwp: '01.300.066.6-091.000',
    };
    expect((await post('/api/register', company)).statusCode).toBe(201);
    const [before] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const personal = { ...company, type: 'personal', companyName: undefined, npwp: undefined };
    expect((await post('/api/register', personal)).statusCode).toBe(201);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(after).toMatchObject({ role: 'user', userType: 'personal', companyId: null });
    const left = await ctx.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, before?.companyId ?? -1));
    expect(left).toEqual([]);
  });

  it('checks a NIK that a personal draft gives', async () => {
    const res = await post('/api/register', {
      name: 'Budi',
      email: `nik-${unique()}@example.com`,
      phoneNumber: '081234567890',
      password: PASSWORD,
      type: 'personal',
      noKTP: '1234',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).errors.noKTP).toBeDefined();
  });
});

describe('register OTP', () => {
  /** The code in the last mail to `email`; a new personal account and the code it was mailed. */
  const mailedCode = async (email: string) =>
    otpFromMail((await lastMailTo(ctx, email))?.text ?? '');
  const registeredWithCode = async () => {
    const email = await registerPersonal(ctx);
    return { email, code: await mailedCode(email) };
  };

  /** Sets `times` (moved into the past) on the OTP row of `email`'s account. */
  const backdateOtp = async (email: string, times: { expiresAt?: SQL; createdAt?: SQL }) => {
    const id = await userIdOf(ctx, email);
    await ctx.database.db.update(otps).set(times).where(eq(otps.userId, id));
  };

  it('verifies with the right code, once', async () => {
    const { email, code } = await registeredWithCode();
    const ok = await post('/api/v1/auth/otp/verify', { email, otp: code });
    expect(ok.statusCode).toBe(200);
    const session = await login(ctx, email);
    expect(session.userData.email).toBe(email);
    // The same code again, or any code, is refused: a verified address has nothing to verify.
    const again = await post('/api/v1/auth/otp/verify', { email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).errors.otp).toBe('invalid');
    const unknown = await post('/api/v1/auth/otp/verify', {
      email: `nobody-${unique()}@example.com`,
      otp: code,
    });
    expect(unknown.json()).toEqual(again.json());
  });

  it('stores the code only as a keyed hash', async () => {
    const { email, code } = await registeredWithCode();
    const id = await userIdOf(ctx, email);
    const [row] = await ctx.database.db.select().from(otps).where(eq(otps.userId, id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
  });

  it('counts wrong codes and locks the code after 5 wrong tries', async () => {
    const { email, code } = await registeredWithCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await post('/api/v1/auth/otp/verify', { email, otp: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe('Wrong code. 4 tries left.');
    for (let i = 0; i < 4; i += 1) await post('/api/v1/auth/otp/verify', { email, otp: wrong });
    const locked = await post('/api/v1/auth/otp/verify', { email, otp: code });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).errors.otp).toBe('locked');
  });

  it('rejects an expired code', async () => {
    const { email, code } = await registeredWithCode();
    await backdateOtp(email, { expiresAt: sql`now() - interval '1 second'` });
    const res = await post('/api/v1/auth/otp/verify', { email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).errors.otp).toBe('expired');
  });

  it('enforces the resend cool-down and replaces the old code', async () => {
    const { email, code: oldCode } = await registeredWithCode();
    const early = await post('/api/v1/auth/otp/resend', { email });
    // Within the cool-down: no new mail, and the answer an unknown address gets too.
    const unknown = await post('/api/v1/auth/otp/resend', {
      email: `nobody-${unique()}@example.com`,
    });
    expect(early.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(early.json().data.retryAfterSeconds).toBe(unknown.json().data.retryAfterSeconds);
    expect(await mailedCode(email)).toBe(oldCode);
    await backdateOtp(email, { createdAt: sql`now() - interval '2 minutes'` });
    const resend = await post('/api/v1/auth/otp/resend', { email });
    expect(resend.statusCode).toBe(200);
    const newCode = await mailedCode(email);
    if (newCode !== oldCode) {
      const stale = await post('/api/v1/auth/otp/verify', { email, otp: oldCode });
      expect(stale.statusCode).toBe(400);
    }
    expect((await post('/api/v1/auth/otp/verify', { email, otp: newCode })).statusCode).toBe(200);
  });
});

describe('login', () => {
  beforeAll(async () => {
    await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  });

  it('signs in every demo account with the session of spec §3 and its abilities', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await post('/api/v1/auth/login', {
        email: account.email,
        password: 'Demo#2026!',
      });
      expect(res.statusCode, account.email).toBe(200);
      const body = ZLoginResponse.parse(res.json());
      expect(body.message).toBe('Login success');
      const session = body.data as TSession;
      const userData = ZUserData.parse(session.userData);
      expect(userData.role).toBe(account.role);
      expect(userData.user_type).toBe(account.userType);
      expect(userData.emet_id).toMatch(/^DF/);
      expect(session.ability).toEqual(abilitiesFor(account.role, account.userType));
      expect(JSON.stringify(session)).not.toContain('password');
    }
    const user = await login(ctx, 'user@demo.local', 'Demo#2026!');
    expect(user.userData).toMatchObject({
      company_name: 'PT Demo Sejahtera',
      departement_name: 'Finance',
    });
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await post('/api/v1/auth/login', {
      email: 'user@demo.local',
      password: 'Nope12345',
    });
    const unknown = await post('/api/v1/auth/login', {
      email: `nobody-${unique()}@example.com`,
      password: 'Nope12345',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('locks the address that sent 5 wrong passwords for 15 minutes', async () => {
    // Per account and client address; other addresses: auth-lockout.test.ts.
    const email = await createVerifiedUser(ctx);
    for (let i = 0; i < 5; i += 1)
      await post('/api/v1/auth/login', { email, password: 'Wrong1234' });
    // A wrong password answers as for an unknown address, locked or not: no enumeration.
    const wrong = await post('/api/v1/auth/login', { email, password: 'Wrong1234' });
    const unknown = await post('/api/v1/auth/login', {
      email: `nobody-${unique()}@example.com`,
      password: 'Wrong1234',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    // Only the right password learns about the lock.
    const res = await post('/api/v1/auth/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).errors.status).toBe('RATE_LIMITED');
  });

  it('asks for an e-mail code when login-OTP is on, and the code works once', async () => {
    const email = await createVerifiedUser(ctx);
    const session = await login(ctx, email);
    const on = await callAs(
      ctx,
      session,
      'PATCH',
      `/api/v1/users/${session.userData.id}/security`,
      { loginOtpEnabled: true },
    );
    expect(on.statusCode).toBe(200);
    const challenge = await post('/api/v1/auth/login', { email, password: PASSWORD });
    expect(challenge.statusCode).toBe(200);
    const { otpRequired, otpToken } = challenge.json().data as {
      otpRequired: boolean;
      otpToken: string;
    };
    expect(otpRequired).toBe(true);
    expect(challenge.json().data.accessToken).toBeUndefined();
    const mail = await lastMailTo(ctx, email);
    expect(mail?.subject).toBe('Your Bubuh sign-in code');
    const code = otpFromMail(mail?.text ?? '');
    expect(
      (await post('/api/v1/auth/login/otp', { otpToken: `${otpToken}x`, otp: code })).statusCode,
    ).toBe(400);
    const done = await post('/api/v1/auth/login/otp', { otpToken, otp: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.userData.email).toBe(email);
    const reused = await post('/api/v1/auth/login/otp', { otpToken, otp: code });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).errors.otp).toBe('used');
  });
});

describe('tokens', () => {
  it('rejects calls without a valid bearer token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/1' });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).errors.status).toBe('UNAUTHENTICATED');
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/1',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const email = await createVerifiedUser(ctx);
    const session = await login(ctx, email);
    const first = await post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    expect(first.statusCode).toBe(200);
    const pair = first.json().data as { accessToken: string; refreshToken: string };
    expect(pair.refreshToken).not.toBe(session.refreshToken);
    const me = await callAs(ctx, pair, 'GET', `/api/v1/users/${session.userData.id}`);
    expect(me.statusCode).toBe(200);

    const replay = await post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(
      (await post('/api/v1/auth/refresh', { refreshToken: pair.refreshToken })).statusCode,
    ).toBe(401);
    const after = await callAs(ctx, pair, 'GET', `/api/v1/users/${session.userData.id}`);
    expect(after.statusCode).toBe(401);
  });

  it('logout ends the session for the access and the refresh token', async () => {
    const email = await createVerifiedUser(ctx);
    const session = await login(ctx, email);
    const out = await post(
      '/api/v1/auth/logout',
      { refreshToken: session.refreshToken },
      bearer(session),
    );
    expect(out.statusCode).toBe(200);
    const me = await callAs(ctx, session, 'GET', `/api/v1/users/${session.userData.id}`);
    expect(me.statusCode).toBe(401);
    expect(
      (await post('/api/v1/auth/refresh', { refreshToken: session.refreshToken })).statusCode,
    ).toBe(401);
  });

  it('refuses an expired access token, and refresh gives a working one', async () => {
    const email = await createVerifiedUser(ctx);
    const session = await login(ctx, email);
    const sid = (ctx.app.jwt.decode(session.accessToken) as { sid: string }).sid;
    const expired = ctx.app.jwt.sign({ sub: String(session.userData.id), sid }, { expiresIn: 1 });
    await new Promise((r) => setTimeout(r, 1100));
    const url = `/api/v1/users/${session.userData.id}`;
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${expired}` },
        })
      ).statusCode,
    ).toBe(401);
    const fresh = (
      await post('/api/v1/auth/refresh', { refreshToken: session.refreshToken })
    ).json().data;
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(fresh) })).statusCode).toBe(
      200,
    );
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses, and mails a link only to the known one', async () => {
    const email = await createVerifiedUser(ctx);
    const known = await post('/api/v1/auth/forgot-password', { email });
    const unknownEmail = `ghost-${unique()}@example.com`;
    const unknown = await post('/api/v1/auth/forgot-password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect((await lastMailTo(ctx, email))?.text).toContain(
      'http://portal.test/auth/reset-password/',
    );
    expect(await lastMailTo(ctx, unknownEmail)).toBeUndefined();
  });

  it('resets with a single-use token, signs out old sessions and accepts the new password', async () => {
    const email = await createVerifiedUser(ctx);
    const old = await login(ctx, email);
    await post('/api/v1/auth/forgot-password', { email });
    const link = (await lastMailTo(ctx, email))?.text.match(/reset-password\/([A-Za-z0-9_-]+)/);
    const token = link?.[1] ?? '';
    const body = { password: 'BaruSekali99', passwordConfirmation: 'BaruSekali99' };
    const mismatch = await post(`/api/v1/auth/reset-password/${token}`, {
      ...body,
      passwordConfirmation: 'Other123A',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch).errors.passwordConfirmation).toBeDefined();
    expect((await post(`/api/v1/auth/reset-password/${token}`, body)).statusCode).toBe(200);
    expect((await post(`/api/v1/auth/reset-password/${token}`, body)).statusCode).toBe(400);
    const me = await callAs(ctx, old, 'GET', `/api/v1/users/${old.userData.id}`);
    expect(me.statusCode).toBe(401);
    expect((await post('/api/v1/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    await login(ctx, email, 'BaruSekali99');
  });

  it('refuses an expired reset token', async () => {
    const email = await createVerifiedUser(ctx);
    await post('/api/v1/auth/forgot-password', { email });
    const token =
      (await lastMailTo(ctx, email))?.text.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, await userIdOf(ctx, email)));
    const res = await post(`/api/v1/auth/reset-password/${token}`, {
      password: 'BaruSekali99',
      passwordConfirmation: 'BaruSekali99',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  /** A login to an account that does not exist (`x<i>@example.com`) on the app of `limited`. */
  const unknownLogin = (limited: TTestContext, i: number, headers?: Record<string, string>) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `x${i}@example.com`, password: 'Whatever1' },
      headers,
    });

  it('answers 429 with the envelope when one address calls login too often', async () => {
    await withTestContext({ env: { RATE_LIMIT_LOGIN_PER_MINUTE: '3' } }, async (limited) => {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await unknownLogin(limited, i);
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          const body = ZApiError.parse(res.json());
          expect(body.errors.status).toBe('RATE_LIMITED');
          expect(body.message).toMatch(/Too many requests/);
        }
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    });
  });

  it('keys the limit on the connection, not on a client-chosen X-Forwarded-For', async () => {
    await withTestContext({ env: { RATE_LIMIT_LOGIN_PER_MINUTE: '2' } }, async (limited) => {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await unknownLogin(limited, i, { 'x-forwarded-for': `203.0.113.${i + 1}` });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 429, 429]);
    });
  });

  it('limits forgot-password per address', async () => {
    await withTestContext({ env: { RATE_LIMIT_RESET_PER_MINUTE: '2' } }, async (limited) => {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        codes.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/v1/auth/forgot-password',
              payload: { email: 'a@example.com' },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 429]);
    });
  });
});
