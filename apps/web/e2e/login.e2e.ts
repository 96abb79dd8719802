import { describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  browserPerFile,
  DEMO,
  mailIds,
  mockConnection,
  otpOf,
  registerVerifiedAccount,
  storedTokens,
  TEST_PASSWORD,
  typeOtp,
  uiLogin,
  url,
  waitForMail,
} from './fixtures';

const chrome = browserPerFile();

const LOGIN_ROUTE = '**/api/v1/auth/login';

describe('login form', () => {
  it('validates the fields before calling the API', async () => {
    const page = await chrome.newPage();
    let calls = 0;
    await page.route(LOGIN_ROUTE, (route) => {
      calls += 1;
      return route.abort();
    });
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await page.getByText('Enter your email address').waitFor();
    await page.getByText('Enter your password').waitFor();
    expect(calls).toBe(0);
    // The screen links to registration and to the forgotten-password flow.
    expect(await page.getByTestId('login-register').getAttribute('href')).toBe('/register');
    expect(await page.getByTestId('login-forgot').getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
  });

  it('shows the server message of a rejected login', async () => {
    const page = await chrome.newPage();
    await page.goto(url('/login'));
    // An unknown address: a wrong password for a real one would count towards its lockout.
    const response = await uiLogin(page, 'nobody@demo.local', 'wrong-password');
    expect(response.status()).toBe(401);
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Wrong e-mail or password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('stores the session of the real API and goes to the page it came from', async () => {
    const page = await chrome.newPage({ viewport: { width: 1400, height: 900 } });
    await mockConnection(page, { value: 3 });
    await page.goto(url('/support/faq'));
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('login-notice').waitFor();
    await uiLogin(page, DEMO.user.email);
    await page.waitForURL(url('/support/faq'));
    const stored = await storedTokens(page);
    expect(stored.user).toMatchObject({ email: DEMO.user.email, role: 'user' });
    expect(stored.access?.length).toBeGreaterThan(20);
    expect(stored.refresh?.length).toBeGreaterThan(20);
    // The ability list of the login answer is kept for CASL (spec §3, §4).
    expect(stored.ability).toContainEqual({ action: 'manage', subject: 'Esign' });
    expect(await page.getByTestId('page-title').textContent()).toBe('FAQ');
  });

  it('sends an unverified account to /auth/otp with its e-mail and offers a new code', async () => {
    const email = await registerVerifiedAccount('unverified', { verify: false });
    const page = await chrome.newPage();
    await page.goto(url('/login'));
    const response = await uiLogin(page, email, TEST_PASSWORD);
    expect(response.status()).toBe(403);
    await page.waitForURL((u) => u.pathname === '/auth/otp');
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    expect(await page.getByTestId('otp-sent-to').textContent()).toContain(email);
    // No code was asked for in this tab, so a new one can be asked for at once.
    await page.getByTestId('otp-resend').waitFor();
  });

  it('finishes a login with the e-mail code when login OTP is on', async () => {
    const email = await registerVerifiedAccount('otp');
    const session = await apiLogin(email, TEST_PASSWORD);
    const on = await apiCall(`/api/v1/users/${session.userData.id}/security`, {
      method: 'PATCH',
      body: { loginOtpEnabled: true },
      token: session.accessToken,
    });
    expect(on.status).toBe(200);

    const page = await chrome.newPage({ viewport: { width: 1400, height: 900 } });
    await mockConnection(page, { value: 3 });
    await page.goto(url('/login'));
    const seen = await mailIds(email);
    const response = await uiLogin(page, email, TEST_PASSWORD);
    expect(response.status()).toBe(200);
    await page.waitForURL((u) => u.pathname === '/auth/login/otp');
    await page.getByTestId('login-otp-form').waitFor();
    expect(await storedTokens(page)).toMatchObject({ access: null, refresh: null });

    const code = otpOf(await waitForMail(email, 'otp-login', seen));
    const wrong = code === '000000' ? '111111' : '000000';
    await typeOtp(page, wrong);
    const error = page.getByTestId('login-otp-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/Wrong code\. 4 tries left\./);
    expect(new URL(page.url()).pathname).toBe('/auth/login/otp');

    // A reload keeps the challenge (sessionStorage), then the right code logs in.
    await page.reload();
    await page.getByTestId('login-otp-form').waitFor();
    await typeOtp(page, code);
    await page.waitForURL(url('/dashboard'));
    const stored = await storedTokens(page);
    expect(stored.user).toMatchObject({ email });
    expect(stored.access).toBeTruthy();
  });
});
