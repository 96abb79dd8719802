/** Steps the bulk-stamping browser tests share: a draft batch made in the UI, files, the run. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { url } from './fixtures';

/** Creates a draft batch `name` on /stamp/bulk (the first document type); waits for its page. */
export const createBatchInUi = async (page: Page, name: string) => {
  await page.goto(url('/stamp/bulk'));
  await page.getByTestId('batch-page').waitFor();
  await page.getByTestId('batch-new').click();
  await page.getByTestId('batch-name').fill(name);
  await page.getByTestId('batch-doc-type').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('batch-create-submit').click();
  await page.waitForURL(/\/stamp\/bulk\/\d+$/);
};

/** PDF files for a file input: [name, bytes] each. */
export const pdfInputs = (files: readonly (readonly [string, Buffer])[]) =>
  files.map(([name, buffer]) => ({ name, mimeType: 'application/pdf', buffer }));

/** Drops `files` on the batch's drop zone and waits until all of them were sent. */
export const dropBatchFiles = async (
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
  sent = files.length,
) => {
  await page.getByTestId('batch-dropzone-input').setInputFiles(files);
  await page.getByText(`${sent} of ${sent} files sent`).waitFor({ timeout: 60_000 });
};

/**
 * Drops `files` on the batch's drop zone as a user drags them from a file manager (one drop event
 * carrying them all, not the file input) and waits until all of them were sent.
 */
export const dragFilesOntoBatch = async (
  page: Page,
  files: { name: string; buffer: Buffer }[],
  timeout = 90_000,
) => {
  const list = files.map((f) => ({ name: f.name, base64: f.buffer.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((all) => {
    const transfer = new DataTransfer();
    for (const file of all) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: 'application/pdf' }));
    }
    return transfer;
  }, list);
  const zone = page.getByTestId('batch-dropzone').locator('div').first();
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await page.getByText(`${files.length} of ${files.length} files sent`).waitFor({ timeout });
};

/** Starts the batch, waits for "Done" and expects each of `stamped` to read Stamped. */
export const runBatchToDone = async (page: Page, stamped: readonly string[], timeout = 120_000) => {
  await page.getByTestId('batch-start').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="batch-status"]')?.textContent === 'Done',
    undefined,
    { timeout },
  );
  for (const file of stamped)
    expect(await page.getByTestId(`batch-item-${file}`).textContent()).toContain('Stamped');
};
