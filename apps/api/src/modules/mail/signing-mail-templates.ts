import { escapeHtml } from '../../lib/html.ts';
import type { TMailLanguage } from './mail-templates.ts';
import type { TMail } from './mailer.ts';

const layout = (title: string, body: string) => `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;background:#f4f5fa;padding:24px;color:#1f2937">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h2 style="color:#00176a;margin-top:0">Bubuh</h2><h3>${escapeHtml(title)}</h3>${body}
<p style="color:#6c757d;font-size:12px;margin-top:32px">Bubuh — e-Meterai &amp; e-signature</p>
</div></body></html>`;

const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#00176a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

const mailOf = (
  template: string,
  to: string,
  texts: { subject: string; hello: string; intro: string; action: string },
  link: string,
  meta: Record<string, unknown>,
): TMail => ({
  to,
  subject: texts.subject,
  text: `${texts.hello}\n\n${texts.intro}\n\n${texts.action}: ${link}\n`,
  html: layout(
    texts.subject,
    `<p>${escapeHtml(texts.hello)}</p><p>${escapeHtml(texts.intro)}</p>${button(link, texts.action)}`,
  ),
  template,
  meta,
});

/** To the signer whose turn it is: a link straight to the signing screen. */
export const signerTurnMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  document: { id: number; fileName: string; ownerName: string },
  link: string,
): TMail => {
  const en = language === 'en';
  return mailOf(
    'signing-turn',
    to,
    {
      subject: en
        ? `Your signature is needed: ${document.fileName}`
        : `Tanda tangan Anda dibutuhkan: ${document.fileName}`,
      hello: en ? `Hello ${name},` : `Halo ${name},`,
      intro: en
        ? `${document.ownerName} asked you to sign "${document.fileName}". It is your turn now.`
        : `${document.ownerName} meminta Anda menandatangani "${document.fileName}". Sekarang giliran Anda.`,
      action: en ? 'Sign the document' : 'Tandatangani dokumen',
    },
    link,
    { language, document_id: document.id, link },
  );
};

/** To the owner once every signer has signed: the e-Meterai (if any) can follow. */
export const signingCompletedMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  document: { id: number; fileName: string },
  link: string,
): TMail => {
  const en = language === 'en';
  return mailOf(
    'signing-completed',
    to,
    {
      subject: en
        ? `Everyone has signed: ${document.fileName}`
        : `Semua sudah menandatangani: ${document.fileName}`,
      hello: en ? `Hello ${name},` : `Halo ${name},`,
      intro: en
        ? `Every signer has signed "${document.fileName}".`
        : `Semua penanda tangan telah menandatangani "${document.fileName}".`,
      action: en ? 'Open the document' : 'Buka dokumen',
    },
    link,
    { language, document_id: document.id, link },
  );
};
