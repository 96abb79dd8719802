import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  browserPerFile,
  DEMO,
  openAppPage,
  sharedSession,
  signHere,
  textPdf,
  toast,
  url,
} from './fixtures';
import { openPageAs } from './steps';

const chrome = browserPerFile();

const makePdf = (pages: number) => textPdf(pages, (index) => `Invoice page ${index + 1}`);

type TBox = { page: number; x: number; y: number; width: number; height: number };

type TDetails = {
  status: string;
  serial_number: string | null;
  signing_method: string | null;
  signing_status: string;
  doc_type: string | null;
  placements: { emeterai: TBox | null };
  signers: {
    user_id: number;
    fullName: string;
    position: number;
    status: string;
    placement: TBox;
  }[];
};

type TTemplate = {
  id: number;
  name: string;
  emeterai: TBox | null;
  esign: (TBox & { user_id: number })[];
};

/** The template named `name`, read through the API. */
const templateNamed = async (token: string, name: string): Promise<TTemplate> => {
  const { body } = await apiCall(`/api/v1/template?search=${encodeURIComponent(name)}`, { token });
  const found = (body.data as { data: TTemplate[] }).data.find((t) => t.name === name);
  if (!found) throw new Error(`no template ${name}`);
  return found;
};

/** Signs the document on the signing screen, confirming the identity on a first signature. */
const signDocument = async (page: Page) => {
  await page.getByTestId('sign-box').waitFor({ timeout: 30_000 });
  await signHere(page);
  await toast(page, 'Document signed');
};

