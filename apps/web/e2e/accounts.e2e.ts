import type { TSession } from '@bubuh/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  browserPerFile,
  DEMO,
  mailIds,
  mockConnection,
  openAppPage,
  otpOf,
  registerVerifiedAccount,
  storedTokens,
  TEST_PASSWORD,
  typeOtp,
  uiLogin,
  uniqueEmail,
  url,
  waitForMail,
} from './fixtures';

const chrome = browserPerFile();

/** A 1×1 PNG, for the avatar upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const fillAccountStep = async (page: Page, email: string) => {
  await page.locator('input[name=name]').fill('Sari Wulandari');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=phoneNumber]').fill('0812 3456 7890');
  await page.locator('input[name=password]').fill(TEST_PASSWORD);
  await page.locator('input[name=passwordConfirmation]').fill(TEST_PASSWORD);
};

const step = (page: Page, name: string) =>
  page.waitForSelector(`[data-testid="register-form"][data-step="${name}"]`);

/**
 * Submits the form with the button `submit`, waits for the refusal `message`, corrects the
 * refused field to `fix.value` and submits again.
 */
const refusedThenFixed = async (
  page: Page,
  submit: string,
  message: string,
  fix: { field: Locator; value: string },
) => {
  await page.getByTestId(submit).click();
  await page.getByText(message).waitFor();
  await fix.field.fill(fix.value);
  await page.getByTestId(submit).click();
};

describe('register', () => {
  it('registers a personal account, verifies the e-mailed code, logs in and lands on /dashboard', async () => {
    const page = await chrome.newPage({ viewport: { width: 1366, height: 900 } });
    await mockConnection(page, { value: 3 });
    const email = uniqueEmail('register');
    await page.goto(url('/register'));
    await step(page, 'type');
    await page.getByTestId('register-type-personal').click();
    await page.getByTestId('register-next').click();
    await step(page, 'account');

    // The live policy and the contract validators run before anything is sent.
    await page.locator('input[name=password]').fill('short');
    const rules = page.getByTestId('register-password-rules');
    expect(await rules.locator('[data-ok]').count()).toBe(1);
    await page.locator('input[name=phoneNumber]').fill('12345');
    await page.getByTestId('register-next').click();
    await page.getByText('Enter an Indonesian mobile number (08…, 628… or +628…)').waitFor();
    await page.getByText('The password does not meet all the rules below').waitFor();
    await fillAccountStep(page, email);
    expect(await rules.locator('[data-ok]').count()).toBe(4);

    // The draft survives a reload, the password does not (it is never stored).
    await page.reload();
    await step(page, 'account');
    expect(await page.locator('input[name=email]').inputValue()).toBe(email);
    expect(await page.locator('input[name=password]').inputValue()).toBe('');
    const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(stored).not.toContain(TEST_PASSWORD);
    await page.locator('input[name=password]').fill(TEST_PASSWORD);
    await page.locator('input[name=passwordConfirmation]').fill(TEST_PASSWORD);
    await page.getByTestId('register-next').click();

    await step(page, 'review');
    expect(await page.getByTestId('review-email').textContent()).toBe(email);
    await page.getByTestId('register-submit').click();

    await page.waitForURL((u) => u.pathname === '/auth/otp');
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    // The code was just sent: the resend button waits out the cool-down, visibly.
    expect(await page.getByTestId('otp-countdown').textContent()).toMatch(
      /Send again in [01]:\d\d/,
    );
    const code = otpOf(await waitForMail(email, 'otp-register'));
    await typeOtp(page, code);

    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.getByTestId('login-notice').textContent()).toContain(
      'Your email is verified',
    );
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await uiLogin(page, email, TEST_PASSWORD);
    await page.waitForURL(url('/dashboard'));
    expect(await page.getByTestId('dashboard-greeting').textContent()).toContain('Sari Wulandari');
    // The draft is gone once the account exists.
    expect(await page.evaluate(() => sessionStorage.getItem('bubuh.registerDraft'))).toBeNull();
  });

  it('answers an already registered address like a new one; its owner hears by e-mail', async () => {
    const page = await chrome.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(url('/register'));
    await page.getByTestId('register-type-company').click();
    await page.getByTestId('register-next').click();
    await fillAccountStep(page, DEMO.admin.email);
    await page.getByTestId('register-next').click();
    await step(page, 'company');
    await page.locator('input[name=companyName]').fill('PT Maju Jaya');
    // 31 74 01 with 32-08: no such birth date, the contract's NIK check refuses it.
    await page.locator('input[name=noKTP]').fill('3174013208900001');
    await page.locator('input[name=npwp]').fill('01.000.013.1-093.000');
    await refusedThenFixed(page, 'register-next', 'A NIK has 16 digits with a valid birth date', {
      field: page.locator('input[name=noKTP]'),
      value: '3174015708900001',
    });
    await step(page, 'review');
    await page.getByTestId('register-submit').click();

    // No enumeration: the code screen, as for a new address; the owner gets a mail, not a code.
    await page.waitForURL((u) => u.pathname === '/auth/otp');
    await waitForMail(DEMO.admin.email, 'already-registered');
  });
});

