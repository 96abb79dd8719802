import { describe, expect, it } from 'vitest';
import { zipOf } from '../../api/test/zip.ts';
import { createBatchInUi, dropBatchFiles, pdfInputs, runBatchToDone } from './bulk-steps';
import { apiCall, browserPerFile, textPdf } from './fixtures';
import { openPageAs } from './steps';

const chrome = browserPerFile();

const makePdf = (pages: number) => textPdf(pages, (index) => `Kontrak halaman ${index + 1}`);

describe('bulk stamping', () => {
  it('creates a batch, preflights the files, stamps them all and downloads the ZIP', async () => {
    const { context, page, name } = await openPageAs(chrome.browser, 'company', 'batch');

    await createBatchInUi(page, name);
    await page.getByTestId('batch-dropzone').waitFor();

    await dropBatchFiles(page, [
      ...pdfInputs([
        ['satu.pdf', await makePdf(1)],
        ['dua.pdf', await makePdf(2)],
        ['tiga.pdf', await makePdf(3)],
      ]),
      { name: 'rusak.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>no</html>') },
    ]);
    const rejected = page.getByTestId('batch-item-rusak.pdf');
    await rejected.waitFor();
    expect(await rejected.textContent()).toContain('Rejected');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="batch-count-rejected"]')?.textContent?.includes('1'),
    );

    // One ZIP of PDFs: its PDF becomes a file, the text entry is refused by name.
    await dropBatchFiles(
      page,
      [
        {
          name: 'arsip.zip',
          mimeType: 'application/zip',
          buffer: await zipOf([
            ['empat.pdf', await makePdf(1)],
            ['catatan.txt', Buffer.from('bukan pdf')],
          ]),
        },
      ],
      5,
    );
    const refusedNote = page.getByText('catatan.txt: Only PDF files can be stamped', {
      exact: false,
    });
    await refusedNote.waitFor();
    await page.getByTestId('batch-item-empat.pdf').waitFor();
    // A ZIP whose every PDF was added says so as a note, not in the colour of a refusal.
    await dropBatchFiles(
      page,
      [
        {
          name: 'bersih.zip',
          mimeType: 'application/zip',
          buffer: await zipOf([['lima.pdf', await makePdf(1)]]),
        },
      ],
      6,
    );
    const addedNote = page.getByText('1 PDF from the ZIP added', { exact: true });
    await addedNote.waitFor();
    const colour = (note: typeof addedNote) => note.evaluate((el) => getComputedStyle(el).color);
    expect(await colour(addedNote)).not.toBe(await colour(refusedNote));

    // A manifest overrides the values of one file; its unknown row is reported.
    const csv =
      'file_name,doc_type,doc_value,doc_number,doc_date\nsatu.pdf,4a,6000000,INV-1,2026-03-01\nhilang.pdf,3,,,\n';
    await page
      .getByTestId('batch-manifest')
      .locator('input[type=file]')
      .setInputFiles([{ name: 'manifest.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }]);
    await page.getByText('1 rows applied, 1 rows rejected').waitFor();
    expect(await page.getByTestId('batch-manifest').textContent()).toContain(
      'No file of this batch has this name',
    );
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="batch-units"]')?.textContent?.includes('needed: 5'),
    );

    await runBatchToDone(page, ['satu.pdf', 'dua.pdf', 'tiga.pdf', 'empat.pdf', 'lima.pdf']);
    expect(await page.getByTestId('batch-percent').textContent()).toBe('100%');

    const download = page.waitForEvent('download');
    await page.getByTestId('batch-zip').click();
    const zip = await download;
    expect(zip.suggestedFilename()).toBe(`${name}.zip`);
    await context.close();
  }, 240_000);

  it('shows a draft started elsewhere finishing, without a reload', async () => {
    const { context, page, name, session } = await openPageAs(chrome.browser, 'company', 'batch');
    await createBatchInUi(page, name);
    await page.getByTestId('batch-dropzone').waitFor();
    await dropBatchFiles(page, pdfInputs([['lain.pdf', await makePdf(1)]]));
    await page.getByTestId('batch-item-lain.pdf').waitFor();
    const id = Number(/\/stamp\/bulk\/(\d+)/.exec(page.url())?.[1]);
    // Another tab (or an API client) starts it.
    const started = await apiCall('/api/v1/batch-stamp/stamp-batch-process', {
      body: { batch_id: id },
      token: session.accessToken,
    });
    expect(started.status).toBe(200);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="batch-status"]')?.textContent === 'Done',
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.getByTestId('batch-item-lain.pdf').textContent()).toContain('Stamped');
    await context.close();
  }, 120_000);
});
