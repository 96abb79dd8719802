/**
 * Bulk stamping backup end to end (/stamp/bulk/backup): a company admin's draft batch with two
 * PDFs is found by its name among the batches, its files are listed, and one original and the
 * ZIP of all originals are downloaded. Spends no e-Meterai (the batch is never started).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { browserPerFile, openAppPage, sharedSession, url } from './fixtures';

const chrome = browserPerFile();

const makePdf = async (): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595.28, 841.89]).drawText('Arsip', { x: 72, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
};

describe('bulk stamping backup', () => {
  it('finds a batch by name, lists its files and downloads one original and all as a ZIP', async () => {
    const session = await sharedSession('company');
    const { context, page } = await openAppPage(chrome.browser, { session });
    const name = `E2E arsip ${Date.now().toString(36)}`;

    await page.goto(url('/stamp/bulk'));
    await page.getByTestId('batch-new').click();
    await page.getByTestId('batch-name').fill(name);
    await page.getByTestId('batch-doc-type').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('batch-create-submit').click();
    await page.waitForURL(/\/stamp\/bulk\/\d+$/);
    await page.getByTestId('batch-dropzone-input').setInputFiles([
      { name: 'surat-a.pdf', mimeType: 'application/pdf', buffer: await makePdf() },
      { name: 'surat-b.pdf', mimeType: 'application/pdf', buffer: await makePdf() },
    ]);
    await page.getByText('2 of 2 files sent').waitFor({ timeout: 60_000 });

    await page.goto(url('/stamp/bulk/backup'));
    await page.getByTestId('backup-page').waitFor();
    await page.getByTestId('backup-table-search').fill(name);
    const row = page.getByTestId(`backup-row-${name}`);
    await row.waitFor();
    await row.getByTestId('backup-open').click();
    const files = page.getByTestId('backup-files');
    await files.getByTestId('backup-file-surat-a.pdf').waitFor();
    await files.getByTestId('backup-file-surat-b.pdf').waitFor();

    const one = page.waitForEvent('download');
    await files.getByTestId('backup-file-surat-b.pdf').getByTestId('backup-original').click();
    expect((await one).suggestedFilename()).toBe('surat-b.pdf');

    const all = page.waitForEvent('download');
    await files.getByTestId('backup-zip').click();
    expect((await all).suggestedFilename()).toBe(`${name}-originals.zip`);
    await context.close();
  }, 180_000);
});
