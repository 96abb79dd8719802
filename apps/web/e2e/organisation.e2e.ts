/**
 * Organisation and the quota wallet against the real API and its demo seed: departments, company
 * users, quota transfer and return with the history, e-sign specimens drawn on the pad, and the
 * navbar quota cards. Names are unique per run, so the file can run twice against one database.
 * Logins: shared sessions (company, user, payu, super), a registered account for the specimen
 * table and an invited department user for the quota warning.
 */
import { formatNumber } from '@bubuh/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  browserPerFile,
  openAppPage,
  registerVerifiedAccount,
  sharedSession,
  TEST_PASSWORD,
  toast,
  uniqueEmail,
  url,
} from './fixtures';
import { acceptInvitation, drawSpecimen } from './steps';

const chrome = browserPerFile();

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Picks `label` in a Mantine Select whose input has `testId`. */
const choose = async (page: Page, testId: string, label: string) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
};

const firstHistoryRow = (page: Page) => page.getByTestId('history-row').first();

/** The PNG of a specimen `card`, shown: fetched with the bearer token, as an object URL. */
const expectSpecimenImage = async (card: Locator) => {
  const image = card.getByTestId('specimen-image');
  await image.waitFor();
  expect(await image.getAttribute('src')).toMatch(/^blob:/);
  expect(
    await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
  ).toBe(true);
};

/** The department master, its table searched for `text`. */
const searchDepartments = async (page: Page, text: string) => {
  await page.goto(url('/master/department'));
  await page.getByTestId('departement-table-search').fill(text);
};

