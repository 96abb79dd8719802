/**
 * Organisation and the quota wallet against the real API and its demo seed: departments, company
 * users, quota transfer and return with the history, e-sign specimens drawn on the pad, and the
 * navbar quota cards. Names are unique per run, so the file can run twice against one database.
 * Logins: three shared sessions (company, user, payu).
 */
import { formatNumber } from '@bubuh/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  drawOnPad,
  launchBrowser,
  openAppPage,
  sharedSession,
  toast,
  uniqueEmail,
  url,
} from './fixtures';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Picks `label` in a Mantine Select whose input has `testId`. */
const choose = async (page: Page, testId: string, label: string) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
};

const firstHistoryRow = (page: Page) => page.getByTestId('history-row').first();

describe('organisation and quota wallet', () => {
  it('lets a company admin run a department: create, add a user, move quota, delete', async () => {
    const session = await sharedSession('company');
    const { context, page } = await openAppPage(browser, { session });
    const dept = `E2E Dept ${RUN}`;

    // Create the department.
    await page.goto(url('/master/department'));
    await page.getByTestId('departement-add').click();
    await page.getByTestId('departement-name').fill(dept);
    await page.getByTestId('departement-submit').click();
    await toast(page, 'Berhasil tambah data Depertemen');
    await page.getByTestId('departement-table-search').fill(dept);
    const row = page.getByTestId(`departement-row-${dept}`);
    await row.waitFor();

    // Add a user to it, then delete the user again.
    const email = uniqueEmail('org-user');
    await page.goto(url('/master/user'));
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-fullname').fill('Rina Departemen');
    await page.getByTestId('user-email').fill(email);
    // Role "user" needs a department: the form says so before calling the API.
    await page.getByTestId('user-submit').click();
    await page.getByText('A user needs a department').waitFor();
    await choose(page, 'user-department', dept);
    await page.getByTestId('user-submit').click();
    await toast(page, 'Berhasil tambah data User');
    await page.getByTestId('user-table-search').fill(email);
    const userRow = page.getByTestId(`user-row-${email}`);
    await userRow.waitFor();
    expect(await userRow.textContent()).toContain(dept);

    // The same e-mail again: user add shows the server's message.
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-fullname').fill('Rina Lagi');
    await page.getByTestId('user-email').fill(email);
    await choose(page, 'user-department', dept);
    await page.getByTestId('user-submit').click();
    expect(await page.getByTestId('user-form-error').textContent()).toContain(
      'Email sudah terdaftar',
    );
    await page.keyboard.press('Escape');

    await userRow.getByTestId('user-delete').click();
    await page.getByTestId('user-delete-dialog-confirm').click();
    await toast(page, 'Berhasil hapus data User');
    await page.getByTestId('user-table-empty').waitFor();

    // Transfer 5 e-Meterai to the department (a double click applies once).
    await page.goto(url('/quota/transfer'));
    await page.getByTestId('quota-transfer-page').waitFor();
    await choose(page, 'transfer-department', dept);
    await page.getByTestId('transfer-quota').fill('5');
    const before = Number(
      (await page.getByTestId('company-balance-emeterai').textContent())?.replace(/\./g, ''),
    );
    const moves: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/quota/transfer-quota-company')) {
        moves.push(request.headers()['idempotency-key'] ?? '');
      }
    });
    await page.getByTestId('transfer-submit').dblclick();
    await toast(page, 'Berhasil transfer kuota');
    await page.getByTestId('department-balance-emeterai').filter({ hasText: /^5$/ }).waitFor();
    await page
      .getByTestId('company-balance-emeterai')
      .filter({ hasText: formatNumber(before - 5) })
      .waitFor();
    const transferRow = firstHistoryRow(page);
    await transferRow.getByTestId('history-department').filter({ hasText: dept }).waitFor();
    expect(await transferRow.getByTestId('history-type').textContent()).toBe('Transfer');
    expect(await transferRow.getByTestId('history-kind').textContent()).toBe('e-Meterai');
    expect(await transferRow.getByTestId('history-quota').textContent()).toBe('5');
    // Only one movement for the double click, sent with a random Idempotency-Key.
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(
      await page.getByTestId('history-row').nth(1).getByTestId('history-department').textContent(),
    ).not.toBe(dept);
    expect(await transferRow.getByTestId('history-date').textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );

    // A refused return shows the server's message; it goes when the next submit starts.
    await page.getByTestId('transfer-quota').fill('6');
    await page.getByTestId('transfer-return').click();
    const refusal = page.getByTestId('transfer-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Kuota departemen tidak mencukupi');

    // Return the 5.
    await page.getByTestId('transfer-quota').fill('5');
    await page.getByTestId('transfer-return').click();
    await toast(page, 'Berhasil return kuota');
    expect(await refusal.count()).toBe(0);
    await page.getByTestId('department-balance-emeterai').filter({ hasText: /^0$/ }).waitFor();
    await firstHistoryRow(page).getByTestId('history-type').filter({ hasText: 'Return' }).waitFor();
    expect(await firstHistoryRow(page).getByTestId('history-department').textContent()).toBe(dept);

    // Delete the (now empty) department.
    await page.goto(url('/master/department'));
    await page.getByTestId('departement-table-search').fill(dept);
    await row.getByTestId('departement-delete').click();
    await page.getByTestId('departement-delete-dialog-confirm').click();
    await toast(page, 'Berhasil hapus data Depertemen');
    await page.getByTestId('departement-table-empty').waitFor();
    await context.close();
  });

  it('refuses to delete a department that still has users, with the server message', async () => {
    const session = await sharedSession('company');
    const { context, page } = await openAppPage(browser, { session });
    await page.goto(url('/master/department'));
    await page.getByTestId('departement-table-search').fill('Finance');
    const row = page.getByTestId('departement-row-Finance');
    await row.getByTestId('departement-delete').click();
    await page.getByTestId('departement-delete-dialog-confirm').click();
    const error = page.getByTestId('departement-delete-dialog-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Departemen masih memiliki/);
    await context.close();
  });

  it('lets a department user draw a signature specimen and save it', async () => {
    const session = await sharedSession('user');
    const { context, page } = await openAppPage(browser, { session });
    const name = `E2E sign ${RUN}`;
    await page.goto(url('/master/esign'));
    await page.getByTestId('esign-page').waitFor();
    await page.getByTestId('specimen-add').click();
    await page.getByTestId('specimen-name').fill(name);

    await drawOnPad(page);
    await page.getByTestId('specimen-save').click();
    await toast(page, 'Berhasil tambah data Esign');

    const card = page.locator(`[data-specimen-name="${name}"]`);
    await card.waitFor();
    // The PNG comes through the bearer-authenticated endpoint as an object URL.
    const image = card.getByTestId('specimen-image');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    expect(
      await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);

    // Clean up, so repeated runs stay under the specimen limit.
    await card.getByTestId('specimen-menu').click();
    await page.getByTestId('specimen-delete').click();
    await page.getByTestId('specimen-delete-dialog-confirm').click();
    await toast(page, 'Berhasil hapus data Esign');
    await card.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the department balance in the navbar quota cards, and none for pay-as-you-go', async () => {
    const user = await sharedSession('user');
    const { body } = await apiCall('/api/v1/quota/quota-departement', { token: user.accessToken });
    const quota = body.data as { remain: number; esign: { remain: number } };
    const { context, page } = await openAppPage(browser, { session: user });
    await page.goto(url('/dashboard'));
    await page.getByTestId('dashboard-quota').waitFor();
    await page.getByTestId('profile-menu').click();
    const cards = page.getByTestId('quota-cards');
    await cards.waitFor();
    await cards
      .getByTestId('quota-card-emeterai-value')
      .filter({ hasText: formatNumber(quota.remain) })
      .waitFor();
    expect(await cards.getByTestId('quota-card-esign-value').textContent()).toBe(
      formatNumber(quota.esign.remain),
    );
    await context.close();

    const payu = await sharedSession('payu');
    const other = await openAppPage(browser, { session: payu });
    await other.page.goto(url('/dashboard'));
    await other.page.getByTestId('dashboard-greeting').waitFor();
    await other.page.getByTestId('profile-menu').click();
    await other.page.getByTestId('profile-dropdown').waitFor();
    expect(await other.page.getByTestId('quota-cards').count()).toBe(0);
    expect(await other.page.getByTestId('dashboard-quota').count()).toBe(0);
    await other.context.close();
  });

  it('sorts the department table on the server, across its pages', async () => {
    const session = await sharedSession('company');
    const tag = `E2E Sort ${RUN}`;
    const ids: number[] = [];
    // Twelve departments (two pages of ten), created in a shuffled order.
    for (const n of [7, 2, 11, 5, 1, 9, 12, 4, 8, 3, 10, 6]) {
      const created = await apiCall('/api/v1/departement', {
        token: session.accessToken,
        body: { name: `${tag} ${String(n).padStart(2, '0')}` },
      });
      expect(created.status).toBe(201);
      ids.push((created.body.data as { departement_id: number }).departement_id);
    }
    const names = (page: Page) =>
      page
        .getByTestId('departement-table')
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) =>
            (row.getAttribute('data-testid') ?? '').replace('departement-row-', ''),
          ),
        );
    const label = (n: number) => `${tag} ${String(n).padStart(2, '0')}`;

    const { context, page } = await openAppPage(browser, { session });
    await page.goto(url('/master/department'));
    await page.getByTestId('departement-table-search').fill(tag);
    await expect
      .poll(() => names(page), { timeout: 15_000 })
      .toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(label));

    // Descending by name: page 1 starts at 12, page 2 holds the last two of the whole list.
    await page.getByTestId('departement-table-sort-name').click();
    await page.getByTestId('departement-table-sort-name').click();
    await expect
      .poll(() => names(page), { timeout: 15_000 })
      .toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(label));
    await page
      .getByTestId('departement-table-pagination')
      .getByRole('button', { name: '2' })
      .click();
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual([2, 1].map(label));

    // Another header sorts the whole list by it, from page 1: every count is 0 here, so the
    // order is the tiebreaker's (creation order).
    await page.getByTestId('departement-table-sort-users').click();
    await expect
      .poll(() => names(page), { timeout: 15_000 })
      .toEqual([7, 2, 11, 5, 1, 9, 12, 4, 8, 3].map(label));
    await context.close();

    for (const id of ids) {
      const removed = await apiCall(`/api/v1/departement/${id}`, {
        token: session.accessToken,
        method: 'DELETE',
      });
      expect(removed.status).toBe(200);
    }
  });
});
