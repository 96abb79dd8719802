/**
 * Signing together, as two people of one company: Dewi (a department user, not an admin)
 * uploads a contract, asks Budi to sign after her, and signs. The screen says "1 of 2 signed —
 * waiting for Budi Company" and offers her no e-Meterai. Budi hears of it by e-mail (a real SMTP
 * server on loopback), finds the document under "Waiting for my signature" and signs from there.
 *
 * Runs its own server (the shared one keeps mail in the dev outbox): the built web app, a fresh
 * data folder and SMTP_URL pointing at the test's SMTP server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSession } from '@bubuh/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  browserPerFile,
  DEMO,
  DEMO_PASSWORD,
  mockConnection,
  seedSession,
  signHere,
} from './fixtures';

const chrome = browserPerFile();
const root = fileURLToPath(new URL('../../../', import.meta.url));
const mails: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let server: ChildProcess;
let base = '';
let dataDir = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'bubuh-e2e-signing-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      JWT_SECRET: 'signing-together-e2e-secret-0123456789abcdefghijklmnop',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  });
  await vi.waitFor(
    async () => {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      const res = await fetch(`${base}/api/health`);
      if (!res.ok) throw new Error('not healthy yet');
    },
    { timeout: 140_000, interval: 300 },
  );
  // A fresh database is migrated and seeded first: slow on a busy machine.
}, 150_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) =>
    server?.exitCode !== null ? resolve(null) : server.once('exit', resolve),
  );
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

const login = async (email: string): Promise<TSession> => {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: TSession }).data;
};

const openAs = async (browser: Browser, session: TSession): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await seedSession(context, { session });
  const page = await context.newPage();
  await mockConnection(page, { value: 1 });
  return page;
};

const contract = async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf
    .addPage([595.28, 841.89])
    .drawText('PERJANJIAN KERJA SAMA', { x: 72, y: 760, size: 18, font });
  return Buffer.from(await pdf.save());
};

/** Keeps a screenshot when E2E_SCREENSHOT_DIR is set (for looking at the screens). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`) });
};

describe('signing together', () => {
  it('the second signer is e-mailed, finds the document waiting for them and signs', async () => {
    const dewi = await login(DEMO.user.email);
    const budi = await login(DEMO.company.email);

    const page = await openAs(chrome.browser, dewi);
    await page.goto(`${base}/stamp/single`);
    await page.getByTestId('stamp-upload-dropzone-input').setInputFiles({
      name: 'kerja-sama.pdf',
      mimeType: 'application/pdf',
      buffer: await contract(),
    });
    await page.waitForURL(/\/stamp\/single\/draft\/\d+$/, { timeout: 30_000 });
    const id = Number(/draft\/(\d+)$/.exec(page.url())?.[1]);
    await page.goto(`${base}/stamp/single/esign/${id}`);

    // A department user may ask a colleague: herself first, then Budi.
    await page.getByRole('switch', { name: 'Ask others to sign' }).check();

    for (const name of [`${DEMO.user.name} (me)`, DEMO.company.name]) {
      await page.getByPlaceholder('Choose a user').click();
      await page.getByRole('option', { name }).click();
      await page.getByRole('button', { name: 'Add signer' }).click();
    }
    await page.getByTestId('save-signers').click();
    await page.getByTestId('signer-queue').waitFor();

    const done = await signHere(page);
    await expect
      .poll(() => done.getByTestId('sign-progress').textContent(), { timeout: 15_000 })
      .toBe(`1 of 2 signed — waiting for ${DEMO.company.name}`);
    // Not everyone has signed, and she is not the one who stamps yet: no e-Meterai offered.
    expect(await page.getByRole('link', { name: 'Add the e-Meterai' }).count()).toBe(0);
    await shot(page, 'signing-first-signed');

    // Budi's e-mail, through SMTP, links straight to the signing page.
    await expect
      .poll(() => mails.filter((m) => m.to.includes(DEMO.company.email)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const mail = mails.find((m) => m.to.includes(DEMO.company.email))?.raw ?? '';
    expect(mail).toContain('kerja-sama.pdf');
    expect(mail).toContain(`${base}/stamp/single/esign/${id}`);

    const other = await openAs(chrome.browser, budi);
    await other.goto(`${base}/dashboard`);
    const card = other.getByTestId('waiting-for-me');
    await card.getByText('kerja-sama.pdf').waitFor();
    await shot(other, 'signing-dashboard-waiting');
    await card.getByTestId(`waiting-sign-${id}`).click();
    await other.waitForURL(new RegExp(`/stamp/single/esign/${id}$`));
    await other.getByTestId('sign-box').waitFor();
    const signed = await signHere(other);
    await expect
      .poll(() => signed.getByTestId('sign-progress').textContent(), { timeout: 15_000 })
      .toBe('Everyone has signed. The document can now get its e-Meterai.');
    // Both signatures are in the file now: no "Signature of…" box is drawn over them.
    await expect
      .poll(() => other.locator('[data-kind="sign"]').count(), { timeout: 15_000 })
      .toBe(0);

    // The owner hears that everyone has signed; nothing waits for Budi any more.
    await expect
      .poll(() => mails.filter((m) => m.to.includes(DEMO.user.email)).length, { timeout: 30_000 })
      .toBe(1);
    await other.goto(`${base}/stamp?waiting=me`);
    await other.getByText('No documents yet. Upload one to stamp it.').waitFor();
  }, 180_000);
});
