/**
 * Shared bits of the browser tests: where the app runs, how Chromium starts, real sessions from
 * the demo seed, the dev outbox (e-mail OTPs) and the provider-check mock. Starting the server is
 * the harness's job; these tests only need E2E_BASE_URL (a server with the demo seed, outside
 * production so /dev/outbox.json answers).
 *
 * Login budget: the API allows 20 logins per minute per IP. Read-only tests share one session per
 * file (`sharedSession`); tests that revoke or change a session log in on their own.
 */
import type { TSession } from '@bubuh/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

export const url = (path: string) => `${BASE_URL}${path}`;

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });

/**
 * One Chromium for the whole test file, launched before the first test and closed after the last.
 * Contexts opened through `newContext` are closed after each test (a failed test leaks none).
 */
export const browserPerFile = () => {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  const launched = () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
  const newContext = async (options?: BrowserContextOptions) => {
    const context = await launched().newContext(options);
    open.push(context);
    return context;
  };
  return {
    get browser() {
      return launched();
    },
    newContext,
    /** A page in a context of its own (closed after the test). */
    newPage: async (options?: BrowserContextOptions) => (await newContext(options)).newPage(),
  };
};

/** The demo seed of the API (apps/api/src/demo/seed.ts); all share DEMO_PASSWORD. */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo#2026!';
export const DEMO = {
  admin: { email: 'admin@demo.local', name: 'Ayu Admin' },
  company: { email: 'company@demo.local', name: 'Budi Company' },
  payu: { email: 'payu@demo.local', name: 'Citra Payu' },
  user: { email: 'user@demo.local', name: 'Dewi User' },
  personal: { email: 'personal@demo.local', name: 'Eko Personal' },
  super: { email: 'super@demo.local', name: 'Fajar Super' },
} as const;
export type TDemoKey = keyof typeof DEMO;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits out a rate limit, saying so (a run that waits often should raise the server's limits). */
const waitOutRateLimit = (what: string, seconds: number) => {
  console.warn(`rate limited (${what}): waiting ${seconds} s`);
  return sleep(seconds * 1000);
};

type TEnvelope = { message?: string; data?: unknown; errors?: Record<string, unknown> };

/** A JSON call to the API from Node; 429s are waited out (rate limits are per minute). */
export const apiCall = async (
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: TEnvelope }> => {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(url(path), {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body = (await response.json().catch(() => ({}))) as TEnvelope;
    if (response.status === 429 && attempt < 2) {
      const wait = Number(body.errors?.retryAfterSeconds ?? 30);
      await waitOutRateLimit(path, Math.min(Math.max(wait, 1), 65));
      continue;
    }
    return { status: response.status, body };
  }
};

/** Logs in through the API (no OTP) and returns the session the web app would store. */
export const apiLogin = async (email: string, password = DEMO_PASSWORD): Promise<TSession> => {
  const { status, body } = await apiCall('/api/v1/auth/login', { body: { email, password } });
  if (status !== 200) throw new Error(`login ${email} failed: ${status} ${body.message}`);
  const session = body.data as TSession;
  if (!session.accessToken) throw new Error(`login ${email} needs an OTP`);
  return session;
};

const shared = new Map<string, Promise<TSession>>();

/**
 * One session per demo account and test file, for tests that only read. Never log it out or
 * let it refresh (refresh tokens rotate): tests that do either use `apiLogin` themselves.
 */
export const sharedSession = (key: TDemoKey = 'admin'): Promise<TSession> => {
  let session = shared.get(key);
  if (!session) {
    session = apiLogin(DEMO[key].email);
    shared.set(key, session);
  }
  return session;
};

type TSeed = { session: TSession | null; extra: Record<string, string> };

/**
 * Stores a session once per tab (before the app's scripts run), so a logout or a reload in the
 * test is not undone by the init script.
 */
export const seedSession = async (
  context: BrowserContext,
  { session = null, extra = {} }: { session?: TSession | null; extra?: Record<string, string> },
) => {
  const seed: TSeed = { session, extra };
  await context.addInitScript((s: TSeed) => {
    if (window.sessionStorage.getItem('__e2eSeeded')) return;
    window.sessionStorage.setItem('__e2eSeeded', '1');
    if (s.session) {
      window.localStorage.setItem('userData', JSON.stringify(s.session.userData));
      window.localStorage.setItem('accessToken', s.session.accessToken);
      window.localStorage.setItem('refreshToken', s.session.refreshToken);
      window.localStorage.setItem('userAbilities', JSON.stringify(s.session.ability));
    }
    for (const [key, value] of Object.entries(s.extra)) window.localStorage.setItem(key, value);
  }, seed);
};

export const CHECK_ROUTE = '**/api/v1/single-stamp/check';

/** Answers the navbar's provider check with `value` (or an HTTP error status). */
export const mockConnection = async (
  page: Page,
  answer: { value: number } | { status: number },
) => {
  await page.unroute(CHECK_ROUTE);
  await page.route(CHECK_ROUTE, (route) =>
    'value' in answer
      ? route.fulfill({
          json: {
            message: 'ok',
            data: { value: answer.value, responseTimeMs: answer.value * 100, provider: 'mock' },
          },
        })
      : route.fulfill({
          status: answer.status,
          json: { message: 'Provider unavailable', errors: { status: 'SERVICE_UNAVAILABLE' } },
        }),
  );
};

/**
 * A logged-in page at `width`×`height` with the provider check answering "All Good". The session
 * is the file's shared admin session unless another one is given.
 */
export const openAppPage = async (
  browser: Browser,
  {
    width = 1400,
    height = 900,
    extra,
    session,
  }: {
    width?: number;
    height?: number;
    extra?: Record<string, string>;
    session?: TSession;
  } = {},
) => {
  const context = await browser.newContext({ viewport: { width, height } });
  await seedSession(context, { session: session ?? (await sharedSession()), extra });
  const page = await context.newPage();
  await mockConnection(page, { value: 3 });
  return { context, page };
};

export const layoutOf = (page: Page) =>
  page.locator('[data-testid="app-layout"]').getAttribute('data-layout');

// ── Accounts made by the tests ─────────────────────────────────────────────────────────────────

let counter = 0;
/** An address nobody has used on this server yet. */
export const uniqueEmail = (prefix: string) => {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@e2e.test`;
};

export const TEST_PASSWORD = 'Rahasia2026';

type TMail = { id: number; to: string; subject: string; text: string; template: string | null };

/**
 * The newest mail of `template` to `email` that is not in `seen` (ids), read from the dev outbox;
 * waits for it to arrive.
 */
export const waitForMail = async (
  email: string,
  template: string,
  seen: ReadonlySet<number> = new Set(),
): Promise<TMail> => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(url(`/dev/outbox.json?to=${encodeURIComponent(email)}`));
    if (!response.ok) throw new Error(`/dev/outbox.json answered ${response.status}`);
    const { data } = (await response.json()) as { data: TMail[] };
    const mail = data.find((m) => m.template === template && !seen.has(m.id));
    if (mail) return mail;
    await sleep(200);
  }
  throw new Error(`no ${template} mail for ${email}`);
};

/** Ids of the mails already sent to `email` (to wait for the next one). */
export const mailIds = async (email: string): Promise<Set<number>> => {
  const response = await fetch(url(`/dev/outbox.json?to=${encodeURIComponent(email)}`));
  const { data } = (await response.json()) as { data: TMail[] };
  return new Set(data.map((m) => m.id));
};

export const otpOf = (mail: TMail): string => {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
};

/** Registers and verifies a personal account through the API; returns its e-mail. */
export const registerVerifiedAccount = async (
  prefix: string,
  { verify = true, name = 'E2E Tester' }: { verify?: boolean; name?: string } = {},
): Promise<string> => {
  const email = uniqueEmail(prefix);
  const created = await apiCall('/api/register', {
    body: {
      type: 'personal',
      name,
      email,
      phoneNumber: '081234567890',
      password: TEST_PASSWORD,
    },
  });
  if (created.status !== 201) throw new Error(`register failed: ${created.body.message}`);
  if (verify) {
    const otp = otpOf(await waitForMail(email, 'otp-register'));
    const verified = await apiCall('/api/v1/auth/otp/verify', { body: { email, otp } });
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.body.message}`);
  }
  return email;
};

