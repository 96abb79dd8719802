import { escapeHtml } from '../../lib/html.ts';
import type { TMail } from './mailer.ts';

export type TMailLanguage = 'en' | 'id';

export const layout = (title: string, body: string) => `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;background:#f4f5fa;padding:24px;color:#1f2937">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h2 style="color:#00176a;margin-top:0">Bubuh</h2><h3>${escapeHtml(title)}</h3>${body}
<p style="color:#6c757d;font-size:12px;margin-top:32px">Bubuh — e-Meterai &amp; e-signature</p>
</div></body></html>`;

const otpBlock = (code: string) =>
  `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#00176a">${code}</p>`;

type TTexts = { subject: string; intro: string; outro: string };

const OTP_TEXTS: Record<'register' | 'login', Record<TMailLanguage, TTexts>> = {
  register: {
    en: {
      subject: 'Your Bubuh verification code',
      intro: 'Use this code to verify your e-mail address:',
      outro: 'The code expires in 5 minutes. If you did not register, ignore this e-mail.',
    },
    id: {
      subject: 'Kode verifikasi Bubuh Anda',
      intro: 'Gunakan kode ini untuk memverifikasi alamat e-mail Anda:',
      outro: 'Kode berlaku 5 menit. Jika Anda tidak mendaftar, abaikan e-mail ini.',
    },
  },
  login: {
    en: {
      subject: 'Your Bubuh sign-in code',
      intro: 'Use this code to finish signing in:',
      outro: 'The code expires in 5 minutes. If this was not you, change your password.',
    },
    id: {
      subject: 'Kode masuk Bubuh Anda',
      intro: 'Gunakan kode ini untuk menyelesaikan proses masuk:',
      outro: 'Kode berlaku 5 menit. Jika ini bukan Anda, segera ganti kata sandi.',
    },
  },
};

export const otpMail = (
  purpose: 'register' | 'login',
  language: TMailLanguage,
  to: string,
  name: string,
  code: string,
): TMail => {
  const t = OTP_TEXTS[purpose][language];
  const hello = language === 'id' ? `Halo ${name},` : `Hello ${name},`;
  return {
    to,
    subject: t.subject,
    text: `${hello}\n\n${t.intro}\n\n${code}\n\n${t.outro}\n`,
    html: layout(
      t.subject,
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(t.intro)}</p>${otpBlock(code)}<p>${escapeHtml(t.outro)}</p>`,
    ),
    template: `otp-${purpose}`,
    meta: { purpose, language },
  };
};

export const resetPasswordMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  link: string,
): TMail => {
  const en = language === 'en';
  const subject = en ? 'Reset your Bubuh password' : 'Atur ulang kata sandi Bubuh';
  const hello = en ? `Hello ${name},` : `Halo ${name},`;
  const intro = en
    ? 'Open this link to choose a new password. It works once and expires in 30 minutes:'
    : 'Buka tautan ini untuk membuat kata sandi baru. Tautan hanya berlaku sekali dan 30 menit:';
  const outro = en
    ? 'If you did not ask for this, ignore this e-mail; your password stays the same.'
    : 'Jika Anda tidak memintanya, abaikan e-mail ini; kata sandi Anda tidak berubah.';
  return {
    to,
    subject,
    text: `${hello}\n\n${intro}\n${link}\n\n${outro}\n`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(outro)}</p>`,
    ),
    template: 'reset-password',
    meta: { language, link },
  };
};

export const invitationMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  inviter: string,
  company: string,
  link: string,
): TMail => {
  const en = language === 'en';
  const subject = en ? `${inviter} invited you to Bubuh` : `${inviter} mengundang Anda ke Bubuh`;
  const hello = en ? `Hello ${name},` : `Halo ${name},`;
  const intro = en
    ? `${inviter} added you to ${company} on Bubuh. Open this link to set your password (valid for 72 hours):`
    : `${inviter} menambahkan Anda ke ${company} di Bubuh. Buka tautan ini untuk membuat kata sandi (berlaku 72 jam):`;
  return {
    to,
    subject,
    text: `${hello}\n\n${intro}\n${link}\n`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ),
    template: 'invitation',
    meta: { language, link },
  };
};

/**
 * Someone registered with an address that already has an account. The register answer is the
 * same as for a new address (no enumeration); the owner learns it here, with the ways back in.
 */
export const alreadyRegisteredMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  loginLink: string,
  resetLink: string,
): TMail => {
  const en = language === 'en';
  const subject = en
    ? 'This e-mail is already registered at Bubuh'
    : 'E-mail ini sudah terdaftar di Bubuh';
  const hello = en ? `Hello ${name},` : `Halo ${name},`;
  const intro = en
    ? 'Someone tried to register a Bubuh account with this address, which already has one. Sign in here:'
    : 'Seseorang mencoba mendaftarkan akun Bubuh dengan alamat ini, yang sudah memiliki akun. Masuk di sini:';
  const reset = en
    ? 'Forgot your password? Choose a new one here:'
    : 'Lupa kata sandi? Buat yang baru di sini:';
  const outro = en
    ? 'If this was not you, ignore this e-mail; nothing has changed.'
    : 'Jika ini bukan Anda, abaikan e-mail ini; tidak ada yang berubah.';
  const a = (link: string) => `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
  return {
    to,
    subject,
    text: `${hello}\n\n${intro}\n${loginLink}\n\n${reset}\n${resetLink}\n\n${outro}\n`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p>${a(loginLink)}</p><p>${escapeHtml(reset)}</p><p>${a(resetLink)}</p><p>${escapeHtml(outro)}</p>`,
    ),
    template: 'already-registered',
    meta: { language },
  };
};
