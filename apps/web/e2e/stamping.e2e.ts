/**
 * Stamping one document end to end against the real server: upload a 2-page PDF, drag the
 * e-Meterai box onto page 2, choose the document type, stamp, find the serial in My e-Document,
 * download the stamped file, and verify it on the public /services/stamp page while logged out.
 *
 * A second journey signs first: draw a specimen, sign (confirming the identity on the first
 * signature), stamp beside the signature, and the public check lists both signatures as intact.
 *
 * Spends two e-Meterai and one e-sign unit of user@demo.local (seeded with 20 each). One API
 * login (shared session).
 * Set E2E_SCREENSHOT_DIR to keep screenshots of the draft viewer, My e-Document and the verdict.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerFile, toast, url } from './fixtures';
import { drawSpecimen, openPageAs } from './steps';

const chrome = browserPerFile();

/** `bubuh-pdf verify --json`, run from an empty folder (so no demo CA of ./data/pki is used). */
const verifiedByCli = (file: string) => {
  const cli = fileURLToPath(new URL('../../../packages/pdf/bin/bubuh-pdf.mjs', import.meta.url));
  const out = execFileSync(process.execPath, [cli, 'verify', file, '--json'], {
    cwd: mkdtempSync(join(tmpdir(), 'bubuh-cli-')),
    encoding: 'utf8',
  });
  return JSON.parse(out) as {
    signatures: { kind: string; serial: string | null; page: number | null; integrity: boolean }[];
  };
};

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
};

/** A small two-page A4 agreement. */
const makePdf = async (): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const [index, title] of ['PERJANJIAN SEWA', 'TANDA TANGAN PARA PIHAK'].entries()) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(title, { x: 72, y: 760, size: 18, font: bold, color: rgb(0, 0.09, 0.42) });
    for (let line = 0; line < 18; line += 1) {
      page.drawText(`Pasal ${index * 18 + line + 1}. Para pihak sepakat atas ketentuan berikut.`, {
        x: 72,
        y: 720 - line * 22,
        size: 11,
        font,
      });
    }
    page.drawText(`Halaman ${index + 1} dari 2`, { x: 480, y: 40, size: 9, font });
  }
  return Buffer.from(await pdf.save());
};

/** Uploads on /stamp/single and waits for the draft editor; returns the document id. */
const uploadDraft = async (page: Page, name: string, buffer: Buffer): Promise<number> => {
  await page.goto(url('/stamp/single'));
  await page.getByTestId('stamp-upload-dropzone-input').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer,
  });
  await page.waitForURL(/\/stamp\/single\/draft\/\d+$/, { timeout: 30_000 });
  const documentId = Number(/draft\/(\d+)$/.exec(page.url())?.[1]);
  expect(documentId).toBeGreaterThan(0);
  return documentId;
};

/** Picks the document type and value, stamps through the confirm dialog, lands in My e-Document. */
const stampDraft = async (page: Page, documentId: number): Promise<string> => {
  await page.getByTestId('doc-type-select').click();
  await page.getByRole('option', { name: /^Surat Keterangan/ }).click();
  await page.getByTestId('doc-value').fill('7500000');
  await page.getByRole('button', { name: 'Stamp', exact: true }).click();
  await page.getByTestId('stamp-confirm').waitFor();
  await shot(page, 'stamp-confirm');
  await page.getByTestId('stamp-confirm-submit').click();
  await page.waitForURL(new RegExp(`/stamp\\?doc=${documentId}$`), { timeout: 60_000 });
  const serial = (await page.getByTestId('details-serial').textContent())?.trim() ?? '';
  expect(serial).toMatch(/^[A-Z0-9]{22}$/);
  return serial;
};

/** Opens /services/stamp logged out, checks `bytes`, and returns the result panel. */
const verifyPublicly = async (name: string, bytes: Buffer) => {
  const anonymous = await chrome.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await anonymous.newPage();
  await page.goto(url('/services/stamp'));
  await page.getByTestId('verify-nothing-stored').waitFor();
  await page.getByTestId('verify-input').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: bytes,
  });
  await page.getByTestId('verify-verdict').waitFor({ timeout: 30_000 });
  return { anonymous, page };
};