describe('password reset', () => {
  it('mails a link, sets a new password, and refuses the used link', async () => {
    const email = await registerVerifiedAccount('reset');
    const page = await chrome.newPage();
    await page.goto(url('/login'));
    await page.getByTestId('login-forgot').click();
    await page.waitForURL((u) => u.pathname === '/auth/forgot-password');
    const forgot = page.getByTestId('forgot-password');
    await forgot.waitFor();
    await forgot.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = await page.getByTestId('forgot-sent').textContent();
    // The same confirmation for any address.
    expect(sent).toContain(`If ${email} belongs to a Bubuh account`);

    const mail = await waitForMail(email, 'reset-password');
    const link = /\/auth\/reset-password\/\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(url(link ?? ''));
    await page.getByLabel('New password', { exact: true }).fill('NewSecret2026');
    await page.getByLabel('Repeat new password').fill('NewSecret2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.getByTestId('login-notice').textContent()).toContain(
      'Your password has been changed',
    );
    expect((await apiLogin(email, 'NewSecret2026')).userData.email).toBe(email);

    // The link works once: a second use shows the server's message and a way to ask again.
    await page.goto(url(link ?? ''));
    await page.getByLabel('New password', { exact: true }).fill('Another2026x');
    await page.getByLabel('Repeat new password').fill('Another2026x');
    await page.getByRole('button', { name: 'Save new password' }).click();
    const invalid = page.getByTestId('reset-invalid');
    await invalid.waitFor();
    expect(await invalid.textContent()).toContain('invalid, used or expired');
    expect(await invalid.getByRole('link').getAttribute('href')).toBe('/auth/forgot-password');
  });
});

