import { describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  browserPerFile,
  DEMO,
  layoutOf,
  openAppPage,
  sharedSession,
  storedTokens,
  uploadThroughApi,
  url,
} from './fixtures';

const chrome = browserPerFile();

describe('main layout', () => {
  it('switches to the top menu, remembers it, and forces the side menu below 1200px', async () => {
    const { context, page } = await openAppPage(chrome.browser, { width: 1400 });
    await page.goto(url('/dashboard'));
    await page.getByTestId('app-layout').waitFor();
    expect(await layoutOf(page)).toBe('vertical');

    await page.getByTestId('layout-toggle').click();
    await page.waitForSelector('[data-testid="app-layout"][data-layout="horizontal"]');
    expect(await page.getByTestId('top-nav').isVisible()).toBe(true);

    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    expect(await layoutOf(page)).toBe('horizontal');

    await page.setViewportSize({ width: 1199, height: 900 });
    await page.waitForSelector('[data-testid="app-layout"][data-layout="vertical"]');
    expect(await page.getByTestId('layout-toggle').count()).toBe(0);

    await page.setViewportSize({ width: 1000, height: 800 });
    expect(await layoutOf(page)).toBe('vertical');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForSelector('[data-testid="app-layout"][data-layout="horizontal"]');
    await context.close();
  });

  it('at 1000 px: the editor keeps its action in view, the menu folds away and stays folded', async () => {
    const session = await sharedSession('admin');
    const id = await uploadThroughApi(session.accessToken, 'layout.pdf', 2);
    const { context, page } = await openAppPage(chrome.browser, {
      width: 1000,
      height: 760,
      session,
    });
    await page.goto(url(`/stamp/single/draft/${id}`));
    await page.locator('[data-testid="pdf-page-1"] canvas[data-painted]').waitFor();
    const previewWidth = async () =>
      (await page.getByTestId('pdf-page-1').boundingBox())?.width ?? 0;
    const stamp = page.getByTestId('stamp-submit');
    const stampInView = async () => {
      const b = await stamp.boundingBox();
      return b !== null && b.y >= 0 && b.y + b.height <= 760;
    };
    // Beside the 264 px menu the editor stacks: the preview keeps its width, Stamp stays in view.
    expect(await page.getByTestId('app-layout').getAttribute('data-editor-stacked')).toBe('true');
    expect(await previewWidth()).toBeGreaterThan(560);
    expect(await stampInView()).toBe(true);
    await page.mouse.wheel(0, 1400);
    const top = page.getByTestId('scroll-to-top');
    await top.waitFor();
    expect(await stampInView()).toBe(true);
    // The scroll-to-top button floats above the action bar, not over it.
    await expect
      .poll(async () => {
        const bar = await page.getByTestId('action-bar').boundingBox();
        const button = await top.boundingBox();
        return bar && button ? button.y + button.height <= bar.y : false;
      })
      .toBe(true);

    // The menu folds away: document and panel side by side, remembered after a reload.
    await page.getByTestId('nav-collapse').click();
    await expect
      .poll(() => page.getByTestId('app-layout').getAttribute('data-editor-stacked'))
      .toBeNull();
    await page.reload();
    await page.locator('[data-testid="pdf-page-1"] canvas[data-painted]').waitFor();
    expect(await page.getByTestId('app-layout').getAttribute('data-editor-stacked')).toBeNull();
    expect(await page.getByTestId('nav-collapse').getAttribute('aria-expanded')).toBe('false');
    expect(await previewWidth()).toBeGreaterThan(480);
    expect(await stampInView()).toBe(true);
    await context.close();
  }, 90_000);

  it('starts vertical on a narrow screen even when horizontal is stored', async () => {
    const { context, page } = await openAppPage(chrome.browser, {
      width: 900,
      extra: { 'bubuh.layout': 'horizontal' },
    });
    await page.goto(url('/dashboard'));
    await page.getByTestId('app-layout').waitFor();
    expect(await layoutOf(page)).toBe('vertical');
    await context.close();
  });

  it('shows the role menu with the active route highlighted', async () => {
    const { context, page } = await openAppPage(chrome.browser, { width: 1400 });
    await page.goto(url('/stamp/bulk/7'));
    const nav = page.getByTestId('side-nav');
    await nav.waitFor();
    for (const label of [
      'Dashboard',
      'Master Data',
      'My e-Document',
      'Quota',
      'Digital Locker',
      'Support',
    ]) {
      expect(await nav.getByText(label, { exact: true }).count(), label).toBeGreaterThan(0);
    }
    const active = nav.locator('[data-menu-key="bulk-stamp"]');
    await active.waitFor();
    expect(await active.getAttribute('data-active')).not.toBeNull();
    expect(await nav.locator('[data-menu-key][data-active]').count()).toBe(1);
    await context.close();
  });

  it('shows a scroll-to-top button after 300px of scrolling', async () => {
    const { context, page } = await openAppPage(chrome.browser, { width: 1400, height: 500 });
    await page.goto(url('/dashboard'));
    await page.getByTestId('dashboard-greeting').waitFor();
    expect(await page.getByTestId('scroll-to-top').count()).toBe(0);
    await page.mouse.wheel(0, 600);
    const button = page.getByTestId('scroll-to-top');
    await button.waitFor({ state: 'visible' });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it('greets the user and shows their details in the profile menu', async () => {
    const session = await sharedSession('admin');
    const { context, page } = await openAppPage(chrome.browser, { width: 1400, session });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
    await page.goto(url('/dashboard'));
    const greeting = await page.getByTestId('dashboard-greeting').textContent();
    expect(greeting).toMatch(/^Good (morning|afternoon|evening), Ayu Admin$/);
    expect(await page.getByTestId('page-title').textContent()).toBe('Dashboard');

    await page.getByTestId('profile-menu').click();
    const dropdown = page.getByTestId('profile-dropdown');
    await dropdown.waitFor();
    const id = session.userData.id;
    expect(await dropdown.getByTestId('profile-name').textContent()).toBe(DEMO.admin.name);
    expect(await dropdown.getByTestId('profile-company').textContent()).toBe('PT Demo Sejahtera');
    expect(await dropdown.getByTestId('profile-role').textContent()).toBe('Administrator');
    expect(await dropdown.getByTestId('profile-digifriend').textContent()).toBe(
      session.userData.emet_id,
    );
    expect(await dropdown.getByTestId('profile-account').getAttribute('href')).toBe(
      `/account/${id}`,
    );
    expect(await dropdown.getByTestId('profile-setting').getAttribute('href')).toBe(
      `/setting/${id}`,
    );

    // Spec §1: the DigiFriend code copies with the toast 'Kode DigiFriend berhasil disalin!'.
    await dropdown.getByTestId('copy-digifriend').click();
    await page.getByText('Kode DigiFriend berhasil disalin!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      session.userData.emet_id,
    );
    await context.close();
  });

  it('alerts "Copy to clipboard failed." when the browser refuses the copy', async () => {
    const { context, page } = await openAppPage(chrome.browser, { width: 1400 });
    // Both copy paths refuse: the Clipboard API and the legacy execCommand fallback.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
      document.execCommand = () => false;
    });
    await page.goto(url('/dashboard'));
    const alerted = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-dropdown').getByTestId('copy-digifriend').click();
    expect(await alerted).toBe('Copy to clipboard failed.');
    expect(await page.getByText('Kode DigiFriend berhasil disalin!').count()).toBe(0);
    await context.close();
  });

  it('has no theme customiser unless the build turns it on', async () => {
    const { context, page } = await openAppPage(chrome.browser, { width: 1400 });
    await page.goto(url('/dashboard'));
    await page.getByTestId('app-layout').waitFor();
    expect(await page.getByTestId('theme-customizer-toggle').count()).toBe(0);
    expect(await page.getByTestId('theme-customizer').count()).toBe(0);
    await context.close();
  });

  it('shows the logo splash with its three dots while a page is still loading', async () => {
    // Let through what index.html loads itself (the entry and its preloads); hold back every
    // other chunk, i.e. the lazily loaded pages, until the splash has been seen (the texts of the
    // language and, with a stored session, the schemas that read it come before the first
    // screen, so they pass too).
    const html = await (await fetch(url('/'))).text();
    const upfront = new Set(
      [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
    );
    expect(upfront.size).toBeGreaterThan(0);
    const { context, page } = await openAppPage(chrome.browser, { width: 1400 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldBack = 0;
    await page.route('**/assets/*.js', async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (!upfront.has(path) && !/\/(?:bundle-(?:en|id)|wire)-/.test(path)) {
        heldBack += 1;
        await held;
      }
      await route.continue();
    });
    await page.goto(url('/dashboard'));
    const splash = page.getByTestId('splash');
    await splash.waitFor();
    expect(heldBack).toBeGreaterThan(0);
    expect(await splash.getAttribute('role')).toBe('status');
    expect(await splash.locator('span').count()).toBe(3);
    release();
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.getByTestId('splash').waitFor({ state: 'detached' });
    await context.close();
  });

  it('logs out: revokes the session on the server, clears it and both tokens, goes to /login', async () => {
    // Its own session: logging out revokes it for good.
    const session = await apiLogin(DEMO.admin.email);
    const { context, page } = await openAppPage(chrome.browser, { width: 1400, session });
    await page.goto(url('/dashboard'));
    const logoutCall = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/logout'));
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    const sent = await logoutCall;
    expect(sent.headers().authorization).toBe(`Bearer ${session.accessToken}`);
    expect(sent.postDataJSON()).toEqual({ refreshToken: session.refreshToken });
    await page.waitForURL((u) => u.pathname === '/login');
    const stored = await storedTokens(page);
    expect([stored.user, stored.access, stored.refresh, stored.ability]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // Revoked server-side: neither token works any more.
    const me = await apiCall(`/api/v1/users/${session.userData.id}`, {
      token: session.accessToken,
    });
    expect(me.status).toBe(401);
    const refreshed = await apiCall('/api/v1/auth/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.status).toBe(401);
    await page.goto(url('/dashboard'));
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });
});