describe('organisation and quota wallet', () => {
  it('lets a company admin run a department: create, add a user, move quota, delete', async () => {
    const session = await sharedSession('company');
    const { context, page } = await openAppPage(chrome.browser, { session });
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
    await searchDepartments(page, dept);
    await row.getByTestId('departement-delete').click();
    await page.getByTestId('departement-delete-dialog-confirm').click();
    await toast(page, 'Berhasil hapus data Depertemen');
    await page.getByTestId('departement-table-empty').waitFor();
    await context.close();
  });

  it('refuses to delete a department that still has users, with the server message', async () => {
    const session = await sharedSession('company');
    const { context, page } = await openAppPage(chrome.browser, { session });
    await searchDepartments(page, 'Finance');
    const row = page.getByTestId('departement-row-Finance');
    await row.getByTestId('departement-delete').click();
    await page.getByTestId('departement-delete-dialog-confirm').click();
    const error = page.getByTestId('departement-delete-dialog-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Departemen masih memiliki/);
    await context.close();
  });

  it('lets a department user draw a signature specimen and save it', async () => {
    const { context, page } = await openAppPage(chrome.browser, {
      session: await sharedSession('user'),
    });
    const name = `E2E sign ${RUN}`;
    const card = await drawSpecimen(page, name);
    await expectSpecimenImage(card);

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
    const { context, page } = await openAppPage(chrome.browser, { session: user });
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
    const other = await openAppPage(chrome.browser, { session: payu });
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

    const { context, page } = await openAppPage(chrome.browser, { session });
    await searchDepartments(page, tag);
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

/** A signature drawn on a canvas in the page, as PNG bytes (white paper, dark ink). */
const signaturePng = async (page: Page): Promise<Buffer> =>
  Buffer.from(
    await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 110;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2d context');
      g.fillStyle = '#ffffff';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.strokeStyle = '#0a1a5c';
      g.lineWidth = 6;
      g.beginPath();
      g.moveTo(14, 80);
      g.bezierCurveTo(90, 4, 170, 106, 306, 24);
      g.stroke();
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    }),
    'base64',
  );

/** POST /api/v1/esign from Node (multipart), as the web's upload tab sends it. */
const uploadSpecimen = async (token: string, name: string, png: Buffer) => {
  const form = new FormData();
  form.append('source', 'upload');
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'sig.png');
  const response = await fetch(url('/api/v1/esign'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
};

const rowNames = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-specimen-name') ?? ''));

describe('master data dialogs, specimens and the quota warning', () => {
  it('renames a department and edits a user in their dialogs, with the update toasts', async () => {
    const session = await sharedSession('company');
    const dept = `E2E Edit ${RUN}`;
    const created = await apiCall('/api/v1/departement', {
      token: session.accessToken,
      body: { name: dept },
    });
    expect(created.status).toBe(201);
    const deptId = (created.body.data as { departement_id: number }).departement_id;
    const email = uniqueEmail('org-edit');
    const user = await apiCall('/api/v1/users', {
      token: session.accessToken,
      body: { fullName: 'Sinta Sebelum', email, role: 'admin-company' },
    });
    expect(user.status).toBe(201);
    const userId = (user.body.data as { id: number }).id;

    const { context, page } = await openAppPage(chrome.browser, { session });
    await searchDepartments(page, dept);
    await page.getByTestId(`departement-row-${dept}`).getByTestId('departement-edit').click();
    // The dialog opens with the current name; a one-letter name is refused before the API.
    const name = page.getByTestId('departement-name');
    expect(await name.inputValue()).toBe(dept);
    await name.fill('X');
    await page.getByTestId('departement-submit').click();
    await page.getByText('Enter a name of 2 to 120 characters').waitFor();
    await name.fill(`${dept} Baru`);
    await page.getByTestId('departement-submit').click();
    await toast(page, 'Berhasil update data Depertemen');
    await page.getByTestId('departement-table-search').fill(`${dept} Baru`);
    await page.getByTestId(`departement-row-${dept} Baru`).waitFor();

    await page.goto(url('/master/user'));
    await page.getByTestId('user-table-search').fill(email);
    const row = page.getByTestId(`user-row-${email}`);
    await row.getByTestId('user-edit').click();
    const fullName = page.getByTestId('user-fullname');
    expect(await fullName.inputValue()).toBe('Sinta Sebelum');
    await fullName.fill('Sinta Sesudah');
    await page.getByTestId('user-submit').click();
    await toast(page, 'Berhasil update data User');
    await row.filter({ hasText: 'Sinta Sesudah' }).waitFor();
    await context.close();

    for (const path of [`/api/v1/users/${userId}`, `/api/v1/departement/${deptId}`]) {
      const removed = await apiCall(path, { token: session.accessToken, method: 'DELETE' });
      expect(removed.status).toBe(200);
    }
  });

  it('uploads a PNG specimen in the upload tab and pages, sorts and searches the specimens', async () => {
    const email = await registerVerifiedAccount('org-esign');
    const session = await apiLogin(email, TEST_PASSWORD);
    const { context, page } = await openAppPage(chrome.browser, { session });
    await page.goto(url('/master/esign'));
    await page.getByTestId('specimen-empty').waitFor();

    const png = await signaturePng(page);
    await page.getByTestId('specimen-add').click();
    await page.getByTestId('specimen-name').fill('Unggahan');
    await page.getByTestId('tab-upload').click();
    await page
      .getByTestId('add-specimen')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tanda-tangan.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Preview of the chosen image').waitFor();
    await page.getByTestId('specimen-save').click();
    await toast(page, 'Berhasil tambah data Esign');
    const uploaded = page.locator('[data-specimen-name="Unggahan"]');
    await uploaded.getByTestId('specimen-default').waitFor();
    expect(await uploaded.textContent()).toContain('Uploaded');
    await expectSpecimenImage(uploaded);

    // Five more through the API: six specimens, five a page.
    for (const name of ['Echo', 'Bravo', 'Delta', 'Alfa', 'Charlie'])
      await uploadSpecimen(session.accessToken, name, png);
    await page.reload();
    await expect
      .poll(() => rowNames(page, 'specimen-table'), { timeout: 15_000 })
      .toEqual(['Unggahan', 'Echo', 'Bravo', 'Delta', 'Alfa']);
    expect(await page.getByTestId('specimen-table-range').textContent()).toBe('Showing 1–5 of 6');
    await page.getByTestId('specimen-table-pagination').getByRole('button', { name: '2' }).click();
    await expect.poll(() => rowNames(page, 'specimen-table')).toEqual(['Charlie']);

    // Sorting by name goes back to page 1 and sorts the whole list on the server.
    await page.getByTestId('specimen-table-sort-name').click();
    await expect
      .poll(() => rowNames(page, 'specimen-table'))
      .toEqual(['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    await page.getByTestId('specimen-table-sort-name').click();
    await expect
      .poll(() => rowNames(page, 'specimen-table'))
      .toEqual(['Unggahan', 'Echo', 'Delta', 'Charlie', 'Bravo']);

    await page.getByTestId('specimen-table-search').fill('har');
    await expect.poll(() => rowNames(page, 'specimen-table')).toEqual(['Charlie']);
    await page.getByTestId('specimen-table-search').fill('nothing like it');
    await page.getByTestId('specimen-table-empty').waitFor();
    await context.close();
  });

  it('lists the personal accounts for super on /master/personal-user', async () => {
    const session = await sharedSession('super');
    const { context, page } = await openAppPage(chrome.browser, { session });
    await page.goto(url('/master/personal-user'));
    await page.getByTestId('personal-user-page').waitFor();
    await page.getByTestId('personal-user-table-search').fill('personal@demo');
    const row = page.getByTestId('personal-user-row-personal@demo.local');
    await row.waitFor();
    expect(await row.textContent()).toContain('Eko Personal');
    await expect
      .poll(() => page.getByTestId('personal-user-table').locator('tbody tr').count())
      .toBe(1);
    await context.close();
  });

  it('warns when a balance falls under threshold_quota_warning', async () => {
    const admin = await sharedSession('company');
    const config = await apiCall('/api/master-status/master-status-list', {
      token: admin.accessToken,
    });
    const threshold = Number(
      (config.body.data as { data: { status_group: string; status_name: string }[] }).data.find(
        (s) => s.status_group === 'threshold_quota_warning',
      )?.status_name,
    );
    expect(threshold).toBeGreaterThan(1);

    // A department with exactly the threshold of each kind, and a user in it.
    const created = await apiCall('/api/v1/departement', {
      token: admin.accessToken,
      body: { name: `E2E Warn ${RUN}` },
    });
    const deptId = (created.body.data as { departement_id: number }).departement_id;
    const move = async (
      action: 'transfer-quota-company' | 'return-quota-department',
      quota: number,
      type: string,
    ) => {
      const moved = await apiCall(`/api/v1/quota/${action}`, {
        token: admin.accessToken,
        body: { departement_id: deptId, quota, type },
      });
      expect(moved.status, moved.body.message).toBe(200);
    };
    await move('transfer-quota-company', threshold, 'emeterai');
    await move('transfer-quota-company', threshold, 'esign');
    const email = uniqueEmail('org-warn');
    const invited = await apiCall('/api/v1/users', {
      token: admin.accessToken,
      body: { fullName: 'Wulan Waspada', email, role: 'user', departement_id: deptId },
    });
    expect(invited.status).toBe(201);
    const userId = (invited.body.data as { id: number }).id;
    const member = await acceptInvitation(email);

    const { context, page } = await openAppPage(chrome.browser, { session: member });
    await page.goto(url('/dashboard'));
    await page
      .getByTestId('quota-stat-emeterai-remain')
      .filter({ hasText: new RegExp(`^${threshold}$`) })
      .waitFor();
    // At the threshold: no warning yet.
    expect(await page.getByTestId('quota-warning').count()).toBe(0);

    // One e-Meterai goes back to the company: under the threshold.
    await move('return-quota-department', 1, 'emeterai');
    await page.reload();
    const warning = page.getByTestId('quota-warning');
    await warning.waitFor();
    expect(await warning.getByTestId('quota-warning-emeterai').textContent()).toContain(
      formatNumber(threshold - 1),
    );
    expect(await warning.getByTestId('quota-warning-esign').count()).toBe(0);
    expect(await page.getByTestId('quota-stat-emeterai').getAttribute('data-low')).toBe('true');
    expect(await page.getByTestId('quota-stat-esign').getAttribute('data-low')).toBeNull();
    // The navbar card says so too.
    await page.getByTestId('profile-menu').click();
    const card = page.getByTestId('quota-card-emeterai');
    await card.waitFor();
    expect(await card.getAttribute('data-low')).toBe('true');
    await context.close();

    // Clean up: quota back, the user and the department gone.
    await move('return-quota-department', threshold - 1, 'emeterai');
    await move('return-quota-department', threshold, 'esign');
    for (const path of [`/api/v1/users/${userId}`, `/api/v1/departement/${deptId}`]) {
      const removed = await apiCall(path, { token: admin.accessToken, method: 'DELETE' });
      expect(removed.status).toBe(200);
    }
  });
});
