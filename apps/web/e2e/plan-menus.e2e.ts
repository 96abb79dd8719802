import type { TPlan } from '@bubuh/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, browserPerFile, DEMO, openAppPage, url } from './fixtures';

const chrome = browserPerFile();

/** Opens every menu group of the side navigation (groups have no href). */
const openGroups = async (page: Page) => {
  const nav = page.getByTestId('side-nav');
  await nav.locator('[data-menu-key="dashboard"]').waitFor();
  const groups = nav.locator('[data-menu-key]:not([href])');
  const count = await groups.count();
  for (let i = 0; i < count; i += 1) await groups.nth(i).click();
  return nav;
};

/** Whether the side navigation shows Master Data > eSign. */
const showsMasterEsign = async (page: Page): Promise<boolean> => {
  // The plan arrives after the first paint: wait for it before reading the menu.
  const planLoaded = page.waitForResponse((r) => r.url().includes('/users/subscription-user/'));
  await page.goto(url('/dashboard'));
  await planLoaded;
  const nav = await openGroups(page);
  const entry = nav.locator('[data-menu-key="master-esign"]');
  if ((await entry.count()) === 0) return false;
  const group = nav.locator('[data-menu-key="master"]');
  expect(await group.textContent()).toContain('Master Data');
  expect(await entry.textContent()).toContain('eSign');
  return true;
};

// Spec §2: "Some variants also include Master Data eSign, depending on the plan (is_childUser,
// is_parent, plan)". The personal demo account is on the Personal plan (e-sign, no child users,
// not a parent plan); super gives that plan child users and the same account sees the entry.
describe('plan-dependent menus', () => {
  it('shows Master Data eSign only when the plan has e-sign and child users', async () => {
    const superToken = (await apiLogin(DEMO.super.email)).accessToken;
    const list = await apiCall('/api/v1/plans', { token: superToken });
    const plans = (list.body.data as { data: TPlan[] }).data;
    const personalPlan = plans.find((p) => p.plan_name === 'Personal');
    if (!personalPlan) throw new Error('Personal plan missing from the seed');
    expect(personalPlan.total_esign).toBeGreaterThan(0);
    expect(personalPlan.total_multiuser).toBe(0);
    expect(personalPlan.is_parent).toBe(false);

    const session = await apiLogin(DEMO.personal.email);
    const before = await openAppPage(chrome.browser, { session });
    expect(await showsMasterEsign(before.page)).toBe(false);
    await before.context.close();

    const patch = (total_multiuser: number) =>
      apiCall(`/api/v1/plans/${personalPlan.plan}`, {
        method: 'PATCH',
        token: superToken,
        body: { total_multiuser },
      });
    expect((await patch(2)).status).toBe(200);
    try {
      const after = await openAppPage(chrome.browser, { session });
      expect(await showsMasterEsign(after.page)).toBe(true);
      await after.page.locator('[data-menu-key="master-esign"]').click();
      await after.page.waitForURL(url('/master/esign'));
      await after.context.close();
    } finally {
      expect((await patch(personalPlan.total_multiuser)).status).toBe(200);
    }
  });
});
