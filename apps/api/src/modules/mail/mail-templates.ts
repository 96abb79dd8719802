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

const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#00176a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

/** One line of a mail: a sentence, a link, a one-time code, or a button (`label: link` in text). */
export type TMailLine =
  | string
  | { link: string }
  | { code: string }
  | { label: string; link: string };

const textOf = (line: TMailLine) =>
  typeof line === 'string'
    ? line
    : 'code' in line
      ? line.code
      : 'label' in line
        ? `${line.label}: ${line.link}`
        : line.link;

const htmlOf = (line: TMailLine) =>
  typeof line === 'string'
    ? `<p>${escapeHtml(line)}</p>`
    : 'code' in line
      ? otpBlock(line.code)
      : 'label' in line
        ? button(line.link, line.label)
        : `<p><a href="${escapeHtml(line.link)}">${escapeHtml(line.link)}</a></p>`;

/**
 * The one way a mail is written: paragraphs of lines, as plain text (lines of a paragraph on
 * their own line, a blank line between paragraphs) and as HTML in the common layout.
 */
export const composeMail = (
  template: string,
  to: string,
  subject: string,
  paragraphs: TMailLine[][],
  meta: Record<string, unknown>,
): TMail => ({
  to,
  subject,
  text: `${paragraphs.map((lines) => lines.map(textOf).join('\n')).join('\n\n')}\n`,
  html: layout(subject, paragraphs.flat().map(htmlOf).join('')),
  template,
  meta,
});

/** The greeting every mail opens with. */
export const helloOf = (language: TMailLanguage, name: string) =>
  language === 'id' ? `Halo ${name},` : `Hello ${name},`;

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
  return composeMail(
    `otp-${purpose}`,
    to,
    t.subject,
    [[helloOf(language, name)], [t.intro], [{ code }], [t.outro]],
    { purpose, language },
  );
};

export const resetPasswordMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  link: string,
): TMail => {
  const en = language === 'en';
  const subject = en ? 'Reset your Bubuh password' : 'Atur ulang kata sandi Bubuh';
  const hello = helloOf(language, name);
  const intro = en
    ? 'Open this link to choose a new password. It works once and expires in 30 minutes:'
    : 'Buka tautan ini untuk membuat kata sandi baru. Tautan hanya berlaku sekali dan 30 menit:';
  const outro = en
    ? 'If you did not ask for this, ignore this e-mail; your password stays the same.'
    : 'Jika Anda tidak memintanya, abaikan e-mail ini; kata sandi Anda tidak berubah.';
  return composeMail('reset-password', to, subject, [[hello], [intro, { link }], [outro]], {
    language,
    link,
  });
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
  const hello = helloOf(language, name);
  const intro = en
    ? `${inviter} added you to ${company} on Bubuh. Open this link to set your password (valid for 72 hours):`
    : `${inviter} menambahkan Anda ke ${company} di Bubuh. Buka tautan ini untuk membuat kata sandi (berlaku 72 jam):`;
  return composeMail('invitation', to, subject, [[hello], [intro, { link }]], { language, link });
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
  const hello = helloOf(language, name);
  const intro = en
    ? 'Someone tried to register a Bubuh account with this address, which already has one. Sign in here:'
    : 'Seseorang mencoba mendaftarkan akun Bubuh dengan alamat ini, yang sudah memiliki akun. Masuk di sini:';
  const reset = en
    ? 'Forgot your password? Choose a new one here:'
    : 'Lupa kata sandi? Buat yang baru di sini:';
  const outro = en
    ? 'If this was not you, ignore this e-mail; nothing has changed.'
    : 'Jika ini bukan Anda, abaikan e-mail ini; tidak ada yang berubah.';
  return composeMail(
    'already-registered',
    to,
    subject,
    [[hello], [intro, { link: loginLink }], [reset, { link: resetLink }], [outro]],
    { language },
  );
};