/** Types a 6-digit code into the PinInput (it submits itself when complete). */
export const typeOtp = async (page: Page, code: string) => {
  await page.getByTestId('otp-input').locator('input').first().click();
  await page.keyboard.type(code);
};

/** Fills and sends the login form; a rate-limit answer is waited out once. */
export const uiLogin = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  const form = page.getByTestId('login-form');
  await form.waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
    await form.getByRole('button', { name: 'Log in' }).click();
    const response = await answer;
    if (response.status() !== 429) return response;
    const body = (await response.json()) as TEnvelope;
    await waitOutRateLimit(
      'login form',
      Math.min(Number(body.errors?.retryAfterSeconds ?? 30), 65),
    );
  }
  throw new Error(`login ${email} stayed rate limited`);
};

export const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    user: JSON.parse(localStorage.getItem('userData') ?? 'null') as { id: number } | null,
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
    ability: JSON.parse(localStorage.getItem('userAbilities') ?? 'null') as unknown,
  }));

/** Waits for a toast (Mantine notification) with exactly this text. */
export const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').getByText(text, { exact: true }).first().waitFor();

/** Draws a wavy stroke on the open signature pad (the add-specimen dialog). */
export const drawOnPad = async (page: Page) => {
  const pad = page.getByTestId('signature-pad');
  await pad.waitFor();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no pad');
  const y = box.y + box.height * 0.55;
  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  for (let i = 1; i <= 30; i += 1) {
    await page.mouse.move(box.x + 40 + i * 12, y + Math.sin(i / 3) * 30, { steps: 2 });
  }
  await page.mouse.up();
};

