/**
 * Bulk stamping as issue 13 describes it: a company admin drops 20 different PDFs on a new batch
 * (a real drop event carrying the files, not the file input), starts it, watches the progress reach
 * 100 %, downloads the ZIP, and checks a stamped file from it with `pdfsig` and on the public
 * verifier while logged out.
 *
 * Spends 20 e-Meterai of the demo company (seeded with 100). One API login (shared session).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../api/test/zip.ts';
import { createBatchInUi, dragFilesOntoBatch, runBatchToDone } from './bulk-steps';
import { browserPerFile, openAppPage, sharedSession, textPdf, url } from './fixtures';

const chrome = browserPerFile();
const FILES = 20;

/** pdfsig's report of `bytes` (it exits 0 whatever it finds: callers read the text). */
const pdfsig = (dir: string, bytes: Buffer) => {
  const file = join(dir, 'check.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdfsig', [file], { encoding: 'utf8' });
};

describe('bulk stamping by drag and drop', () => {
  it('drops 20 PDFs, stamps them all, and every file of the ZIP is a valid e-Meterai', async () => {
    const session = await sharedSession('company');
    const { page } = await openAppPage(chrome.browser, { session });
    const name = `E2E drop ${Date.now().toString(36)}`;
    const dir = mkdtempSync(join(tmpdir(), 'bubuh-bulk-drop-'));

    try {
      await createBatchInUi(page, name);
      // Twenty distinct files of 1 to 5 pages, dropped at once on the drop zone.
      const files = await Promise.all(
        Array.from({ length: FILES }, async (_, i) => ({
          name: `kontrak-${String(i + 1).padStart(2, '0')}.pdf`,
          buffer: await textPdf((i % 5) + 1, (p) => `Kontrak ${i + 1}, halaman ${p + 1}`),
        })),
      );
      await dragFilesOntoBatch(page, files);
      await page.waitForFunction(
        (n) =>
          document
            .querySelector('[data-testid="batch-units"]')
            ?.textContent?.includes(`needed: ${n}`),
        FILES,
      );
      await runBatchToDone(
        page,
        files.map((f) => f.name),
        180_000,
      );
      expect(await page.getByTestId('batch-percent').textContent()).toBe('100%');
      // Each stamped row tells when (date and time).
      expect(await page.getByTestId('batch-item-kontrak-01.pdf').textContent()).toMatch(
        /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
      );
      const batchUrl = page.url();

      const download = page.waitForEvent('download');
      await page.getByTestId('batch-zip').click();
      const zipFile = join(dir, 'batch.zip');
      await (await download).saveAs(zipFile);
      const entries = await unzip(readFileSync(zipFile));
      expect([...entries.keys()].sort()).toEqual(
        files.map((f) => f.name.replace(/\.pdf$/, '_stamped.pdf')).sort(),
      );

      // Every file of the ZIP carries one valid e-Meterai signature.
      for (const [entry, bytes] of entries) {
        const report = pdfsig(dir, bytes);
        expect(report, entry).toContain('Signature Validation: Signature is Valid.');
        expect(report.match(/Signature #\d+:/g), entry).toHaveLength(1);
      }

      // One of them, checked on the public verifier while logged out.
      const [firstName, firstBytes] = [...entries].sort(([a], [b]) => a.localeCompare(b))[0] ?? [];
      if (!firstName || !firstBytes) throw new Error('the ZIP is empty');
      const row = await page
        .getByTestId(`batch-item-${firstName.replace('_stamped', '')}`)
        .textContent();
      const serial = row?.match(/[A-Z0-9]{22}/)?.[0];
      expect(serial, row ?? '').toBeDefined();
      expect(pdfsig(dir, firstBytes)).toContain(`Emet${serial}`);
      const anonymous = await chrome.newContext({ viewport: { width: 1280, height: 900 } });
      const verifier = await anonymous.newPage();
      await verifier.goto(url('/services/stamp'));
      await verifier.getByTestId('verify-input').setInputFiles({
        name: firstName,
        mimeType: 'application/pdf',
        buffer: firstBytes,
      });
      await verifier.getByTestId('verify-verdict').waitFor({ timeout: 30_000 });
      expect(await verifier.getByTestId('verify-verdict').textContent()).toBe('Intact');
      const card = verifier.getByTestId('verify-signature-emeterai');
      expect(await card.getByTestId('verify-known').getAttribute('data-known')).toBe('true');
      expect(await card.getByTestId('verify-serial').textContent()).toBe(serial);

      // Back on the list, the batch's name opens it.
      await page.goto(url('/stamp/bulk'));
      await page.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(batchUrl);
      await page.getByTestId('batch-percent').waitFor();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 360_000);
});
