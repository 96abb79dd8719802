import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerFile, seedSession, sharedSession, type TDemoKey, url } from './fixtures';

// Issue 17: every built page passes axe with no serious or critical violation, in English and
// Indonesian. One browser; one context per role and language, reused for all its pages.
const chrome = browserPerFile();

const PUBLIC = [
  '/',
  '/privacy-policy',
  '/terms-and-conditions',
  '/return-policy',
  '/services/stamp',
];
const GUEST = ['/login', '/register', '/auth/forgot-password'];
const ADMIN = [
  '/dashboard',
  '/master/user',
  '/master/department',
  '/master/esign',
  '/quota/transfer',
  '/stamp',
  '/stamp/backup',
  '/stamp/single',
  '/stamp/single/template',
  '/stamp/e-sign',
  '/stamp/document-template',
  '/master/document-template',
  '/stamp/bulk/template',
];
const COMPANY = ['/master/personal-user'];
const SUPER = ['/master/plan', '/master/status'];
const LANGUAGES = ['en', 'id'] as const;

type TFinding = string;

const audit = async (
  browser: Browser,
  lng: (typeof LANGUAGES)[number],
  paths: readonly string[],
  role?: TDemoKey,
): Promise<TFinding[]> => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const session = role ? await sharedSession(role) : null;
  await seedSession(context, { session, extra: { i18nextLng: lng } });
  const page = await context.newPage();
  const findings: TFinding[] = [];
  for (const path of paths) {
    await page.goto(url(path));
    await page.waitForLoadState('networkidle');
    await page.locator('#root :is(main, form, h1, h2)').first().waitFor();
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      const where = v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ');
      findings.push(`${lng} ${path}: ${v.id} ×${v.nodes.length} (${where})`);
    }
  }
  await context.close();
  return findings;
};

describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const lng of LANGUAGES) {
    it(`public and guest pages (${lng})`, async () => {
      const findings = await audit(chrome.browser, lng, [...PUBLIC, ...GUEST]);
      expect(findings).toEqual([]);
    }, 120_000);

    it(`signed-in pages (${lng})`, async () => {
      const findings = [
        ...(await audit(chrome.browser, lng, ADMIN, 'admin')),
        ...(await audit(chrome.browser, lng, COMPANY, 'company')),
        ...(await audit(chrome.browser, lng, SUPER, 'super')),
      ];
      expect(findings).toEqual([]);
    }, 240_000);
  }
});
