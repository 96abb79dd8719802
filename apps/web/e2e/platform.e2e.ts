/**
 * The super's masters against the real API and its demo seed: the plans catalogue (/master/plan)
 * and the configuration values (/master/status). Other files read the demo plans and
 * threshold_quota_warning, so every value changed here is put back in a `finally`, whatever the
 * order the files run in. Logins: shared sessions (super, admin).
 */
import { formatNumber, type TPlan } from '@bubuh/contracts';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, browserPerFile, openAppPage, sharedSession, toast, url } from './fixtures';

const chrome = browserPerFile();

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

type TStatus = { id: number; status_group: string; status_name: string };

const listPlans = async (token: string): Promise<TPlan[]> => {
  const { status, body } = await apiCall('/api/v1/plans', { token });
  expect(status).toBe(200);
  return (body.data as { data: TPlan[] }).data;
};

const listStatuses = async (token: string): Promise<TStatus[]> => {
  const { status, body } = await apiCall('/api/master-status/master-status-list', { token });
  expect(status).toBe(200);
  return (body.data as { data: TStatus[] }).data;
};

/** Counts the PATCH calls the page sends to `path` (to prove a refused form sends nothing). */
const countPatches = (page: Page, path: string) => {
  const seen: string[] = [];
  const listener = (request: Request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === path) {
      seen.push(request.url());
    }
  };
  page.on('request', listener);
  return () => seen.length;
};