describe('stamping one document', () => {
  it('uploads, drags the e-Meterai to page 2, stamps, downloads, and verifies publicly', async () => {
    const { context, page } = await openPageAs(chrome.browser, 'user', 'stamp');
    const pdfBytes = await makePdf();

    // Upload → the draft editor.
    const documentId = await uploadDraft(page, 'perjanjian-sewa.pdf', pdfBytes);

    const box = page.getByTestId('stamp-box');
    const page2 = page.getByTestId('pdf-page-2');
    await box.waitFor();
    await page2.waitFor();
    await page.locator('[data-testid="pdf-page-1"] canvas[data-painted]').waitFor();
    expect(await box.getAttribute('data-page')).toBe('1');

    // The box starts as a 75 pt square at the fit-width zoom.
    const scale = Number(await page.getByTestId('pdf-page-1').getAttribute('data-scale'));
    const start = await box.boundingBox();
    if (!start) throw new Error('no stamp box');
    expect(start.width).toBeCloseTo(75 * scale, 0);
    expect(start.height).toBeCloseTo(start.width, 0);
    await shot(page, 'draft-viewer');

    // Bring the box near the top of the window so page 2 is on screen too, then drag.
    await page.evaluate((y) => window.scrollBy(0, y - 180), start.y);
    const from = await box.boundingBox();
    const target = await page2.boundingBox();
    if (!from || !target) throw new Error('no boxes');
    const to = {
      x: target.x + target.width * 0.35,
      y: target.y + Math.min(160, target.height / 3),
    };
    expect(to.y).toBeLessThan(900 - 60);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 15 });
    await page.mouse.up();

    await page.waitForSelector('[data-testid="stamp-box"][data-page="2"]');
    const dropped = await box.boundingBox();
    const page2Box = await page2.boundingBox();
    if (!dropped || !page2Box) throw new Error('no boxes after drop');
    // Centred where the pointer let go, inside page 2.
    expect(Math.abs(dropped.x + dropped.width / 2 - to.x)).toBeLessThan(3);
    expect(Math.abs(dropped.y + dropped.height / 2 - to.y)).toBeLessThan(3);
    expect(await page.getByTestId('stamp-placement').textContent()).toMatch(/^Page 2 · 75 × 75 pt/);
    await shot(page, 'draft-dropped');

    // Document type, then stamp (confirm dialog) → My e-Document with the details open.
    const serial = await stampDraft(page, documentId);
    await shot(page, 'document-details');
    await page.keyboard.press('Escape');
    await page.getByTestId('document-details-drawer').waitFor({ state: 'detached' });
    await page.locator('.mantine-Drawer-overlay').waitFor({ state: 'detached' });
    const row = page.getByTestId(`document-row-${documentId}`);
    await row.waitFor();
    expect(await row.getByTestId('document-serial').textContent()).toBe(serial);
    expect(await row.getByTestId('document-status').textContent()).toBe('Stamped');
    await shot(page, 'my-e-document');

    // Download (bearer → blob → file): the stamped bytes carry the serial.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('document-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('perjanjian-sewa_stamped.pdf');
    const path = await download.path();
    const stamped = readFileSync(path);
    expect(stamped.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(stamped.length).toBeGreaterThan(pdfBytes.length);
    expect(stamped.toString('latin1')).toContain(serial);
    // The engine's CLI reads the stamp back where it was dropped: page 2, the e-Meterai `serial`.
    const [sealed] = verifiedByCli(path).signatures;
    expect(sealed).toMatchObject({ kind: 'emeterai', serial, page: 2, integrity: true });

    // Spec §8: a download that fails shows the alert, and nothing is saved.
    await page.route(`**/api/v1/single-stamp/download-file/${documentId}`, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    let saved = false;
    page.once('download', () => {
      saved = true;
    });
    await row.getByTestId('document-download').click();
    await page.getByText('Terjadi kesalahan, mohon coba beberapa saat lagi').waitFor();
    expect(saved).toBe(false);
    await context.close();

    // Public verification, logged out.
    const { anonymous, page: verifyPage } = await verifyPublicly(
      'perjanjian-sewa_stamped.pdf',
      stamped,
    );
    expect(await verifyPage.getByTestId('verify-verdict').textContent()).toBe('Intact');
    const card = verifyPage.getByTestId('verify-signature-emeterai');
    expect(await card.getByTestId('verify-serial').textContent()).toBe(serial);
    expect(await card.getByTestId('verify-known').getAttribute('data-known')).toBe('true');
    expect(await verifyPage.getByTestId('public-footer').count()).toBe(1);
    await shot(verifyPage, 'verify-intact');
    await anonymous.close();
  });

  it('signs with a drawn specimen, stamps beside the signature, and both signatures verify', async () => {
    const {
      session,
      context,
      page,
      name: specimenName,
    } = await openPageAs(chrome.browser, 'user', 'specimen');

    // A specimen drawn on the pad, made the default so the signing screen preselects it.
    const card = await drawSpecimen(page, specimenName);
    if ((await card.getAttribute('data-default')) === null) {
      await card.getByTestId('specimen-menu').click();
      await page.getByTestId('specimen-make-default').click();
      await card.getByTestId('specimen-default').waitFor();
    }

    // Upload, then "sign first" from the draft editor.
    const documentId = await uploadDraft(page, 'kontrak-kerja.pdf', await makePdf());
    await page.getByTestId('go-sign').click();
    await page.waitForURL(new RegExp(`/stamp/single/esign/${documentId}$`));
    await page.locator('[data-testid="pdf-page-2"] canvas[data-painted]').waitFor();
    const signBox = page.getByTestId('sign-box');
    await signBox.waitFor();
    // The signature box starts on the page in view (the first, at the top) with the chosen specimen.
    expect(await signBox.getAttribute('data-page')).toBe('1');
    await expect
      .poll(() => page.getByTestId('specimen-select').inputValue(), { timeout: 15_000 })
      .toContain(specimenName);
    await signBox.locator('img[src^="blob:"]').waitFor();
    await shot(page, 'sign-placed');

    // The first signature of this user asks to confirm name and NIK; later ones sign at once.
    await page.getByTestId('sign-submit').click();
    const dialog = page.getByTestId('identity-dialog');
    const done = page.getByTestId('sign-done');
    await Promise.race([dialog.waitFor(), done.waitFor()]);
    if (await dialog.isVisible()) {
      expect(await page.getByTestId('identity-name').inputValue()).toBe(session.userData.fullName);
      await page.getByTestId('identity-confirm').click();
    }
    await done.waitFor({ timeout: 30_000 });
    await toast(page, 'Document signed');

    // To the stamp: the box waits beside the signature; the signed box cannot be moved.
    await done.getByRole('link', { name: 'Add the e-Meterai' }).click();
    await page.waitForURL(new RegExp(`/stamp/single/draft/${documentId}$`));
    const stampBox = page.getByTestId('stamp-box');
    await stampBox.waitFor();
    expect(await stampBox.getAttribute('data-page')).toBe('1');
    const serial = await stampDraft(page, documentId);

    // Details list the signer as signed; the download carries both signatures.
    const drawer = page.getByTestId('document-details-drawer');
    expect(await drawer.getByText(session.userData.fullName).count()).toBeGreaterThan(0);
    // Its history lists each step, and the sealed completion certificate downloads beside it.
    const history = drawer.getByTestId('details-history');
    await history.getByTestId('history-stamped').waitFor();
    for (const step of ['uploaded', 'signed', 'stamped'])
      expect(await history.getByTestId(`history-${step}`).count()).toBe(1);
    await history.getByTestId('history-signed').scrollIntoViewIfNeeded();
    await shot(page, 'details-history');
    const [certificate] = await Promise.all([
      page.waitForEvent('download'),
      history.getByTestId('details-certificate').click(),
    ]);
    expect(certificate.suggestedFilename()).toBe('kontrak-kerja_certificate.pdf');
    const sealed = readFileSync(await certificate.path());
    const checked = await verifyPublicly('kontrak-kerja_certificate.pdf', sealed);
    expect(await checked.page.getByTestId('verify-verdict').textContent()).toBe('Intact');
    await checked.anonymous.close();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.locator('.mantine-Drawer-overlay').waitFor({ state: 'detached' });
    const row = page.getByTestId(`document-row-${documentId}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('document-download').click(),
    ]);
    const stamped = readFileSync(await download.path());
    expect(stamped.toString('latin1')).toContain(serial);

    const { anonymous, page: verifyPage } = await verifyPublicly('kontrak-kerja.pdf', stamped);
    expect(await verifyPage.getByTestId('verify-verdict').textContent()).toBe('Intact');
    const esign = verifyPage.getByTestId('verify-signature-esign');
    expect(await esign.count()).toBe(1);
    expect(await esign.textContent()).toContain(session.userData.fullName);
    const emeterai = verifyPage.getByTestId('verify-signature-emeterai');
    expect(await emeterai.getByTestId('verify-serial').textContent()).toBe(serial);
    await shot(verifyPage, 'verify-signed-and-stamped');
    await anonymous.close();

    // The e-sign page of the finished document says so once, with nothing drawn over the file.
    await page.goto(url(`/stamp/single/esign/${documentId}`));
    await page.getByTestId('sign-complete').waitFor();
    await page.locator('[data-testid="pdf-page-1"] canvas[data-painted]').waitFor();
    expect(await page.getByTestId('sign-not-possible').count()).toBe(0);
    expect(await page.getByTestId('sign-done').count()).toBe(0);
    expect(await page.locator('[data-kind]').count()).toBe(0);
    await shot(page, 'sign-finished');

    // Clean up the specimen so repeated runs stay under the limit.
    await page.goto(url('/master/esign'));
    await card.getByTestId('specimen-menu').click();
    await page.getByTestId('specimen-delete').click();
    await page.getByTestId('specimen-delete-dialog-confirm').click();
    await card.waitFor({ state: 'detached' });
    await context.close();
  });

  it('asks to confirm JavaScript before the first stamp and shows who confirmed it', async () => {
    const { session, context, page } = await openPageAs(chrome.browser, 'user', 'stamp');
    const pdf = await PDFDocument.load(await makePdf());
    const action = pdf.context.obj({
      Type: 'Action',
      S: 'JavaScript',
      JS: PDFString.of("app.alert('hello');"),
    });
    pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
    const documentId = await uploadDraft(page, 'dengan-skrip.pdf', Buffer.from(await pdf.save()));

    await page.getByTestId('stamp-box').waitFor();
    await page.getByTestId('doc-type-select').click();
    await page.getByRole('option', { name: /^Surat Keterangan/ }).click();
    await page.getByRole('button', { name: 'Stamp', exact: true }).click();
    const dialog = page.getByTestId('stamp-confirm');
    await dialog.getByTestId('javascript-warning').waitFor();
    expect(await dialog.getByTestId('stamp-confirm-submit').isDisabled()).toBe(true);
    await dialog.getByTestId('javascript-ack').check();
    await dialog.getByTestId('stamp-confirm-submit').click();
    await page.waitForURL(new RegExp(`/stamp\\?doc=${documentId}$`), { timeout: 60_000 });

    const javascript = page.getByTestId('details-javascript');
    await javascript.waitFor();
    expect(await javascript.textContent()).toContain(`Confirmed by ${session.userData.fullName}`);
    await context.close();
  });
});
