/**
 * Identity for the signing certificate (issue 17): a new colleague without a NIK signs for the
 * first time. The identity dialog asks for the full legal name and the NIK, refuses a missing or
 * impossible NIK (the registration check), stores a valid one and only then signs.
 */
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  browserPerFile,
  openAppPage,
  sharedSession,
  uniqueEmail,
  uploadThroughApi,
  url,
} from './fixtures';
import { acceptInvitation } from './steps';

const chrome = browserPerFile();

describe('identity for the certificate', () => {
  it('asks a first signer for a valid NIK and legal name before the certificate is issued', async () => {
    const admin = await sharedSession('company');
    const email = uniqueEmail('nik');
    const invited = await apiCall('/api/v1/users', {
      token: admin.accessToken,
      body: { fullName: 'Rina Tanpa NIK', email, role: 'admin-company' },
    });
    expect(invited.status, invited.body.message).toBe(201);
    const rina = await acceptInvitation(email);
    const documentId = await uploadThroughApi(rina.accessToken, 'nik-kontrak.pdf', 1);

    const { context, page } = await openAppPage(chrome.browser, { session: rina });
    await page.goto(url(`/stamp/single/esign/${documentId}`));
    await page.getByTestId('sign-box').waitFor();
    await page.getByTestId('sign-submit').click();

    const dialog = page.getByTestId('identity-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('identity-name').inputValue()).toBe('Rina Tanpa NIK');
    expect(await page.getByTestId('identity-nik').inputValue()).toBe('');

    // No NIK: refused in the dialog, nothing signed.
    await page.getByTestId('identity-confirm').click();
    await dialog.getByText('Enter the NIK').waitFor();
    // 32-08-90: no such birth date.
    await page.getByTestId('identity-nik').fill('3174013208900001');
    await page.getByTestId('identity-confirm').click();
    await dialog.getByText('A NIK has 16 digits with a valid birth date').waitFor();
    expect(await page.getByTestId('sign-done').count()).toBe(0);

    await page.getByTestId('identity-name').fill('Rina Lestari');
    await page.getByTestId('identity-nik').fill('3201.0155.0190.0001');
    await page.getByTestId('identity-confirm').click();
    await page.getByTestId('sign-done').waitFor({ timeout: 30_000 });
    // The success toast sits below the top bar (68 px), over none of its controls.
    const note = page.locator('.mantine-Notification-root').getByText('Document signed');
    await note.waitFor();
    expect((await note.boundingBox())?.y ?? 0).toBeGreaterThan(68);

    const identity = await apiCall('/api/v1/esign/identity', { token: rina.accessToken });
    expect(identity.body.data).toEqual({
      fullName: 'Rina Lestari',
      nik: '3201015501900001',
      certificate_issued: true,
    });
    await context.close();
  }, 120_000);
});
