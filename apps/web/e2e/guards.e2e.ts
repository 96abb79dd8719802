import { ROUTES, toPath } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import { browserPerFile, mockConnection, openAppPage, sharedSession, url } from './fixtures';

const chrome = browserPerFile();

const title = (key: string): string =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

describe('route guards', () => {
  it('sends an anonymous visitor of /dashboard to /login, keeping the target', async () => {
    const page = await chrome.browser.newPage();
    await mockConnection(page, { value: 3 });
    await page.goto(url('/dashboard'));
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    await page.getByTestId('login-form').waitFor();
    await page.close();
  });

  it('keeps deep links and query strings in ?redirect=', async () => {
    const page = await chrome.browser.newPage();
    await page.goto(url('/stamp/bulk/42?tab=failed'));
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/stamp/bulk/42?tab=failed');
    await page.close();
  });

  it('sends a logged-in user away from /login and /register', async () => {
    const { context, page } = await openAppPage(chrome.browser);
    await page.goto(url('/login'));
    await page.waitForURL(url('/dashboard'));
    await page.goto(url('/register'));
    await page.waitForURL(url('/dashboard'));
    await context.close();
  });

  it('opens every authenticated screen of ROUTES with its title (no dead links)', async () => {
    const session = await sharedSession('admin');
    const { context, page } = await openAppPage(chrome.browser, { session });
    // Screens built so far and what marks them; the others say clearly that they are coming.
    const built: Partial<Record<string, string>> = {
      [ROUTES.dashboard.path]: 'dashboard-greeting',
      [ROUTES.account.path]: 'account-page',
      [ROUTES.setting.path]: 'setting-page',
      [ROUTES.masterUser.path]: 'user-page',
      // The admin is not super: the personal-user master says so.
      [ROUTES.masterPersonalUser.path]: 'no-access',
      [ROUTES.masterDepartment.path]: 'departement-page',
      [ROUTES.masterEsign.path]: 'esign-page',
      [ROUTES.quotaTransfer.path]: 'quota-transfer-page',
    };
    const authRoutes = Object.values(ROUTES).filter((r) => r.access === 'auth');
    for (const route of authRoutes) {
      // :id is the own user id, so the account screens open the own profile.
      const path = toPath(
        route.path,
        route.path.includes(':id') ? { id: session.userData.id } : {},
      );
      await page.goto(url(path));
      const expected = title(route.title);
      if (route.layout === 'main') {
        await page.getByTestId('page-title').filter({ hasText: expected }).waitFor();
        expect(await page.getByTestId('app-layout').count(), path).toBe(1);
      } else {
        await page.getByRole('heading', { name: expected }).waitFor();
      }
      const marker = built[route.path];
      if (marker) await page.getByTestId(marker).waitFor();
      expect(await page.getByTestId('route-error').count(), path).toBe(0);
      expect(await page.getByTestId('not-found').count(), path).toBe(0);
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
    await context.close();
  }, 180_000);
});