describe('account and settings', () => {
  let email: string;
  let session: TSession;

  beforeAll(async () => {
    email = await registerVerifiedAccount('account', { name: 'Rina Account' });
    session = await apiLogin(email, TEST_PASSWORD);
  });

  it('edits the profile and uploads an avatar; the navbar follows at once', async () => {
    const { page } = await openAppPage(chrome.browser, { session });
    const id = session.userData.id;
    await page.goto(url(`/account/${id}`));
    await page.getByTestId('account-page').waitFor();
    expect(await page.getByTestId('account-email').inputValue()).toBe(email);
    expect(await page.getByTestId('account-email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('account-digifriend').textContent()).toBe(
      session.userData.emet_id,
    );
    expect(await page.getByTestId('account-role').textContent()).toBe('User');

    await page.locator('input[name=fullName]').fill('Rina Baru');
    await page.locator('input[name=phoneNumber]').fill('12');
    await refusedThenFixed(
      page,
      'account-save',
      'Enter an Indonesian mobile number (08…, 628… or +628…)',
      {
        field: page.locator('input[name=phoneNumber]'),
        value: '0813 1111 2222',
      },
    );
    await page.getByText('Profile saved').waitFor();
    await page.getByTestId('account-name').filter({ hasText: 'Rina Baru' }).waitFor();
    // The profile menu reads the stored userData, updated without a reload.
    await page.getByTestId('profile-menu').click();
    expect(await page.getByTestId('profile-name').textContent()).toBe('Rina Baru');
    await page.keyboard.press('Escape');
    expect((await storedTokens(page)).user).toMatchObject({ fullName: 'Rina Baru' });

    await page.locator('input[type=file]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.waitForSelector('[data-testid="account-avatar"][data-preview]');
    await page.getByTestId('avatar-save').click();
    await page.getByText('Photo updated').waitFor();
    const navbarAvatar = page.getByTestId('profile-menu').locator('img');
    await navbarAvatar.waitFor();
    expect(await navbarAvatar.getAttribute('src')).toMatch(/^\/files\/[0-9a-f-]{36}\.png$/);
    const profile = await apiCall(`/api/v1/users/${id}`, { token: session.accessToken });
    expect(profile.body.data).toMatchObject({ fullName: 'Rina Baru', phone: '+6281311112222' });
  });

  it("shows clearly that another user's account cannot be opened", async () => {
    const { page } = await openAppPage(chrome.browser, { session });
    // A personal user asking for the demo admin's record: the API answers 404.
    const admin = await apiCall('/api/v1/users/1', { token: session.accessToken });
    await page.goto(url('/account/1'));
    const state = page.getByTestId('account-unavailable');
    await state.waitFor();
    expect(await state.getAttribute('data-status')).toBe(String(admin.status));
    expect(await state.getByRole('link').getAttribute('href')).toBe(
      `/account/${session.userData.id}`,
    );
    await page.goto(url('/setting/1'));
    await page.getByTestId('account-unavailable').waitFor();
  });

  it('changes the password and switches the login OTP', async () => {
    const { page } = await openAppPage(chrome.browser, { session });
    const id = session.userData.id;
    await page.goto(url(`/setting/${id}`));
    await page.getByTestId('setting-page').waitFor();

    await page.getByLabel('Current password').fill('not-my-password');
    await page.locator('input[name=newPassword]').fill('Changed2026');
    await page.locator('input[name=confirmation]').fill('Changed2026');
    // errors.currentPassword of the server, under its field.
    await refusedThenFixed(page, 'change-password-submit', 'The current password is not correct', {
      field: page.getByLabel('Current password'),
      value: TEST_PASSWORD,
    });
    await page.getByText('Password changed. Other devices have been signed out.').waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    const switcher = page.getByTestId('login-otp-switch');
    expect(await switcher.isChecked()).toBe(false);
    await switcher.click({ force: true });
    await page.getByText('Two-step sign-in is on').waitFor();
    const profile = await apiCall(`/api/v1/users/${id}`, { token: session.accessToken });
    expect(profile.body.data).toMatchObject({ login_otp_enabled: true });

    // The new password works (the login now asks for the e-mail code).
    const login = await apiCall('/api/v1/auth/login', {
      body: { email, password: 'Changed2026' },
    });
    expect(login.body.data).toMatchObject({ otpRequired: true });
  });
});

describe('e-mail code screen', () => {
  it('resends a code after the cool-down and says how long to wait', async () => {
    const email = await registerVerifiedAccount('resend', { verify: false });
    const page = await chrome.newPage();
    await page.goto(url(`/auth/otp?email=${encodeURIComponent(email)}`));
    const seen = await mailIds(email);
    // Nothing asked in this tab yet: the button is there. Inside the server's 60 s cool-down it
    // answers as for any address (no 429 that would reveal a pending registration) and sends
    // nothing; the countdown starts from the server's answer.
    await page.getByTestId('otp-resend').click();
    await page.getByTestId('otp-resent').waitFor();
    const waitSeconds = 60;
    const countdown = (await page.getByTestId('otp-countdown').textContent()) ?? '';
    const shown = /Send again in (\d+):(\d\d)/.exec(countdown);
    expect(shown).not.toBeNull();
    const shownSeconds = Number(shown?.[1]) * 60 + Number(shown?.[2]);
    expect(Math.abs(shownSeconds - waitSeconds)).toBeLessThanOrEqual(2);

    // A wrong code is refused with the server's message; the right one verifies.
    expect(seen.size).toBe(1);
    const code = otpOf(await waitForMail(email, 'otp-register'));
    await typeOtp(page, code === '000001' ? '000002' : '000001');
    await page.getByTestId('otp-error').waitFor();
    expect(await page.getByTestId('otp-error').textContent()).toMatch(/Wrong code/);
    await typeOtp(page, code);
    await page.waitForURL((u) => u.pathname === '/login');
  });
});
