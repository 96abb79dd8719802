import AxeBuilder from '@axe-core/playwright';
import type { TSession } from '@bubuh/contracts';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  browserPerFile,
  seedSession,
  sharedSession,
  type TDemoKey,
  uploadThroughApi,
  url,
} from './fixtures';

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
/** A page and, for pages drawn over others (the details drawer), the test id to wait for. */
type TTarget = string | { path: string; ready: string };

const audit = async (
  browser: Browser,
  lng: (typeof LANGUAGES)[number],
  targets: readonly TTarget[],
  role?: TDemoKey,
): Promise<TFinding[]> => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const session = role ? await sharedSession(role) : null;
  await seedSession(context, { session, extra: { i18nextLng: lng } });
  const page = await context.newPage();
  const findings: TFinding[] = [];
  for (const target of targets) {
    const path = typeof target === 'string' ? target : target.path;
    await page.goto(url(path));
    await page.waitForLoadState('networkidle');
    await page.locator('#root :is(main, form, h1, h2)').first().waitFor();
    if (typeof target !== 'string') await page.getByTestId(target.ready).waitFor();
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

/** The records behind the pages with an id, created through the API as the demo admin. */
const createRecords = async (session: TSession): Promise<TTarget[]> => {
  const token = session.accessToken;
  const documentId = await uploadThroughApi(token, 'axe-kontrak.pdf', 2);
  const template = await apiCall('/api/v1/template/create-template', {
    token,
    body: {
      name: `Axe template ${Date.now()}`,
      type: 'Surat Dokumen',
      emeterai: { page: 1, x: 450, y: 60, width: 75, height: 75 },
      esign: [],
    },
  });
  expect(template.status, template.body.message).toBe(201);
  const batch = await apiCall('/api/v1/batch-stamp/create-batch', {
    token,
    body: {
      name: `Axe batch ${Date.now()}`,
      doc_type: '3',
      doc_value: 10_000,
      placement: { page_mode: 'last', page: 1, x: 400, y: 100, width: 75, height: 75 },
    },
  });
  expect(batch.status, batch.body.message).toBe(201);
  const form = new FormData();
  form.append('subject', 'Axe check: stamp failed');
  form.append('category', 'stamping');
  form.append('level', 'Low');
  form.append('description', 'The stamp on my contract failed during the accessibility check.');
  const ticket = await fetch(url('/api/tickets'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(ticket.status).toBe(201);
  const ids = {
    template: (template.body.data as { id: number }).id,
    batch: (batch.body.data as { id: number }).id,
    ticket: ((await ticket.json()) as { data: { id: number } }).data.id,
  };
  return [
    { path: `/stamp?doc=${documentId}`, ready: 'document-details-drawer' },
    { path: `/stamp/single/draft/${documentId}`, ready: 'stamp-draft' },
    { path: `/stamp/single/esign/${documentId}`, ready: 'sign-box' },
    { path: `/master/edit-document-template/${ids.template}`, ready: 'template-editor' },
    { path: '/master/edit-document-template/new', ready: 'template-editor' },
    { path: `/stamp/bulk/${ids.batch}`, ready: 'batch-detail' },
    { path: `/support/ticket/${ids.ticket}`, ready: 'ticket-detail' },
  ];
};

let withIds: Promise<TTarget[]> | null = null;

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

    it(`pages of one record: document details, editors, template, batch, ticket (${lng})`, async () => {
      withIds ??= sharedSession('admin').then(createRecords);
      const findings = await audit(chrome.browser, lng, await withIds, 'admin');
      expect(findings).toEqual([]);
    }, 240_000);
  }
});
