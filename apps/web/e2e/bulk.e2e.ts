import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { browserPerFile, openAppPage, sharedSession, textPdf, url } from './fixtures';

const chrome = browserPerFile();

const makePdf = (pages: number) => textPdf(pages, (index) => `Kontrak halaman ${index + 1}`);

const zipOf = (entries: [string, Buffer][]) =>
  new Promise<Buffer>((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, content] of entries) zip.addBuffer(content, name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });

describe('bulk stamping', () => {
  it('creates a batch, preflights the files, stamps them all and downloads the ZIP', async () => {
    const session = await sharedSession('company');
    const { context, page } = await openAppPage(chrome.browser, { session });
    const name = `E2E batch ${Date.now().toString(36)}`;

    await page.goto(url('/stamp/bulk'));
    await page.getByTestId('batch-page').waitFor();
    await page.getByTestId('batch-new').click();
    await page.getByTestId('batch-name').fill(name);
    await page.getByTestId('batch-doc-type').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('batch-create-submit').click();
    await page.waitForURL(/\/stamp\/bulk\/\d+$/);
    await page.getByTestId('batch-dropzone').waitFor();

    await page.getByTestId('batch-dropzone-input').setInputFiles([
      { name: 'satu.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) },
      { name: 'dua.pdf', mimeType: 'application/pdf', buffer: await makePdf(2) },
      { name: 'tiga.pdf', mimeType: 'application/pdf', buffer: await makePdf(3) },
      { name: 'rusak.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>no</html>') },
    ]);
    await page.getByText('4 of 4 files sent').waitFor({ timeout: 60_000 });
    const rejected = page.getByTestId('batch-item-rusak.pdf');
    await rejected.waitFor();
    expect(await rejected.textContent()).toContain('Rejected');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="batch-count-rejected"]')?.textContent?.includes('1'),
    );

    // One ZIP of PDFs: its PDF becomes a file, the text entry is refused by name.
    await page.getByTestId('batch-dropzone-input').setInputFiles([
      {
        name: 'arsip.zip',
        mimeType: 'application/zip',
        buffer: await zipOf([
          ['empat.pdf', await makePdf(1)],
          ['catatan.txt', Buffer.from('bukan pdf')],
        ]),
      },
    ]);
    await page.getByText('5 of 5 files sent').waitFor({ timeout: 60_000 });
    await page.getByText('catatan.txt: Only PDF files can be stamped', { exact: false }).waitFor();
    await page.getByTestId('batch-item-empat.pdf').waitFor();

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
      document.querySelector('[data-testid="batch-units"]')?.textContent?.includes('needed: 4'),
    );

    await page.getByTestId('batch-start').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="batch-status"]')?.textContent === 'Done',
      undefined,
      { timeout: 120_000 },
    );
    expect(await page.getByTestId('batch-percent').textContent()).toBe('100%');
    for (const file of ['satu.pdf', 'dua.pdf', 'tiga.pdf', 'empat.pdf'])
      expect(await page.getByTestId(`batch-item-${file}`).textContent()).toContain('Stamped');

    const download = page.waitForEvent('download');
    await page.getByTestId('batch-zip').click();
    const zip = await download;
    expect(zip.suggestedFilename()).toBe(`${name}.zip`);
    await context.close();
  }, 240_000);
});
