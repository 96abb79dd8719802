import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, browserPerFile, DEMO, openAppPage, textPdf, toast, url } from './fixtures';

const chrome = browserPerFile();

const makePdf = () => textPdf(1, () => 'Kontrak sewa');

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Drops files on the locker as a browser would (a DataTransfer on the drop zone). */
const dropFiles = async (page: Page, files: { name: string; base64: string; type: string }[]) => {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return data;
  }, files);
  const zone = page.getByTestId('locker-dropzone');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
};

/** A screenshot for looking at the page, when E2E_SCREENSHOT_DIR names a folder. */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
};

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="locker-item"][data-name="${name}"]`);

const newFolder = async (page: Page, name: string) => {
  await page.getByTestId('locker-new-folder').click();
  await page.getByTestId('locker-name-input').fill(name);
  await page.getByTestId('locker-name-input').press('Enter');
  await toast(page, 'Berhasil tambah data Folder');
};

describe('digital locker', () => {
  it('keeps, finds, previews, deletes and restores files like a cloud drive', async () => {
    const session = await apiLogin(DEMO.user.email);
    const { context, page } = await openAppPage(chrome.browser, { session });
    const run = Date.now().toString(36);
    const top = `Kontrak ${run}`;
    await page.goto(url('/document/file-manager'));
    const gauge = page.getByTestId('locker-gauge-text');
    await gauge.waitFor();
    const before = await gauge.textContent();
    expect(before).toMatch(/ of 1,000 MB used/);

    await newFolder(page, top);
    await item(page, top).getByTestId('locker-open').click();
    await newFolder(page, '2026');
    await item(page, '2026').getByTestId('locker-open').click();
    await expect
      .poll(() => page.getByTestId('locker-breadcrumbs').textContent(), { timeout: 10_000 })
      .toContain(top);

    await dropFiles(page, [
      {
        name: `sewa-${run}.pdf`,
        base64: (await makePdf()).toString('base64'),
        type: 'application/pdf',
      },
      { name: `scan-${run}.png`, base64: PNG, type: 'image/png' },
      {
        name: `catatan-${run}.txt`,
        base64: Buffer.from('Rapat 12 Mei\n').toString('base64'),
        type: 'text/plain',
      },
    ]);
    await page
      .locator('[data-testid="locker-upload"][data-status="uploading"]')
      .first()
      .waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="locker-upload"][data-status="done"]').count()).toBe(3);
    await item(page, `catatan-${run}.txt`).waitFor();
    await expect.poll(() => gauge.textContent(), { timeout: 10_000 }).not.toBe(before);
    await shot(page, 'locker-folder');

    await page.getByTestId(`locker-menu-catatan-${run}.txt`).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByTestId('locker-name-input').fill(`notulen-${run}.txt`);
    await page.getByTestId('locker-name-input').press('Enter');
    await toast(page, 'Berhasil update data File');

    // Move the image up into the top folder.
    await page.getByTestId(`locker-menu-scan-${run}.png`).click();
    await page.getByRole('menuitem', { name: 'Move' }).click();
    await page.getByTestId('locker-move-target').click();
    await page.getByRole('option', { name: top, exact: true }).click();
    await page.getByTestId('locker-move-submit').click();
    await toast(page, 'Berhasil update data Folder');
    await item(page, `scan-${run}.png`).waitFor({ state: 'detached' });
    await page.getByTestId('locker-breadcrumbs').getByText(top).click();
    await item(page, `scan-${run}.png`).waitFor();

    // Search from the root finds the file two folders down, with its path.
    await page.getByTestId('locker-breadcrumbs').getByText('My locker').click();
    await page.getByTestId('locker-search').fill(`notulen-${run}`);
    await item(page, `notulen-${run}.txt`).waitFor();
    expect(await item(page, `notulen-${run}.txt`).textContent()).toContain(`${top} / 2026`);
    await page.getByTestId('locker-search').fill(`sewa-${run}`);
    await item(page, `sewa-${run}.pdf`).getByTestId('locker-open').click();
    await page.getByTestId('locker-pdf').locator('canvas').first().waitFor();
    await shot(page, 'locker-preview');
    await page.keyboard.press('Escape');
    await page.getByTestId('locker-search').fill('');

    // Deleting the folder says what it holds; it goes to the trash and comes back.
    await page.getByTestId(`locker-menu-${top}`).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByTestId('locker-delete-confirm');
    expect(await confirm.textContent()).toContain('holds 2 items');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Berhasil hapus data Folder');
    await item(page, top).waitFor({ state: 'detached' });
    await page.getByTestId('locker-trash-toggle').click();
    const trashed = page.locator(`[data-testid="locker-trash-item"][data-name="${top}"]`);
    await trashed.getByRole('button', { name: 'Restore' }).click();
    await trashed.waitFor({ state: 'detached' });
    await page.getByTestId('locker-trash-toggle').click();
    await item(page, top).waitFor();

    // Stamped documents go to the folder of the user's choice.
    await page.getByTestId('locker-filing-folder').click();
    await page.getByTestId('locker-filing-select').click();
    await page.getByRole('option', { name: top, exact: true }).click();
    await shot(page, 'locker-filing');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, `Stamped documents will be filed in ${top}`);
    expect(await page.getByTestId('locker-filing-folder').textContent()).toContain(top);
    await page.getByTestId('locker-filing-folder').click();
    await page.getByTestId('locker-filing-select').click();
    await page.getByRole('option', { name: 'e-Meterai (default)' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Stamped documents will be filed in e-Meterai');

    // A locker PDF as the input of a single stamp: straight into the draft editor.
    await page.goto(url('/stamp/single'));
    await page.getByTestId('locker-picker-open').click();
    const picker = page.getByRole('dialog');
    await picker.getByTestId('locker-picker-folder').filter({ hasText: top }).click();
    await picker.getByTestId('locker-picker-folder').filter({ hasText: '2026' }).click();
    await picker.getByTestId('locker-picker-file').first().waitFor();
    await shot(page, 'locker-picker');
    await picker
      .getByTestId('locker-picker-file')
      .filter({ hasText: `sewa-${run}.pdf` })
      .click();
    await page.waitForURL(/\/stamp\/single\/draft\/\d+/);
    await shot(page, 'locker-picker-draft');
    await context.close();
  });
});
