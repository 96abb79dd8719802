/**
 * Support journey against the real API and its demo seed: a customer opens a ticket with an
 * attachment, support (super) answers it, the customer sees the answer and the bell count, and
 * reopens the ticket after closing it; FAQ search in English and Indonesian.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, browserPerFile, openAppPage, sharedSession, toast, url } from './fixtures';

const chrome = browserPerFile();
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The demo personal account on a fresh page: in the browser's language, or set to Indonesian. */
const personalPage = async (language: 'browser' | 'id') =>
  openAppPage(chrome.browser, {
    session: await sharedSession('personal'),
    extra: language === 'id' ? { i18nextLng: 'id' } : undefined,
  });

describe('support tickets', () => {
  it('customer opens a ticket with a screenshot, support answers, the customer sees it and the bell', async () => {
    const subject = `Stamp failed ${RUN}`;
    const customer = await openAppPage(chrome.browser, { session: await sharedSession('user') });
    const page = customer.page;
    await page.goto(url('/support/ticket'));
    await page.getByTestId('ticket-add').click();
    await page.getByTestId('ticket-subject').fill(subject);
    await page
      .getByTestId('ticket-description')
      .fill('The e-Meterai was not applied to my contract.');
    await page
      .getByTestId('ticket-form')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('ticket-form-submit').click();
    await toast(page, 'Ticket sent');
    await page.getByTestId('ticket-detail').waitFor();
    await page.getByText('screen.png').waitFor();
    const ticketUrl = page.url();
    const before = Number(await page.getByTestId('notification-count').getAttribute('data-count'));

    // Support answers from the queue.
    const support = await openAppPage(chrome.browser, { session: await sharedSession('super') });
    await support.page.goto(url('/support/ticket'));
    await support.page.getByTestId('ticket-table-search').fill(RUN);
    await support.page.getByRole('link', { name: new RegExp(subject) }).click();
    await support.page.getByTestId('support-assign').click();
    await toast(support.page, 'Ticket updated');
    await support.page.getByTestId('reply-message').fill(`We are on it ${RUN}`);
    await support.page.getByTestId('reply-submit').click();
    await toast(support.page, 'Reply sent');
    await support.context.close();

    // The customer sees the answer and the bell count go up without reloading.
    await page.getByText(`We are on it ${RUN}`).waitFor({ timeout: 30_000 });
    await page
      .locator(`[data-testid="notification-count"]:not([data-count="${before}"])`)
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('notification-bell').click();
    await page
      .getByTestId('notification-dropdown')
      .getByText(new RegExp(`New reply on ticket .*${RUN}`))
      .first()
      .waitFor();
    await page.keyboard.press('Escape');

    // Close, then reopen.
    await page.getByTestId('ticket-close').click();
    await toast(page, 'Ticket closed');
    await page.getByTestId('ticket-reopen').click();
    await toast(page, 'Ticket reopened');
    expect(await page.getByTestId('ticket-status').first().getAttribute('data-status')).toBe(
      'Open',
    );
    expect(page.url()).toBe(ticketUrl);
    await customer.context.close();
  });

  it('a ticket about an invoice picks it from the customer’s invoices and links to its page', async () => {
    const session = await sharedSession('personal');
    const bought = await apiCall('/api/v1/purchase/quota', {
      token: session.accessToken,
      body: { type: 'emeterai', quantity: 1, method: 'gateway' },
    });
    expect(bought.status).toBe(201);
    const invoice = bought.body.data as { id: number; number: string };
    const { page, context } = await openAppPage(chrome.browser, { session });
    await page.goto(url('/support/ticket'));
    await page.getByTestId('ticket-add').click();
    await page.getByTestId('ticket-subject').fill(`Invoice question ${RUN}`);
    await page.getByTestId('ticket-description').fill('Was I charged twice for this?');
    await page.getByTestId('ticket-link-invoice_id').click();
    await page.getByRole('option', { name: new RegExp(invoice.number) }).click();
    await page.getByTestId('ticket-form-submit').click();
    await toast(page, 'Ticket sent');
    await page.getByTestId('ticket-invoice-link').getByText(invoice.number).click();
    await page.waitForURL(url(`/quota/invoice/${invoice.id}`));
    await context.close();
  });

  it('searches the FAQ in English and in Indonesian', async () => {
    const en = await personalPage('browser');
    await en.page.goto(url('/support/faq'));
    await en.page.getByTestId('faq-search').fill('serial');
    await en.page.getByText('What is the serial number on my e-Meterai?').click();
    await en.page.getByText(/unique 22-character serial number/).waitFor();
    await en.context.close();

    const id = await personalPage('id');
    await id.page.goto(url('/support/faq'));
    await id.page.getByTestId('faq-search').fill('nomor seri');
    await id.page.getByText('Apa itu nomor seri pada e-Meterai saya?').click();
    await id.page.getByText(/nomor seri \(SN\) unik 22 karakter/).waitFor();
    await id.context.close();
  });

  it('searches the knowledge base over titles and bodies in English and in Indonesian', async () => {
    const en = await personalPage('browser');
    await en.page.goto(url('/support/knowledge-base'));
    // "reused" is only in the body of the stamping article.
    await en.page.getByTestId('article-search').fill('reused');
    const stamping = en.page.getByText('Stamping a PDF with e-Meterai, step by step');
    await stamping.waitFor();
    await en.page
      .getByText('How quota works: company, department and personal wallets')
      .waitFor({ state: 'detached' });
    expect(await en.page.getByTestId('article-item').count()).toBe(1);
    await stamping.click();
    await en.page.getByText(/cannot be reused/).waitFor();
    await en.context.close();

    const id = await personalPage('id');
    await id.page.goto(url('/support/knowledge-base'));
    await id.page.getByTestId('article-search').fill('dompet');
    await id.page
      .getByText('Cara kerja kuota: dompet perusahaan, departemen, dan pribadi')
      .waitFor();
    await id.page
      .getByText('Membubuhkan e-Meterai pada PDF, langkah demi langkah')
      .waitFor({ state: 'detached' });
    await id.context.close();
  });
});
