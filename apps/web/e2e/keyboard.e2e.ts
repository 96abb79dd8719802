/**
 * Every action reachable by keyboard with a visible focus (issue 17): Tab walks the login form,
 * the dashboard, the document list and the signing editor; each control Tab lands on must look
 * different while focused (outline, ring, border or background), and the signature box is placed
 * on the PDF with the arrow keys and Page Down, then the Sign button is reached by Tab.
 */
import type { JSHandle, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserPerFile,
  DEMO,
  DEMO_PASSWORD,
  openAppPage,
  sharedSession,
  uploadThroughApi,
  url,
} from './fixtures';

const chrome = browserPerFile();

type TStop = { label: string; visible: boolean };

type TLookWindow = { __look: (el: Element) => string; __label: (el: Element) => string };

/**
 * Installs in the page what a focus indicator can change, on the element and on its parent
 * (wrapped inputs): outline, ring (box-shadow), border and background.
 */
const installLook = async (page: Page) => {
  // Focus styles are read at once: no transition may delay them (a border fading in).
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate(() => {
    const w = window as unknown as TLookWindow;
    const one = (e: Element | null) => {
      if (!e) return '';
      const style = getComputedStyle(e);
      const outline = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
      return [outline, style.boxShadow, style.borderColor, style.backgroundColor].join('|');
    };
    w.__look = (el) => `${one(el)}#${one(el.parentElement)}`;
    w.__label = (el) =>
      `${el.tagName.toLowerCase()} ${
        el.getAttribute('data-testid') ??
        el.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().slice(0, 40)
      }`;
  });
};

const look = (el: Element | null) => (el ? (window as unknown as TLookWindow).__look(el) : '');

/**
 * Presses Tab `count` times from the current focus; for each control reached, compares its look
 * (and its parent's) while focused with its look once the focus has moved on.
 */
const walk = async (page: Page, count: number): Promise<TStop[]> => {
  await installLook(page);
  const stops: TStop[] = [];
  let previous: { handle: JSHandle<Element | null>; focused: string; label: string } | null = null;
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('Tab');
    if (previous) {
      const after = await previous.handle.evaluate(look);
      stops.push({ label: previous.label, visible: after !== previous.focused });
    }
    const handle = await page.evaluateHandle(() =>
      document.activeElement === document.body ? null : document.activeElement,
    );
    const seen = await handle.evaluate((el) => {
      const w = window as unknown as TLookWindow;
      return el ? [w.__look(el), w.__label(el)] : null;
    });
    previous = seen ? { handle, focused: seen[0] ?? '', label: seen[1] ?? '' } : null;
  }
  return stops;
};

const invisible = (stops: TStop[]) => stops.filter((s) => !s.visible).map((s) => s.label);

describe('keyboard', () => {
  it('logs in by keyboard alone, every stop showing its focus', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await page.getByTestId('login-form').waitFor();
    const stops = await walk(page, 12);
    expect(stops.length).toBeGreaterThan(5);
    expect(invisible(stops)).toEqual([]);

    // From the e-mail field: type, Tab to the password, Enter logs in.
    await page.getByLabel('Email').focus();
    await page.keyboard.type(DEMO.company.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
    await context.close();
  }, 90_000);

  it('walks the dashboard and the document list with a visible focus on every control', async () => {
    const { context, page } = await openAppPage(chrome.browser, { width: 1366 });
    for (const path of ['/dashboard', '/stamp']) {
      await page.goto(url(path));
      await page.getByTestId('page-title').waitFor();
      await page.waitForLoadState('networkidle');
      const stops = await walk(page, 30);
      expect(stops.length, path).toBeGreaterThan(10);
      expect(invisible(stops), path).toEqual([]);
    }
    await context.close();
  }, 120_000);

  it('places the signature on the PDF by keyboard and reaches Sign by Tab', async () => {
    const session = await sharedSession('admin');
    const id = await uploadThroughApi(session.accessToken, 'keyboard.pdf', 2);
    const { context, page } = await openAppPage(chrome.browser, { width: 1366, session });
    await page.goto(url(`/stamp/single/esign/${id}`));
    await page.locator('[data-testid="pdf-page-2"] canvas[data-painted]').waitFor();
    const box = page.getByTestId('sign-box');
    await box.waitFor();

    // Tab reaches the box (a focusable control with a visible focus).
    let reached = false;
    for (let i = 0; i < 60 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await box.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await installLook(page);
    const focusedLook = await box.evaluate(look);
    await page.keyboard.press('Tab');
    expect(await box.evaluate(look)).not.toBe(focusedLook);
    await box.focus();

    const before = await box.boundingBox();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Shift+ArrowRight');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowDown');
    const after = await box.boundingBox();
    expect((after?.x ?? 0) - (before?.x ?? 0)).toBeGreaterThan(20);
    expect((after?.y ?? 0) - (before?.y ?? 0)).toBeGreaterThan(10);
    expect(await box.getAttribute('data-page')).toBe('1');
    await page.keyboard.press('PageDown');
    await expect.poll(() => box.getAttribute('data-page')).toBe('2');

    // The main action is next in the Tab order somewhere after the box, and visible.
    const sign = page.getByTestId('sign-submit');
    let onSign = false;
    await box.focus();
    for (let i = 0; i < 30 && !onSign; i += 1) {
      await page.keyboard.press('Tab');
      onSign = await sign.evaluate((el) => el === document.activeElement);
    }
    expect(onSign).toBe(true);
    expect(await sign.isVisible()).toBe(true);
    await context.close();
  }, 120_000);
});
