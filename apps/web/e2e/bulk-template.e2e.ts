/**
 * Bulk templates end to end: a company admin creates a bulk template on
 * /stamp/bulk/create-template with its e-Meterai box on the last page, starts a batch from it
 * (/stamp/bulk/use-template/{id}) with three files of different lengths and finds each stamp on
 * its file's last page. Spends three e-Meterai of the demo company.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { dropBatchFiles, pdfInputs, runBatchToDone } from './bulk-steps';
import { apiCall, browserPerFile, textPdf, url } from './fixtures';
import { openPageAs } from './steps';

const chrome = browserPerFile();

const makePdf = (pages: number) => textPdf(pages, (index) => `Lampiran halaman ${index + 1}`);

/** The pages (1-based) carrying a signature field's widget (the e-Meterai is one). */
const signaturePages = async (bytes: ArrayBuffer) => {
  const pdf = await PDFDocument.load(bytes);
  const found: number[] = [];
  pdf.getPages().forEach((page, index) => {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (let i = 0; i < (annots?.size() ?? 0); i += 1) {
      const widget = annots?.lookupMaybe(i, PDFDict);
      const field = widget?.lookupMaybe(PDFName.of('Parent'), PDFDict) ?? widget;
      if (field?.get(PDFName.of('FT')) === PDFName.of('Sig')) found.push(index + 1);
    }
  });
  return found;
};

describe('bulk templates', () => {
  it('creates a bulk template with a last-page box and stamps a batch from it', async () => {
    const { session, context, page, name } = await openPageAs(chrome.browser, 'company', 'massal');

    await page.goto(url('/stamp/bulk/template'));
    await page.getByTestId('bulk-template-add').click();
    await page.waitForURL(/\/stamp\/bulk\/create-template$/);
    await page.getByTestId('bulk-template-name').fill(name);
    await page.getByTestId('doc-type-select').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('bulk-stamp-anchor-mode').getByText('Last page').click();
    await page.getByTestId('stamp-box').waitFor();
    await page.getByTestId('bulk-template-save').click();
    await page.waitForURL(/\/stamp\/bulk\/template$/);
    const row = page.getByTestId(`bulk-template-row-${name}`);
    expect(await row.textContent()).toContain('Last page');

    await row.getByTestId('bulk-template-use').click();
    await page.waitForURL(/\/stamp\/bulk\/use-template\/\d+$/);
    await page.getByTestId('batch-bulk-template').waitFor();
    await page.getByTestId('batch-name').fill(`${name} batch`);
    await page.getByTestId('batch-create-submit').click();
    await page.waitForURL(/\/stamp\/bulk\/\d+$/);
    const batchId = Number(page.url().split('/').at(-1));

    await dropBatchFiles(
      page,
      pdfInputs([
        ['satu.pdf', await makePdf(1)],
        ['dua.pdf', await makePdf(2)],
        ['tiga.pdf', await makePdf(3)],
      ]),
    );
    await runBatchToDone(page, ['satu.pdf', 'dua.pdf', 'tiga.pdf']);

    // Each stamp sits on its own file's last page.
    const detail = await apiCall(`/api/v1/batch-stamp/detail-batch-documents/${batchId}`, {
      token: session.accessToken,
    });
    const items = (detail.body.data as { data: { document_id: number; page_count: number }[] })
      .data;
    expect(items).toHaveLength(3);
    for (const item of items) {
      const file = await fetch(url(`/api/v1/single-stamp/download-file/${item.document_id}`), {
        headers: { Authorization: `Bearer ${session.accessToken}` },
      });
      expect(await signaturePages(await file.arrayBuffer())).toEqual([item.page_count]);
    }
    await context.close();
  }, 240_000);
});
