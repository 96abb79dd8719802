import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserPerFile,
  CHECK_ROUTE,
  mockConnection,
  seedSession,
  sharedSession,
  url,
} from './fixtures';

const chrome = browserPerFile();
let context: BrowserContext;

const openWith = async (setup: (page: Page) => Promise<unknown>) => {
  context = await chrome.newContext({ viewport: { width: 1400, height: 900 } });
  await seedSession(context, { session: await sharedSession() });
  const page = await context.newPage();
  await setup(page);
  await page.goto(url('/dashboard'));
  return page;
};

const dot = (page: Page) => page.getByTestId('connection-status');

const expectDot = async (page: Page, level: string, label: string, value: number) => {
  await page.waitForSelector(`[data-testid="connection-status"][data-level="${level}"]`);
  expect(await dot(page).getAttribute('aria-label')).toBe(label);
  expect(await dot(page).getAttribute('data-value')).toBe(String(value));
};

describe('connection-status dot', () => {
  it('is red "Heavy Traffic" for a slow provider (12)', async () => {
    const page = await openWith((p) => mockConnection(p, { value: 12 }));
    await expectDot(page, 'heavy', 'Heavy Traffic', 12);
    expect(await dot(page).getAttribute('data-color')).toBe('red');
    const colour = await dot(page)
      .locator('span')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).toMatch(/^rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)$/);
    await dot(page).hover();
    await page.getByRole('tooltip').filter({ hasText: 'Heavy Traffic' }).waitFor();
  });

  it('is amber "Poor" at 7', async () => {
    const page = await openWith((p) => mockConnection(p, { value: 7 }));
    await expectDot(page, 'poor', 'Poor', 7);
    expect(await dot(page).getAttribute('data-color')).toBe('orange');
  });

  it('is green "All Good" at 3', async () => {
    const page = await openWith((p) => mockConnection(p, { value: 3 }));
    await expectDot(page, 'good', 'All Good', 3);
    expect(await dot(page).getAttribute('data-color')).toBe('green');
  });

  it('counts a failed check as 15, "Heavy Traffic"', async () => {
    const page = await openWith((p) => mockConnection(p, { status: 500 }));
    await expectDot(page, 'heavy', 'Heavy Traffic', 15);
  });

  it('is grey "Checking Status Connection.." while the check is pending', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const page = await openWith((p) =>
      p.route(CHECK_ROUTE, async (route) => {
        await held;
        await route.fulfill({
          json: { message: 'ok', data: { value: 2, responseTimeMs: 150, provider: 'mock' } },
        });
      }),
    );
    await expectDot(page, 'checking', 'Checking Status Connection..', -1);
    expect(await dot(page).getAttribute('data-color')).toBe('gray');
    release();
    await expectDot(page, 'good', 'All Good', 2);
  });
});