describe('super masters', () => {
  it('edits a plan of the catalogue; the value survives a reload and reads back', async () => {
    const session = await sharedSession('super');
    const token = session.accessToken;
    // Starter: a plan no demo company holds, so the other files' quota stays as it is.
    const starter = (await listPlans(token)).find((p) => p.plan_name === 'Starter');
    if (!starter) throw new Error('the demo seed has no Starter plan');
    const original = { total_emeterai: starter.total_emeterai, note: starter.note };
    const nextEmeterai = starter.total_emeterai + 7;
    const nextNote = `E2E note ${RUN}`;
    const path = `/api/v1/plans/${starter.plan}`;
    const { context, page } = await openAppPage(chrome.browser, { session });
    try {
      // The super menu links to the screen.
      await page.goto(url('/dashboard'));
      const nav = page.getByTestId('side-nav');
      await nav.locator('[data-menu-key="master"]').click();
      await nav.locator('[data-menu-key="master-status"]').waitFor();
      await nav.locator('[data-menu-key="master-plan"]').click();
      await page.waitForURL(url('/master/plan'));
      await page.getByTestId('page-title').filter({ hasText: 'Plans Catalogue' }).waitFor();

      const row = page.getByTestId(`plan-row-${starter.plan}`);
      await row.waitFor();
      expect(await row.getByTestId('plan-name-cell').textContent()).toBe('Starter');
      expect(await page.getByTestId('plan-table').locator('tbody tr').count()).toBeGreaterThan(1);
      const patches = countPatches(page, path);

      await row.getByTestId('plan-edit').click();
      const form = page.getByTestId('plan-form');
      await form.waitFor();
      const emeterai = page.getByTestId('plan-total_emeterai');
      expect(await emeterai.inputValue()).toBe(formatNumber(starter.total_emeterai));

      // An empty figure is refused in the form, before any call.
      await emeterai.fill('');
      await page.getByTestId('plan-submit').click();
      await form.getByText('Fill this in.', { exact: true }).waitFor();
      expect(patches()).toBe(0);

      await emeterai.fill(String(nextEmeterai));
      await page.getByTestId('plan-note').fill(nextNote);
      const answer = page.waitForResponse(
        (r) => new URL(r.url()).pathname === path && r.request().method() === 'PATCH',
      );
      await page.getByTestId('plan-submit').click();
      const response = await answer;
      expect(response.status()).toBe(200);
      // Only what changed is sent.
      expect(response.request().postDataJSON()).toEqual({
        total_emeterai: nextEmeterai,
        note: nextNote,
      });
      await toast(page, 'Berhasil update data Plan');
      await form.waitFor({ state: 'detached' });
      await row
        .getByTestId('plan-emeterai-cell')
        .filter({ hasText: formatNumber(nextEmeterai) })
        .waitFor();

      await page.reload();
      await row.waitFor();
      expect(await row.getByTestId('plan-emeterai-cell').textContent()).toBe(
        formatNumber(nextEmeterai),
      );
      expect(await row.getByTestId('plan-note-cell').textContent()).toBe(nextNote);

      const stored = (await listPlans(token)).find((p) => p.plan === starter.plan);
      expect(stored).toMatchObject({ total_emeterai: nextEmeterai, note: nextNote });
      // Nothing else of the plan moved.
      expect({ ...stored, total_emeterai: 0, note: null }).toEqual({
        ...starter,
        total_emeterai: 0,
        note: null,
      });
    } finally {
      const restored = await apiCall(path, { method: 'PATCH', token, body: original });
      expect(restored.status, restored.body.message).toBe(200);
      await context.close();
    }
  });

  it('changes threshold_quota_warning and refuses a value that is not a whole number', async () => {
    const session = await sharedSession('super');
    const token = session.accessToken;
    const entry = (await listStatuses(token)).find(
      (s) => s.status_group === 'threshold_quota_warning',
    );
    if (!entry) throw new Error('the demo seed has no threshold_quota_warning');
    const original = entry.status_name;
    const next = String(Number.parseInt(original, 10) + 5);
    const path = `/api/master-status/${entry.id}`;
    const { context, page } = await openAppPage(chrome.browser, { session });
    try {
      await page.goto(url('/master/status'));
      await page.getByTestId('page-title').filter({ hasText: 'Master Status' }).waitFor();
      const row = page.getByTestId('status-row-threshold_quota_warning');
      await row.waitFor();
      await page.getByTestId('status-row-max_gauge_personal').waitFor();
      const value = row.getByTestId('status-value-threshold_quota_warning');
      expect(await value.textContent()).toBe(original);
      const patches = countPatches(page, path);

      await row.getByTestId('status-edit').click();
      const form = page.getByTestId('status-form');
      await form.waitFor();
      const input = page.getByTestId('status-value-input');
      expect(await input.inputValue()).toBe(original);

      for (const bad of ['abc', '-3', '2.5', '10 units']) {
        await input.fill(bad);
        await page.getByTestId('status-submit').click();
        await form.getByText('Enter a whole number (digits only).', { exact: true }).waitFor();
      }
      await input.fill('');
      await page.getByTestId('status-submit').click();
      await form.getByText('Fill this in.', { exact: true }).waitFor();
      expect(patches()).toBe(0);
      expect((await listStatuses(token)).find((s) => s.id === entry.id)?.status_name).toBe(
        original,
      );

      await input.fill(next);
      const answer = page.waitForResponse(
        (r) => new URL(r.url()).pathname === path && r.request().method() === 'PATCH',
      );
      await page.getByTestId('status-submit').click();
      expect((await answer).status()).toBe(200);
      await toast(page, 'Berhasil update data Status');
      await form.waitFor({ state: 'detached' });
      await value.filter({ hasText: new RegExp(`^${next}$`) }).waitFor();

      await page.reload();
      await value.waitFor();
      expect(await value.textContent()).toBe(next);
      expect((await listStatuses(token)).find((s) => s.id === entry.id)?.status_name).toBe(next);
    } finally {
      const restored = await apiCall(path, {
        method: 'PATCH',
        token,
        body: { status_name: original },
      });
      expect(restored.status, restored.body.message).toBe(200);
      await context.close();
    }
  });

  it('keeps the plans catalogue and master status from an admin', async () => {
    const session = await sharedSession('admin');
    const { context, page } = await openAppPage(chrome.browser, { session });
    try {
      for (const [path, title] of [
        ['/master/plan', 'Plans Catalogue'],
        ['/master/status', 'Master Status'],
      ] as const) {
        await page.goto(url(path));
        await page.getByTestId('page-title').filter({ hasText: title }).waitFor();
        await page.getByTestId('no-access').waitFor();
        expect(await page.getByTestId('plan-table').count(), path).toBe(0);
        expect(await page.getByTestId('status-table').count(), path).toBe(0);
        expect(new URL(page.url()).pathname).toBe(path);
      }
      // No menu entry either, and the server refuses the edit on its own.
      const nav = page.getByTestId('side-nav');
      await nav.locator('[data-menu-key="master"]').click();
      await nav.locator('[data-menu-key="master-user"]').waitFor({ state: 'attached' });
      expect(await nav.locator('[data-menu-key="master-plan"]').count()).toBe(0);
      expect(await nav.locator('[data-menu-key="master-status"]').count()).toBe(0);
      const plan = (await listPlans(session.accessToken))[0];
      if (!plan) throw new Error('no plans');
      const refused = await apiCall(`/api/v1/plans/${plan.plan}`, {
        method: 'PATCH',
        token: session.accessToken,
        body: { note: 'not allowed' },
      });
      expect(refused.status).toBe(403);
    } finally {
      await context.close();
    }
  });
});
