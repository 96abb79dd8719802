/**
 * A signer outside the company: Dewi asks a vendor, by name and e-mail, to sign a contract. The
 * vendor opens the e-mailed link in a browser of their own (no account, a fresh context), proves
 * the e-mail with the code, types their signature and signs; Dewi then adds the e-Meterai. The
 * downloaded file carries both, and pdfsig finds both valid.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserPerFile,
  mailIds,
  otpOf,
  textPdf,
  typeOtp,
  uniqueEmail,
  url,
  waitForMail,
} from './fixtures';
import { openPageAs } from './steps';

const chrome = browserPerFile();

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
};

const pdfsig = (bytes: Buffer) => {
  const file = join(tmpdir(), `bubuh-e2e-${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } finally {
    rmSync(file, { force: true });
  }
};

describe('a signer outside the company', () => {
  it('signs through their own e-mailed link in a fresh browser; the owner then stamps; all verify', async () => {
    const { context, page } = await openPageAs(chrome.browser, 'user', 'outside');
    const vendorEmail = uniqueEmail('vendor');

    // Dewi uploads the contract and asks the vendor from the e-sign page.
    await page.goto(url('/stamp/single'));
    await page.getByTestId('stamp-upload-dropzone-input').setInputFiles({
      name: 'kontrak-vendor.pdf',
      mimeType: 'application/pdf',
      buffer: await textPdf(1, () => 'PERJANJIAN KERJA SAMA DENGAN VENDOR'),
    });
    await page.waitForURL(/\/stamp\/single\/draft\/\d+$/, { timeout: 30_000 });
    const documentId = Number(/draft\/(\d+)$/.exec(page.url())?.[1]);
    await page.getByTestId('go-sign').click();
    await page.waitForURL(new RegExp(`/stamp/single/esign/${documentId}$`));
    await page.locator('[data-testid="pdf-page-1"] canvas[data-painted]').waitFor();
    await page.getByTestId('plan-signers').click();
    await page.getByTestId('outside-open').click();
    await page.getByTestId('outside-name').fill('Budi Santoso');
    await page.getByTestId('outside-email').fill(vendorEmail);
    await page.getByTestId('outside-add').click();
    await page.getByTestId('planned-box-1').waitFor();
    await shot(page, 'outside-signer-planned');
    const seen = await mailIds(vendorEmail);
    await page.getByTestId('save-signers').click();

    // The vendor's turn: a link of their own, by e-mail.
    const turn = await waitForMail(vendorEmail, 'signing-turn', seen);
    const token = /\/sign\/([A-Za-z0-9_-]{43})/.exec(turn.text)?.[1];
    expect(token).toBeTruthy();

    // A fresh browser: no session, no account.
    const vendor = await chrome.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const signer = await vendor.newPage();
    await signer.goto(url(`/sign/${token}`));
    await signer.getByTestId('sign-link-page').waitFor();
    expect(await signer.getByText('kontrak-vendor.pdf').count()).toBeGreaterThan(0);
    const before = await mailIds(vendorEmail);
    await signer.getByTestId('sign-link-send-code').click();
    await signer.getByTestId('sign-link-code-sent').waitFor();
    const codeMail = await waitForMail(vendorEmail, 'signing-code', before);
    await typeOtp(signer, otpOf(codeMail));
    await signer.locator('[data-testid="pdf-page-1"] canvas[data-painted]').waitFor({
      timeout: 30_000,
    });
    await signer.getByTestId('sign-link-box').waitFor();
    await shot(signer, 'outside-signer-verified');
    await signer.getByTestId('sign-link-mode').getByText('Type', { exact: true }).click();
    expect(await signer.getByTestId('sign-link-typed').inputValue()).toBe('Budi Santoso');
    await signer.getByTestId('sign-link-sign').click();
    await signer.getByTestId('sign-link-completed').waitFor({ timeout: 60_000 });
    await shot(signer, 'outside-signer-done');
    const [signedDownload] = await Promise.all([
      signer.waitForEvent('download'),
      signer.getByTestId('sign-link-download').click(),
    ]);
    const signed = readFileSync(await signedDownload.path());
    expect(pdfsig(signed).match(/Signature is Valid/g)).toHaveLength(1);
    await vendor.close();

    // Dewi adds the e-Meterai beside the vendor's signature.
    await page.goto(url(`/stamp/single/draft/${documentId}`));
    await page.getByTestId('stamp-box').waitFor();
    await page.getByTestId('doc-type-select').click();
    await page.getByRole('option', { name: /^Surat Keterangan/ }).click();
    await page.getByRole('button', { name: 'Stamp', exact: true }).click();
    await page.getByTestId('stamp-confirm-submit').click();
    await page.waitForURL(new RegExp(`/stamp\\?doc=${documentId}$`), { timeout: 60_000 });
    const drawer = page.getByTestId('document-details-drawer');
    await drawer.getByText('1. Budi Santoso').waitFor();
    await drawer.getByTestId('history-code-verified').waitFor();
    await shot(page, 'outside-signer-history');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByTestId('details-download').click(),
    ]);
    const report = pdfsig(readFileSync(await download.path()));
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).toContain('Budi Santoso');
    expect(report).toContain(vendorEmail);
    await context.close();
  });
});
