import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, DEMO, launchBrowser, seedSession, storedTokens, url } from './fixtures';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('session tokens', () => {
  it('refreshes an invalid access token silently, once, and stores the new pair', async () => {
    const session = await apiLogin(DEMO.company.email);
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    // A garbage access token beside a valid refresh token (an expired token behaves the same).
    await seedSession(context, { session: { ...session, accessToken: 'garbage.access.token' } });
    const page = await context.newPage();
    const refreshes: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/refresh')) refreshes.push(request);
    });
    // The account page and the navbar's provider check both call the API at once with the bad
    // token: both get 401, one refresh runs, both are replayed.
    await page.goto(url(`/account/${session.userData.id}`));
    await page.getByTestId('account-page').waitFor();
    expect(await page.getByTestId('account-name').textContent()).toBe(DEMO.company.name);
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

  it('lands on /login when the session was revoked on the server', async () => {
    const session = await apiLogin(DEMO.personal.email);
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
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
