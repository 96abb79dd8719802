/**
 * Document templates end to end: a company admin saves a template with the e-Meterai on page 2
 * (no sample PDF: blank A4 pages stand in), stamps an uploaded PDF with it from
 * /stamp/single/template, and the stamp lands where the template put it. Then the template is
 * deleted from the list. Spends one e-Meterai of the company (seeded with 100). Names are unique
 * per run.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, openAppPage, sharedSession, toast, url } from './fixtures';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const makePdf = async (pages: number): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`Invoice page ${index + 1}`, { x: 72, y: 760, size: 16, font });
  }
  return Buffer.from(await pdf.save());
};

type TDetails = {
  status: string;
  serial_number: string | null;
  placements: { emeterai: { page: number; width: number; height: number } | null };
};

describe('document templates', () => {
  it('saves a template with the stamp on page 2 and stamps a document with it', async () => {
    const session = await sharedSession('company');
    const { context, page } = await openAppPage(browser, { session });
    const name = `E2E template ${Date.now().toString(36)}`;

    // New template: name, type, the box moved to page 2 with the page field.
    await page.goto(url('/master/document-template'));
    await page.getByTestId('template-page').waitFor();
    await page.getByTestId('template-add').click();
    await page.waitForURL(/\/master\/edit-document-template\/new\?back=/);
    await page.getByTestId('template-editor').waitFor();
    await page.getByTestId('template-name').fill(name);
    await page.getByTestId('template-type').click();
    await page.getByRole('option', { name: 'Security paper (Surat Berharga)' }).click();
    await page.getByTestId('stamp-box').waitFor();
    const pageField = page.getByTestId('template-page-number');
    await pageField.fill('2');
    await pageField.blur();
    await page.waitForSelector('[data-testid="stamp-box"][data-page="2"]');
    expect(await page.getByTestId('template-placement').textContent()).toMatch(
      /^Page 2 · 75 × 75 pt/,
    );
    await page.getByTestId('template-save').click();
    await toast(page, 'Berhasil tambah data Template');
    await page.waitForURL(/\/master\/document-template$/);
    const row = page.getByTestId('template-table').getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Page 2 · 75 × 75 pt');

    // Stamp with it: choose the template, upload, document type, confirm.
    await page.goto(url('/stamp/single/template'));
    await page.getByTestId('template-stamp').waitFor();
    await page.getByTestId('template-stamp-template').click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.getByTestId('template-stamp-upload-input').setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(3),
    });
    // The template's box is shown on page 2 of the uploaded file, not movable.
    await page.waitForSelector('[data-testid="stamp-box"][data-page="2"]', { timeout: 30_000 });
    await page.getByTestId('doc-type-select').click();
    await page.getByRole('option', { name: /^2 · Dokumen Transaksi/ }).click();
    await page.getByTestId('stamp-submit').click();
    await page.getByTestId('stamp-confirm').waitFor();
    expect(await page.getByTestId('stamp-confirm').textContent()).toContain('invoice.pdf');
    await page.getByTestId('stamp-confirm-submit').click();
    await page.waitForURL(/\/stamp\?doc=\d+$/, { timeout: 60_000 });
    const documentId = Number(/doc=(\d+)$/.exec(page.url())?.[1]);
    const serial = (await page.getByTestId('details-serial').textContent())?.trim() ?? '';
    expect(serial).toMatch(/^[A-Z0-9]{22}$/);

    const details = await apiCall(`/api/v1/single-stamp/get-document-details/${documentId}`, {
      token: session.accessToken,
    });
    const doc = details.body.data as TDetails;
    expect(doc).toMatchObject({ status: 'stamp', serial_number: serial });
    expect(doc.placements.emeterai).toMatchObject({ page: 2, width: 75, height: 75 });

    // Delete the template from the list; documents stamped with it stay.
    await page.goto(url('/master/document-template'));
    await row.waitFor();
    await row.getByTestId('template-delete').click();
    await page.getByTestId('template-delete-dialog-confirm').click();
    await toast(page, 'Berhasil hapus data Template');
    await row.waitFor({ state: 'detached' });
    const after = await apiCall(`/api/v1/single-stamp/get-document-details/${documentId}`, {
      token: session.accessToken,
    });
    expect(after.body.data).toMatchObject({ status: 'stamp', serial_number: serial });
    await context.close();
  });
});
