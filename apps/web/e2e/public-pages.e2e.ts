import { SUPPORT_CONTACT } from '@bubuh/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserPerFile, url } from './fixtures';

const chrome = browserPerFile();
let page: Page;

beforeAll(async () => {
  page = await chrome.browser.newPage({ viewport: { width: 1366, height: 900 } });
});

const expectFooter = async () => {
  const footer = page.getByTestId('public-footer');
  await footer.waitFor();
  expect(await footer.getByTestId('footer-terms').getAttribute('href')).toBe(
    '/terms-and-conditions',
  );
  expect(await footer.getByTestId('footer-privacy').getAttribute('href')).toBe('/privacy-policy');
  expect(await footer.getByTestId('footer-return-policy').getAttribute('href')).toBe(
    '/return-policy',
  );
  expect(await footer.getByTestId('contact-address').textContent()).toContain(
    SUPPORT_CONTACT.address,
  );
  expect(await footer.getByTestId('contact-phone').textContent()).toContain(SUPPORT_CONTACT.phone);
  const chat = footer.getByTestId('chat-contact');
  expect(await chat.getAttribute('href')).toBe(`https://wa.me/${SUPPORT_CONTACT.whatsapp}`);
  expect(await chat.getAttribute('target')).toBe('_blank');
};

describe('public pages', () => {
  it('renders the landing page with its calls to action and footer', async () => {
    await page.goto(url('/'));
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    expect(await title.textContent()).toBe('e-Meterai and e-signatures for Indonesian businesses');
    expect(await page.getByTestId('hero-login').getAttribute('href')).toBe('/login');
    expect(await page.getByTestId('hero-register').getAttribute('href')).toBe('/register');
    expect(await page.getByTestId('hero-verify').getAttribute('href')).toBe('/services/stamp');
    for (const feature of ['stamping', 'quota', 'signatures', 'locker']) {
      expect(await page.getByTestId(`feature-${feature}`).isVisible()).toBe(true);
    }
    expect(await page.title()).toContain('Bubuh');
    await expectFooter();
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-and-conditions', 'Terms and Conditions'],
    ['/return-policy', 'Quota Return Policy'],
  ])('renders %s with the shared footer', async (path, heading) => {
    await page.goto(url(path));
    const title = page.getByTestId('legal-title');
    await title.waitFor();
    expect(await title.textContent()).toBe(heading);
    expect(await page.title()).toBe(`${heading} · Bubuh`);
    await expectFooter();
  });

  it('states the quota-return rules', async () => {
    await page.goto(url('/return-policy'));
    await page.getByTestId('legal-title').waitFor();
    const text = (await page.locator('article').textContent()) ?? '';
    expect(text).toContain('quota is returned');
    expect(text).toContain('quota is never returned');
    expect(text).toContain('within 3 days of payment');
  });

  it('navigates from the footer to a legal page', async () => {
    await page.goto(url('/'));
    await page.getByTestId('footer-return-policy').click();
    await page.waitForURL(url('/return-policy'));
    expect(await page.getByTestId('legal-title').textContent()).toBe('Quota Return Policy');
  });

  it('shows a 404 page for unknown routes', async () => {
    // Navigate inside the app, so the test does not depend on how the server answers unknown paths.
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/this/does/not/exist');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
  });
});
