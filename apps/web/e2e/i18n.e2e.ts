import { describe, expect, it } from 'vitest';
import { browserPerFile, openAppPage, url } from './fixtures';

const chrome = browserPerFile();

describe('languages', () => {
  it('defaults to English, switches to Bahasa Indonesia and keeps it after a reload', async () => {
    const context = await chrome.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(url('/'));
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-id').click();
    await page.waitForFunction(() => document.documentElement.lang === 'id');
    expect(await heading.textContent()).toBe(
      'e-Meterai dan tanda tangan elektronik untuk bisnis Indonesia',
    );
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('id');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('id');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'e-Meterai dan tanda tangan elektronik untuk bisnis Indonesia',
    );
    expect(await page.getByTestId('footer-terms').textContent()).toBe('Syarat dan ketentuan');
    await context.close();
  });

  it('translates the app shell and menus', async () => {
    const { context, page } = await openAppPage(chrome.browser, { extra: { i18nextLng: 'id' } });
    await page.goto(url('/dashboard'));
    expect(await page.getByTestId('page-title').textContent()).toBe('Dasbor');
    const greeting = await page.getByTestId('dashboard-greeting').textContent();
    expect(greeting).toMatch(/^Selamat (pagi|siang|malam), Ayu Admin$/);
    const nav = page.getByTestId('side-nav');
    expect(await nav.getByText('e-Dokumen Saya', { exact: true }).count()).toBe(1);
    expect(await nav.getByText('Bantuan', { exact: true }).count()).toBe(1);

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await page.getByTestId('page-title').filter({ hasText: 'Dashboard' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });

  it('shows the error messages of the server in Bahasa Indonesia too', async () => {
    const context = await chrome.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('i18nextLng', 'id'));
    const page = await context.newPage();
    await page.goto(url('/login'));
    await page.waitForFunction(() => document.documentElement.lang === 'id');
    // An unknown address: a wrong password for a real one would count towards its lockout.
    const form = page.getByTestId('login-form');
    await form.waitFor();
    await page.getByLabel('Email').fill('nobody@demo.local');
    await page.getByLabel('Kata sandi', { exact: true }).fill('wrong-password');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login')),
      form.getByRole('button', { name: 'Masuk' }).click(),
    ]);
    expect(response.status()).toBe(401);
    expect(response.request().headers()['accept-language']).toBe('id');
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Email atau kata sandi salah');
    await context.close();
  });
});
