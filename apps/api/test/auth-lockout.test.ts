import { ZApiError, ZLoginResponse } from '@bubuh/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../src/db/schema.ts';
import { AUTH_RULES, loginClientOf } from '../src/modules/auth/auth.service.ts';
import { createVerifiedUser, lastMailTo, otpFromMail, PASSWORD, userIdOf } from './auth-helpers.ts';
import { RELAXED_LIMITS, type TTestContext, testContextPerFile, unique } from './helpers.ts';

let ctx: TTestContext;
testContextPerFile({ env: { ...RELAXED_LIMITS, RATE_LIMIT_RESET_PER_MINUTE: '1000' } }, (built) => {
  ctx = built;
});

const OWNER = '198.51.100.4';
const STRANGER = '203.0.113.7';
const WRONG = 'Wrong1234';

/** A login sent from `address` (the TCP peer the server sees). */
const loginFrom = (address: string, email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: address,
  });

const failFrom = async (address: string, email: string, times: number) => {
  for (let i = 0; i < times; i += 1) {
    expect((await loginFrom(address, email, WRONG)).statusCode).toBe(401);
  }
};

const sessionOf = (res: { json: () => unknown }) => {
  const data = ZLoginResponse.parse(res.json()).data;
  if ('otpRequired' in data) throw new Error('expected a session, got an e-mail code challenge');
  return data;
};

describe('wrong passwords lock the address that sent them', () => {
  it('lets the owner in from their own address while a stranger has failed 5+ times', async () => {
    const email = await createVerifiedUser(ctx);
    await failFrom(STRANGER, email, AUTH_RULES.loginMaxFailures + 2);

    // The stranger's address is locked: even the right password from it is refused.
    const stranger = await loginFrom(STRANGER, email, PASSWORD);
    expect(stranger.statusCode).toBe(429);
    const refusal = ZApiError.parse(stranger.json());
    expect(refusal.errors.status).toBe('RATE_LIMITED');
    expect(refusal.message).toMatch(/^Too many failed sign-ins\. Try again in 15 minutes\.$/);
    expect(refusal.errors.retryAfterSeconds).toBe(900);

    const owner = await loginFrom(OWNER, email, PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(sessionOf(owner).accessToken).toBeTruthy();
    // Signing in does not lift the stranger's lock.
    expect((await loginFrom(STRANGER, email, PASSWORD)).statusCode).toBe(429);
  });

  it('answers a locked address the same for a wrong password as for an unknown e-mail', async () => {
    const email = await createVerifiedUser(ctx);
    await failFrom(STRANGER, email, AUTH_RULES.loginMaxFailures);
    const wrong = await loginFrom(STRANGER, email, WRONG);
    const unknown = await loginFrom(STRANGER, `nobody-${unique()}@example.com`, WRONG);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('counts each address on its own, and a right password clears only its own count', async () => {
    const email = await createVerifiedUser(ctx);
    await failFrom(OWNER, email, AUTH_RULES.loginMaxFailures - 1);
    await failFrom(STRANGER, email, AUTH_RULES.loginMaxFailures - 1);
    expect((await loginFrom(OWNER, email, PASSWORD)).statusCode).toBe(200);
    // The owner's typos are forgotten: one more is not the fifth.
    await failFrom(OWNER, email, 1);
    expect((await loginFrom(OWNER, email, PASSWORD)).statusCode).toBe(200);
    // The stranger's are not: one more locks their address.
    await failFrom(STRANGER, email, 1);
    expect((await loginFrom(STRANGER, email, PASSWORD)).statusCode).toBe(429);
  });

  it('groups IPv6 clients by their /64 and IPv4-mapped ones as IPv4', async () => {
    expect(loginClientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(loginClientOf('2001:0DB8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(loginClientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(loginClientOf('::1')).toBe('0:0:0:0::/64');
    expect(loginClientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(loginClientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(loginClientOf(undefined)).toBe('unknown');

    const email = await createVerifiedUser(ctx);
    for (let i = 1; i <= AUTH_RULES.loginMaxFailures; i += 1) {
      expect((await loginFrom(`2001:db8:7:7::${i}`, email, WRONG)).statusCode).toBe(401);
    }
    expect((await loginFrom('2001:db8:7:7::99', email, PASSWORD)).statusCode).toBe(429);
    expect((await loginFrom('2001:db8:7:8::1', email, PASSWORD)).statusCode).toBe(200);
  });

  it('ends the lock after 15 minutes, and the next failure starts a new count', async () => {
    const email = await createVerifiedUser(ctx);
    const userId = await userIdOf(ctx, email);
    await failFrom(STRANGER, email, AUTH_RULES.loginMaxFailures);
    expect((await loginFrom(STRANGER, email, PASSWORD)).statusCode).toBe(429);
    // 16 minutes later.
    await ctx.database.db
      .update(loginFailures)
      .set({
        windowStartedAt: sql`now() - interval '16 minutes'`,
        lastFailedAt: sql`now() - interval '16 minutes'`,
        lockedUntil: sql`now() - interval '1 minute'`,
      })
      .where(eq(loginFailures.userId, userId));
    await failFrom(STRANGER, email, 1);
    const [row] = await ctx.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.userId, userId));
    expect(row).toMatchObject({ client: STRANGER, failures: 1, lockedUntil: null });
    expect((await loginFrom(STRANGER, email, PASSWORD)).statusCode).toBe(200);
  });

  it('lifts every lock of the account when its password is reset', async () => {
    const email = await createVerifiedUser(ctx);
    await failFrom(STRANGER, email, AUTH_RULES.loginMaxFailures);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email },
    });
    const link = (await lastMailTo(ctx, email))?.text.match(/reset-password\/([\w-]+)/)?.[1];
    expect(link).toBeTruthy();
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${link}`,
      payload: { password: 'BaruSekali99', passwordConfirmation: 'BaruSekali99' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await loginFrom(STRANGER, email, 'BaruSekali99')).statusCode).toBe(200);
  });
});

describe('failures from many addresses', () => {
  it('make a right password ask for an e-mail code, locking nobody out', async () => {
    const email = await createVerifiedUser(ctx);
    const addresses = AUTH_RULES.loginAccountFailures / AUTH_RULES.loginMaxFailures;
    for (let i = 1; i <= addresses; i += 1) {
      await failFrom(`192.0.2.${i}`, email, AUTH_RULES.loginMaxFailures);
    }
    const owner = await loginFrom(OWNER, email, PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    const challenge = ZLoginResponse.parse(owner.json()).data;
    expect(challenge).toMatchObject({ otpRequired: true });
    if (!('otpRequired' in challenge)) throw new Error('expected an e-mail code challenge');
    const code = otpFromMail((await lastMailTo(ctx, email))?.text ?? '');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/otp',
      payload: { otpToken: challenge.otpToken, otp: code },
      remoteAddress: OWNER,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.accessToken).toBeTruthy();
  });

  it('below the account threshold, sign in with the password alone', async () => {
    const email = await createVerifiedUser(ctx);
    const addresses = AUTH_RULES.loginAccountFailures / AUTH_RULES.loginMaxFailures - 1;
    for (let i = 1; i <= addresses; i += 1) {
      await failFrom(`192.0.2.${i}`, email, AUTH_RULES.loginMaxFailures);
    }
    expect(sessionOf(await loginFrom(OWNER, email, PASSWORD)).accessToken).toBeTruthy();
  });
});
