/**
 * Issue 15: a company admin buys 50 e-Meterai units, pays in the sandbox gateway, lands on
 * /payment/success (status read from the server), sees the balance grow and prints the invoice;
 * a failed payment lands on /payment/failed and credits nothing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, browserPerFile, openAppPage, sharedSession, url } from './fixtures';

const chrome = browserPerFile();

const balance = async (token: string) => {
  const { body } = await apiCall('/api/v1/stock/quota-company', { token });
  return (body.data as { totalCompanyStock: number }).totalCompanyStock;
};

const buy = async (page: Page, quantity: string) => {
  await page.goto(url('/quota/purchase'));
  await page.getByTestId('quota-purchase-form').waitFor();
  await page.getByTestId('purchase-quantity').fill(quantity);
  // Live total: 50 × Rp 10.800 + PPN 11 % = Rp 599.400 (the seeded configuration).
  if (quantity === '50') {
    await page.getByTestId('purchase-total').getByText('599.400', { exact: false }).waitFor();
  }
  await page.getByTestId('purchase-submit').click();
  await page.getByTestId('invoice-page-view').waitFor();
  await page.getByTestId('invoice-pay').click();
  await page.getByTestId('sandbox-amount').waitFor();
};

describe('buying quota in the sandbox gateway', () => {
  it('buys 50 e-Meterai, pays, sees the balance grow and prints the invoice', async () => {
    const session = await sharedSession('company');
    const before = await balance(session.accessToken);
    const { context, page } = await openAppPage(chrome.browser, { session });
    await buy(page, '50');
    expect(await page.getByText('Sandbox').first().isVisible()).toBe(true);
    await page.getByTestId('sandbox-success').click();
    await page.waitForURL(/\/payment\/success\?invoice=\d+/);
    await page.locator('[data-testid="payment-result-title"][data-status="paid"]').waitFor();
    expect(await balance(session.accessToken)).toBe(before + 50);

    // The quota cards on the purchase page show the new balance.
    await page.goto(url('/quota/purchase'));
    await page
      .getByTestId('quota-card-emeterai-value')
      .getByText(new Intl.NumberFormat('id-ID').format(before + 50), { exact: false })
      .waitFor();
    const row = page.getByTestId('purchase-row').first();
    expect(await row.textContent()).toContain('Rp 599.400');

    // Print: the bare A4 sheet of the receipt.
    await row.getByRole('link').click();
    await page.getByTestId('invoice-print').click();
    await page.waitForURL(/\/quota\/invoice\/print\/\d+/);
    expect(await page.getByTestId('invoice-status').textContent()).toBe('Paid');
    await page.screenshot({ path: '/tmp/buying-print.png' });
    await context.close();
  });

  it('a failed payment lands on /payment/failed and credits nothing', async () => {
    const session = await sharedSession('company');
    const before = await balance(session.accessToken);
    const { context, page } = await openAppPage(chrome.browser, { session });
    await buy(page, '5');
    await page.getByTestId('sandbox-failure').click();
    await page.waitForURL(/\/payment\/failed\?invoice=\d+/);
    await page.locator('[data-testid="payment-result-title"][data-status="failed"]').waitFor();
    expect(await balance(session.accessToken)).toBe(before);
    await context.close();
  });

  it('a promo code shows its discount; DANA is the channel on the gateway page', async () => {
    const boss = await sharedSession('super');
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const made = await apiCall('/api/v1/promo-code', {
      token: boss.accessToken,
      body: { code, kind: 'percent', value: 1000 },
    });
    expect(made.status).toBe(201);
    const session = await sharedSession('company');
    const { context, page } = await openAppPage(chrome.browser, { session });
    await page.goto(url('/quota/purchase'));
    await page.getByTestId('purchase-quantity').fill('50');
    await page.getByTestId('purchase-method').getByText('DANA').click();
    await page.getByTestId('promo-code').fill(code.toLowerCase());
    await page.getByTestId('promo-apply').click();
    // 540.000 − 10 % = 486.000, PPN 11 % = 53.460 → 539.460
    await page.getByTestId('purchase-discount').getByText('54.000', { exact: false }).waitFor();
    await page.getByTestId('purchase-total').getByText('539.460', { exact: false }).waitFor();
    await page.screenshot({ path: '/tmp/buying-promo.png' });
    await page.getByTestId('purchase-submit').click();
    await page.getByTestId('invoice-discount').waitFor();
    await page.getByTestId('invoice-pay').click();
    expect(await page.getByTestId('sandbox-channel').textContent()).toContain('DANA');
    await context.close();
  });
});
