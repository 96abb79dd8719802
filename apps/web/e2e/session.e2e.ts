import { createHmac } from 'node:crypto';
import type { TSession } from '@bubuh/contracts';
import type { BrowserContext, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, browserPerFile, DEMO, seedSession, storedTokens, url } from './fixtures';

/** A compact HS256 JWT (what @fastify/jwt issues), for minting an expired token in a test. */
const signHs256 = (claims: Record<string, unknown>, secret: string) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};

const chrome = browserPerFile();
let context: BrowserContext;

/** The account page opened with `session` stored, counting the refresh calls it makes. */
const openAccountWith = async (session: TSession, name: string) => {
  context = await chrome.newContext({ viewport: { width: 1400, height: 900 } });
  await seedSession(context, { session });
  const page = await context.newPage();
  const refreshes: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/auth/refresh')) refreshes.push(request);
  });
  await page.goto(url(`/account/${session.userData.id}`));
  await page.getByTestId('account-page').waitFor();
  expect(await page.getByTestId('account-name').textContent()).toBe(name);
  return { page, refreshes };
};

describe('session tokens', () => {
  it('refreshes an invalid access token silently, once, and stores the new pair', async () => {
    const session = await apiLogin(DEMO.company.email);
    // A garbage access token beside a valid refresh token. The account page and the navbar's
    // provider check both call the API at once with the bad token: both get 401, one refresh
    // runs, both are replayed.
    const { page, refreshes } = await openAccountWith(
      { ...session, accessToken: 'garbage.access.token' },
      DEMO.company.name,
    );
    await page.waitForSelector('[data-testid="connection-status"]:not([data-level="checking"])');
    expect(await page.getByTestId('connection-status').getAttribute('data-value')).not.toBe('15');

    const stored = await storedTokens(page);
    expect(stored.access).toBeTruthy();
    expect(stored.access).not.toBe('garbage.access.token');
    expect(stored.refresh).not.toBe(session.refreshToken);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.postDataJSON()).toEqual({ refreshToken: session.refreshToken });
    expect(new URL(page.url()).pathname).toBe(`/account/${session.userData.id}`);
  });

  it('refreshes an access token that has really expired', async () => {
    const secret = process.env.E2E_JWT_SECRET;
    if (!secret) throw new Error('E2E_JWT_SECRET is not set (scripts/test.mjs sets it)');
    const session = await apiLogin(DEMO.admin.email);
    // The same session's token, signed by the server's key, expired a minute ago.
    const [, payload = ''] = session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const now = Math.floor(Date.now() / 1000);
    const expired = signHs256({ ...claims, iat: now - 960, exp: now - 60 }, secret);
    const probe = (token: string) =>
      fetch(url(`/api/v1/users/${session.userData.id}`), {
        headers: { Authorization: `Bearer ${token}` },
      }).then((r) => r.status);
    // Same key and claims, still valid: accepted. Expired: refused. Only the expiry differs.
    expect(await probe(signHs256({ ...claims, iat: now, exp: now + 300 }, secret))).toBe(200);
    expect(await probe(expired)).toBe(401);

    const { page, refreshes } = await openAccountWith(
      { ...session, accessToken: expired },
      DEMO.admin.name,
    );
    expect(refreshes).toHaveLength(1);
    const stored = await storedTokens(page);
    expect(stored.access).not.toBe(expired);
    expect(new URL(page.url()).pathname).toBe(`/account/${session.userData.id}`);
  });

  it('lands on /login when the session was revoked on the server', async () => {
    const session = await apiLogin(DEMO.personal.email);
    context = await chrome.newContext({ viewport: { width: 1400, height: 900 } });
    await seedSession(context, { session });
    const page = await context.newPage();
    await page.goto(url('/dashboard'));
    await page.getByTestId('dashboard-greeting').waitFor();

    // Revoke it behind the app's back (another device logging this session out).
    const revoked = await page.request.post(url('/api/v1/auth/logout'), {
      headers: { Authorization: `Bearer ${session.accessToken}` },
      data: { refreshToken: session.refreshToken },
    });
    expect(revoked.status()).toBe(200);

    // The next API calls get 401, the one refresh is refused, the session is cleared: /login.
    await page.goto(url(`/account/${session.userData.id}`));
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(
      `/account/${session.userData.id}`,
    );
    expect(await page.getByTestId('login-notice').textContent()).toContain(
      'Your session has ended',
    );
    expect(await storedTokens(page)).toMatchObject({ user: null, access: null, refresh: null });
  });
});
