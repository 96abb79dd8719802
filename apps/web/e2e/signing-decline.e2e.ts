/**
 * Declining to sign, as two people of one company: Dewi asks herself and Budi to sign a quote,
 * with a deadline and reminders every 3 days, and signs. Budi, second in line, declines in the
 * browser with his reason; his page then says the signing was declined. Dewi opens the
 * document's details and reads who declined and why, and the deadline she set.
 */
import { describe, expect, it } from 'vitest';
import { apiLogin, browserPerFile, DEMO, openAppPage, signHere, textPdf, url } from './fixtures';

const chrome = browserPerFile();

/** `datetime-local`'s value of a time: the browser's (and this process's) local time. */
const localInputValue = (at: Date) =>
  new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

describe('declining to sign', () => {
  it('the second signer declines with a reason; the owner reads it in the details drawer', async () => {
    const dewi = await apiLogin(DEMO.user.email);
    const budi = await apiLogin(DEMO.company.email);
    const fileName = `penawaran-${Date.now().toString(36)}.pdf`;

    const owner = await openAppPage(chrome.browser, { session: dewi });
    await owner.page.goto(url('/stamp/single'));
    await owner.page.getByTestId('stamp-upload-dropzone-input').setInputFiles({
      name: fileName,
      mimeType: 'application/pdf',
      buffer: await textPdf(1, () => 'PENAWARAN HARGA'),
    });
    await owner.page.waitForURL(/\/stamp\/single\/draft\/\d+$/, { timeout: 30_000 });
    const id = Number(/draft\/(\d+)$/.exec(owner.page.url())?.[1]);
    await owner.page.goto(url(`/stamp/single/esign/${id}`));

    // Herself first, then Budi; a deadline a week ahead and a reminder every 3 days.
    await owner.page.getByRole('switch', { name: 'Ask others to sign' }).check();
    for (const name of [`${DEMO.user.name} (me)`, DEMO.company.name]) {
      await owner.page.getByPlaceholder('Choose a user').click();
      await owner.page.getByRole('option', { name }).click();
      await owner.page.getByRole('button', { name: 'Add signer' }).click();
    }
    const deadline = new Date(Date.now() + 7 * 86_400_000);
    deadline.setSeconds(0, 0);
    await owner.page.getByTestId('signing-deadline').fill(localInputValue(deadline));
    await owner.page.getByTestId('signing-remind-every').fill('3');
    await owner.page.getByTestId('save-signers').click();
    await owner.page.getByTestId('signer-queue').waitFor();
    const done = await signHere(owner.page);
    await expect
      .poll(() => done.getByTestId('sign-progress').textContent(), { timeout: 15_000 })
      .toBe(`1 of 2 signed — waiting for ${DEMO.company.name}`);
    // Dewi signed already: she may no longer decline.
    expect(await owner.page.getByTestId('sign-decline').count()).toBe(0);

    // Budi's turn: he declines, with his reason.
    const reason = 'Harga di butir 2 belum termasuk PPN';
    const signer = await openAppPage(chrome.browser, { session: budi });
    await signer.page.goto(url(`/stamp/single/esign/${id}`));
    await signer.page.getByTestId('sign-box').waitFor();
    await signer.page.getByTestId('sign-decline').click();
    const dialog = signer.page.getByTestId('decline-dialog');
    await dialog.waitFor();
    // No reason: the dialog asks for one and declines nothing.
    await signer.page.getByTestId('decline-confirm').click();
    await dialog.getByText('Say why you decline').waitFor();
    await signer.page.getByTestId('decline-reason').fill(reason);
    await signer.page.getByTestId('decline-confirm').click();
    const stopped = signer.page.getByTestId('signing-stopped');
    await stopped.waitFor({ timeout: 15_000 });
    expect(await stopped.textContent()).toContain(`Declined by ${DEMO.company.name}`);
    expect(await stopped.textContent()).toContain(reason);
    // Nothing is left to sign or decline on his page.
    expect(await signer.page.getByTestId('sign-submit').count()).toBe(0);
    expect(await signer.page.getByTestId('sign-decline').count()).toBe(0);

    // Dewi's details drawer names who declined and why, and keeps the deadline she set.
    await owner.page.goto(url(`/stamp?doc=${id}`));
    const drawer = owner.page.getByTestId('document-details-drawer');
    await drawer.waitFor();
    const notice = drawer.getByTestId('signing-stopped');
    await notice.waitFor();
    expect(await notice.getAttribute('data-reason')).toBe('declined');
    expect(await notice.textContent()).toContain(`Declined by ${DEMO.company.name}`);
    expect(await drawer.getByTestId('signing-stopped-reason').textContent()).toBe(
      `Reason: ${reason}`,
    );
    expect(await drawer.getByTestId('details-reminders').textContent()).toContain('Every 3 days');
    const shownDeadline = await drawer.getByTestId('details-deadline').textContent();
    expect(shownDeadline).toBe(localInputValue(deadline).replace('T', ' '));
    await drawer.getByTestId('history-declined').waitFor();
    // Stopped: no reminder to send; she may ask again from the signing page.
    expect(await drawer.getByTestId('details-remind-now').count()).toBe(0);
    await drawer.getByTestId('details-ask-again').waitFor();
  }, 180_000);
});