/** Drags from the centre of `selector`'s box by (dx, dy) pixels. */
const dragBy = async (page: Page, selector: string, dx: number, dy: number) => {
  // Bring the box to the middle of the window first (near an edge a drag scrolls the page).
  const start = await page.locator(selector).boundingBox();
  if (!start) throw new Error(`no ${selector}`);
  await page.evaluate((y) => window.scrollBy(0, y - 300), start.y);
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`no ${selector}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy, { steps: 10 });
  await page.mouse.up();
};

describe('document templates', () => {
  it('saves a template with the stamp on page 2 and stamps a document with it', async () => {
    const { session, context, page, name } = await openPageAs(
      chrome.browser,
      'company',
      'template',
    );

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
    await page.getByRole('option', { name: /^Dokumen Transaksi/ }).click();
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

  it('builds a template with e-signature boxes, edits it, and signs then stamps a document with it', async () => {
    const { session, context, page, name } = await openPageAs(chrome.browser, 'company', 'signers');
    const dewi = await sharedSession('user');
    const token = session.accessToken;

    // New template: the e-Meterai box (default, page 1) and one e-signature box for the admin.
    await page.goto(url('/master/edit-document-template/new?back=%2Fmaster%2Fdocument-template'));
    await page.getByTestId('template-editor').waitFor();
    await page.getByTestId('template-name').fill(name);
    await page.getByTestId('stamp-box').waitFor();
    await page.getByTestId('template-esign-add').click();
    const firstBox = '[data-testid="template-esign-box-1"]';
    await page.locator(firstBox).waitFor();
    await page.getByTestId('template-esign-signer-1').click();
    await page.getByRole('option', { name: `${DEMO.company.name} (me)` }).click();
    await page.waitForSelector(`${firstBox}[title="1. ${DEMO.company.name} (me)"]`);

    // Drag the signature box to the right and down, then make it larger from its corner.
    const summary = page.getByTestId('template-esign-placement-1');
    const before = await summary.textContent();
    await dragBy(page, firstBox, 120, 40);
    await expect.poll(() => summary.textContent()).not.toBe(before);
    const scale = Number(await page.getByTestId('pdf-page-1').getAttribute('data-scale'));
    const moved = await page.locator(firstBox).boundingBox();
    if (!moved) throw new Error('no signature box');
    // The resize handle sits on the bottom-right corner.
    await page.mouse.move(moved.x + moved.width, moved.y + moved.height);
    await page.mouse.down();
    await page.mouse.move(moved.x + moved.width + 40 * scale, moved.y + moved.height + 20 * scale, {
      steps: 8,
    });
    await page.mouse.up();
    await expect.poll(() => summary.textContent()).toMatch(/^Page 1 · 190 × 80 pt/);
    await page.getByTestId('template-save').click();
    await toast(page, 'Berhasil tambah data Template');
    await page.waitForURL(/\/master\/document-template$/);

    const created = await templateNamed(token, name);
    expect(created.emeterai).toMatchObject({ page: 1, width: 75, height: 75 });
    expect(created.esign).toHaveLength(1);
    expect(created.esign[0]).toMatchObject({
      user_id: session.userData.id,
      page: 1,
      width: 190,
      height: 80,
    });

    // Edit: a second signer (Dewi) on page 2; a third box without a signer is refused, removed.
    const row = page.getByTestId('template-table').getByRole('row').filter({ hasText: name });
    await row.getByTestId('template-edit').click();
    await page.waitForURL(new RegExp(`/master/edit-document-template/${created.id}\\?back=`));
    await page.locator(firstBox).waitFor();
    expect(await page.getByTestId('template-name').inputValue()).toBe(name);
    await page.getByTestId('template-esign-add').click();
    await page.getByTestId('template-esign-signer-2').click();
    await page.getByRole('option', { name: DEMO.user.name, exact: true }).click();
    const secondPage = page.getByTestId('template-esign-page-2');
    await secondPage.fill('2');
    await secondPage.blur();
    await page.waitForSelector('[data-testid="template-esign-box-2"][data-page="2"]');
    await page.getByTestId('template-esign-add').click();
    await page.getByTestId('template-esign-box-3').waitFor();
    await page.getByTestId('template-save').click();
    await page.getByText('Choose who signs in this box').waitFor();
    await page.getByTestId('template-esign-remove-3').click();
    await page.getByTestId('template-esign-box-3').waitFor({ state: 'detached' });
    await page.getByTestId('template-save').click();
    await toast(page, 'Berhasil update data Template');
    await page.waitForURL(/\/master\/document-template$/);
    await expect.poll(() => row.textContent()).toContain('e-Signatures: 2');

    const edited = await templateNamed(token, name);
    expect(edited.id).toBe(created.id);
    expect(edited.esign.map((e) => [e.user_id, e.page])).toEqual([
      [session.userData.id, 1],
      [dewi.userData.id, 2],
    ]);
    expect(edited.esign[0]).toEqual(created.esign[0]);
    const stampAt = edited.emeterai;
    if (!stampAt) throw new Error('the template lost its e-Meterai');

    // Use it: choose the template, upload a 2-page PDF; its boxes show, then on to signing.
    await page.goto(url('/stamp/single/template'));
    await page.getByTestId('template-stamp').waitFor();
    await page.getByTestId('template-stamp-template').click();
    await page.getByRole('option', { name, exact: true }).click();
    const signersPanel = page.getByTestId('template-stamp-signers');
    await signersPanel.waitFor();
    expect(await signersPanel.textContent()).toContain(
      `1. ${DEMO.company.name}2. ${DEMO.user.name}`,
    );
    await page.getByTestId('template-stamp-upload-input').setInputFiles({
      name: 'kontrak-template.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(2),
    });
    await page.waitForSelector('[data-testid="template-esign-box-2"][data-page="2"]', {
      timeout: 30_000,
    });
    await page.getByTestId('template-esign-box-1').waitFor();
    await page.getByTestId('stamp-box').waitFor();
    await page.getByTestId('doc-type-select').click();
    await page.getByRole('option', { name: /^Dokumen Transaksi/ }).click();
    await page.getByTestId('template-apply-submit').click();
    await page.waitForURL(/\/stamp\/single\/esign\/\d+$/, { timeout: 30_000 });
    await toast(page, `Template "${name}" applied`);
    const documentId = Number(/esign\/(\d+)$/.exec(page.url())?.[1]);
    expect(documentId).toBeGreaterThan(0);

    const detailsOf = async () =>
      (await apiCall(`/api/v1/single-stamp/get-document-details/${documentId}`, { token })).body
        .data as TDetails;
    const applied = await detailsOf();
    expect(applied.signing_status).toBe('signing');
    expect(applied.doc_type).toBe('2');
    expect(applied.placements.emeterai).toEqual(stampAt);
    expect(applied.signers.map((s) => [s.position, s.user_id, s.status])).toEqual([
      [1, session.userData.id, 'pending'],
      [2, dewi.userData.id, 'pending'],
    ]);

    // The admin signs first; Dewi waits for her turn, then signs in her own session.
    await page.getByTestId('signer-queue').waitFor();
    await signDocument(page);
    const dewiTab = await openAppPage(chrome.browser, { session: dewi });
    await dewiTab.page.goto(url(`/stamp/single/esign/${documentId}`));
    await dewiTab.page.getByTestId('signer-queue').waitFor();
    const dewiBox = dewiTab.page.getByTestId('sign-box');
    await dewiBox.waitFor({ timeout: 30_000 });
    expect(await dewiBox.getAttribute('data-page')).toBe('2');
    await signDocument(dewiTab.page);
    await dewiTab.page.getByText('Everyone has signed.', { exact: false }).waitFor();
    await dewiTab.context.close();
    expect((await detailsOf()).signing_status).toBe('signed');

    // The e-Meterai last: the box waits where the template put it, the type is kept.
    await page.goto(url(`/stamp/single/draft/${documentId}`));
    const stampBox = page.getByTestId('stamp-box');
    await stampBox.waitFor({ timeout: 30_000 });
    expect(await stampBox.getAttribute('data-page')).toBe(String(stampAt.page));
    await expect.poll(() => page.getByTestId('doc-type-select').inputValue()).toMatch(/\(2\)$/);
    await page.getByTestId('stamp-submit').click();
    await page.getByTestId('stamp-confirm').waitFor();
    await page.getByTestId('stamp-confirm-submit').click();
    await page.waitForURL(new RegExp(`/stamp\\?doc=${documentId}$`), { timeout: 60_000 });
    const serial = (await page.getByTestId('details-serial').textContent())?.trim() ?? '';
    expect(serial).toMatch(/^[A-Z0-9]{22}$/);

    const stamped = await detailsOf();
    expect(stamped).toMatchObject({
      status: 'stamp',
      serial_number: serial,
      signing_method: 'esign-emeterai',
    });
    expect(stamped.signers.map((s) => s.status)).toEqual(['signed', 'signed']);
    expect(stamped.placements.emeterai).toMatchObject({
      page: stampAt.page,
      width: stampAt.width,
      height: stampAt.height,
    });

    // Clean up the template; the stamped document stays.
    const removed = await apiCall(`/api/v1/template/deleted/${created.id}`, {
      method: 'DELETE',
      token,
    });
    expect(removed.status).toBe(200);
    await context.close();
  });
});
