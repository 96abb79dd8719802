/** Steps several browser tests take the same way: a demo user's page, a drawn specimen, an invitation. */
import type { Browser, Page } from 'playwright-core';
import {
  apiCall,
  apiLogin,
  drawOnPad,
  openAppPage,
  sharedSession,
  type TDemoKey,
  TEST_PASSWORD,
  toast,
  url,
  waitForMail,
} from './fixtures';

/**
 * The demo account `who` (the file's shared session) on a fresh 1400×900 page, and a name unique
 * to this run (`E2E <label> <time>`) for what the test creates.
 */
export const openPageAs = async (browser: Browser, who: TDemoKey, label: string) => {
  const session = await sharedSession(who);
  const { context, page } = await openAppPage(browser, { session });
  return { session, context, page, name: `E2E ${label} ${Date.now().toString(36)}` };
};

/** Draws a specimen named `name` on /master/esign and saves it; its card, once listed. */
export const drawSpecimen = async (page: Page, name: string) => {
  await page.goto(url('/master/esign'));
  await page.getByTestId('esign-page').waitFor();
  await page.getByTestId('specimen-add').click();
  await page.getByTestId('specimen-name').fill(name);
  await drawOnPad(page);
  await page.getByTestId('specimen-save').click();
  await toast(page, 'Berhasil tambah data Esign');
  const card = page.locator(`[data-specimen-name="${name}"]`);
  await card.waitFor();
  return card;
};

/** Sets TEST_PASSWORD through the link of `email`'s invitation mail and logs the account in. */
export const acceptInvitation = async (email: string) => {
  const mail = await waitForMail(email, 'invitation');
  const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
  const set = await apiCall(`/api/v1/auth/reset-password/${token}`, {
    body: { password: TEST_PASSWORD, passwordConfirmation: TEST_PASSWORD },
  });
  if (set.status !== 200) throw new Error(`setting the password failed: ${set.body.message}`);
  return apiLogin(email, TEST_PASSWORD);
};
