import { describe, expect, it } from 'vitest';
import {
  browserPerFile,
  DEMO,
  mockConnection,
  storedTokens,
  type TDemoKey,
  uiLogin,
  url,
} from './fixtures';

const chrome = browserPerFile();

/** Spec §2 menus: one entry only this role's menu has, and one it must not show. */
const CASES: { key: TDemoKey; role: string; shows: string; hides: string }[] = [
  { key: 'admin', role: 'Administrator', shows: 'quota-purchase', hides: 'master-esign' },
  { key: 'company', role: 'Company admin', shows: 'quota-transfer', hides: 'plan' },
  { key: 'payu', role: 'Company admin', shows: 'master-department', hides: 'quota-purchase' },
  { key: 'user', role: 'User', shows: 'master-esign', hides: 'master-user' },
  { key: 'personal', role: 'User', shows: 'plan', hides: 'master-user' },
  { key: 'super', role: 'Super admin', shows: 'master-personal-user', hides: 'quota-purchase' },
];

describe('every demo account', () => {
  it.each(CASES)(
    '$key logs in and sees the menu of its role',
    async ({ key, role, shows, hides }) => {
      const context = await chrome.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await mockConnection(page, { value: 3 });
      await page.goto(url('/login'));
      await uiLogin(page, DEMO[key].email);
      await page.waitForURL(url('/dashboard'));
      const nav = page.getByTestId('side-nav');
      await nav.waitFor();
      // Open every group (groups have no href), then look for the entries.
      const groups = nav.locator('[data-menu-key]:not([href])');
      const groupCount = await groups.count();
      for (let i = 0; i < groupCount; i += 1) await groups.nth(i).click();
      await nav.locator(`[data-menu-key="${shows}"]`).waitFor();
      expect(await nav.locator(`[data-menu-key="${shows}"]`).count(), shows).toBe(1);
      expect(await nav.locator(`[data-menu-key="${hides}"]`).count(), hides).toBe(0);
      expect(await nav.locator('[data-menu-key="dashboard"]').count()).toBe(1);
      await page.getByTestId('profile-menu').click();
      expect(await page.getByTestId('profile-name').textContent()).toBe(DEMO[key].name);
      expect(await page.getByTestId('profile-role').textContent()).toBe(role);
      expect((await storedTokens(page)).user).toMatchObject({ email: DEMO[key].email });
      await context.close();
    },
  );
});