/** A plain A4 PDF of `pages` pages, each with one line of text (`textOf(index)`, 16 pt). */
export const textPdf = async (
  pages: number,
  textOf: (index: number) => string,
): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    pdf.addPage([595.28, 841.89]).drawText(textOf(index), { x: 72, y: 760, size: 16, font });
  }
  return Buffer.from(await pdf.save());
};

/**
 * Signs on the open signing page, confirming the identity on a first signature; answers the
 * "signed" notice once it shows.
 */
export const signHere = async (page: Page) => {
  await page.getByTestId('sign-submit').click();
  const dialog = page.getByTestId('identity-dialog');
  const done = page.getByTestId('sign-done');
  await Promise.race([dialog.waitFor(), done.waitFor()]);
  if (await dialog.isVisible()) await page.getByTestId('identity-confirm').click();
  await done.waitFor({ timeout: 30_000 });
  return done;
};

/** A plain A4 PDF of `pages` pages with a line of text on each. */
export const plainPdf = (pages = 2): Promise<Buffer> =>
  textPdf(pages, (index) => `Perjanjian halaman ${index + 1}`);

/** Uploads a PDF as a draft through the API (multipart, as the web sends it); its document id. */
export const uploadThroughApi = async (token: string, name = 'kontrak.pdf', pages = 2) => {
  const form = new FormData();
  const bytes = new Uint8Array(await plainPdf(pages));
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  const response = await fetch(url('/api/v1/single-stamp/upload-document'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { data?: { document_id?: number } };
  if (response.status !== 201 || !body.data?.document_id)
    throw new Error(`upload failed: ${response.status}`);
  return body.data.document_id;
};
