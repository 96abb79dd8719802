/**
 * Bulk stamping backup end to end (/stamp/bulk/backup): a company admin's draft batch with two
 * PDFs is found by its name among the batches, its files are listed, and one original and the
 * ZIP of all originals are downloaded. Spends no e-Meterai (the batch is never started).
 */
import { describe, expect, it } from 'vitest';
import { createBatchInUi, dropBatchFiles, pdfInputs } from './bulk-steps';
import { browserPerFile, textPdf, url } from './fixtures';
import { openPageAs } from './steps';

const chrome = browserPerFile();

const makePdf = () => textPdf(1, () => 'Arsip');

describe('bulk stamping backup', () => {
  it('finds a batch by name, lists its files and downloads one original and all as a ZIP', async () => {
    const { context, page, name } = await openPageAs(chrome.browser, 'company', 'arsip');

    await createBatchInUi(page, name);
    await dropBatchFiles(
      page,
      pdfInputs([
        ['surat-a.pdf', await makePdf()],
        ['surat-b.pdf', await makePdf()],
      ]),
    );

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
