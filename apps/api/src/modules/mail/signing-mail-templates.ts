import { formatDateTime } from '@bubuh/contracts';
import { composeMail, helloOf, type TMailLanguage } from './mail-templates.ts';
import type { TMail } from './mailer.ts';

/** To the signer whose turn it is: a link straight to the signing screen. */
export const signerTurnMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  document: { id: number; fileName: string; ownerName: string },
  link: string,
): TMail => {
  const en = language === 'en';
  const intro = en
    ? `${document.ownerName} asked you to sign "${document.fileName}". It is your turn now.`
    : `${document.ownerName} meminta Anda menandatangani "${document.fileName}". Sekarang giliran Anda.`;
  return composeMail(
    'signing-turn',
    to,
    en
      ? `Your signature is needed: ${document.fileName}`
      : `Tanda tangan Anda dibutuhkan: ${document.fileName}`,
    [
      [helloOf(language, name)],
      [intro],
      [{ label: en ? 'Sign the document' : 'Tandatangani dokumen', link }],
    ],
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
  const intro = en
    ? `Every signer has signed "${document.fileName}".`
    : `Semua penanda tangan telah menandatangani "${document.fileName}".`;
  return composeMail(
    'signing-completed',
    to,
    en
      ? `Everyone has signed: ${document.fileName}`
      : `Semua sudah menandatangani: ${document.fileName}`,
    [
      [helloOf(language, name)],
      [intro],
      [{ label: en ? 'Open the document' : 'Buka dokumen', link }],
    ],
    { language, document_id: document.id, link },
  );
};

/** The one-time code an outside signer proves their e-mail with before seeing the document. */
export const signerCodeMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  document: { id: number; fileName: string },
  code: string,
): TMail => {
  const en = language === 'en';
  return composeMail(
    'signing-code',
    to,
    en ? `Your code to open ${document.fileName}` : `Kode Anda untuk membuka ${document.fileName}`,
    [
      [helloOf(language, name)],
      [
        en
          ? `Enter this code to open "${document.fileName}". It is valid for 10 minutes.`
          : `Masukkan kode ini untuk membuka "${document.fileName}". Kode berlaku 10 menit.`,
      ],
      [{ code }],
      [
        en
          ? 'If you did not ask for it, ignore this e-mail: nobody can open the document without the code.'
          : 'Jika Anda tidak memintanya, abaikan e-mail ini: tidak ada yang dapat membuka dokumen tanpa kode.',
      ],
    ],
    { language, document_id: document.id },
  );
};

/** A time as the signing e-mails show it: Western Indonesia time, "2026-05-01 17:00 WIB". */
const wibOf = (at: Date) => `${formatDateTime(at, 'Asia/Jakarta')} WIB`;

/**
 * To the signer whose turn it is, again (the owner's "remind now" or the automatic reminder):
 * the same link straight to the signing screen as the turn mail, and the deadline if there is one.
 */
export const signerReminderMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  document: { id: number; fileName: string; ownerName: string; deadlineAt: Date | null },
  link: string,
): TMail => {
  const en = language === 'en';
  const intro = en
    ? `A reminder: ${document.ownerName} is still waiting for your signature on "${document.fileName}".`
    : `Pengingat: ${document.ownerName} masih menunggu tanda tangan Anda pada "${document.fileName}".`;
  const deadline = document.deadlineAt
    ? en
      ? `Please sign before ${wibOf(document.deadlineAt)}.`
      : `Mohon tandatangani sebelum ${wibOf(document.deadlineAt)}.`
    : null;
  return composeMail(
    'signing-reminder',
    to,
    en
      ? `Reminder: your signature is needed on ${document.fileName}`
      : `Pengingat: tanda tangan Anda dibutuhkan pada ${document.fileName}`,
    [
      [helloOf(language, name)],
      deadline ? [intro, deadline] : [intro],
      [{ label: en ? 'Sign the document' : 'Tandatangani dokumen', link }],
    ],
    { language, document_id: document.id, link },
  );
};

/** To the owner: a signer declined, with their reason; nobody further is asked. */
export const signingDeclinedMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  document: { id: number; fileName: string; signerName: string; reason: string },
  link: string,
): TMail => {
  const en = language === 'en';
  return composeMail(
    'signing-declined',
    to,
    en
      ? `${document.signerName} declined to sign ${document.fileName}`
      : `${document.signerName} menolak menandatangani ${document.fileName}`,
    [
      [helloOf(language, name)],
      [
        en
          ? `${document.signerName} declined to sign "${document.fileName}". The signing has stopped and nobody further will be asked.`
          : `${document.signerName} menolak menandatangani "${document.fileName}". Proses penandatanganan dihentikan, dan penanda tangan berikutnya tidak akan diminta lagi.`,
        en ? `Their reason: ${document.reason}` : `Alasan: ${document.reason}`,
      ],
      [
        en
          ? 'You can ask for signatures again, keep the signatures already made, or cancel the document.'
          : 'Anda dapat meminta tanda tangan lagi, mempertahankan tanda tangan yang sudah dibubuhkan, atau membatalkan dokumen.',
      ],
      [{ label: en ? 'Open the document' : 'Buka dokumen', link }],
    ],
    { language, document_id: document.id, link },
  );
};

/** To the owner: the deadline passed before everyone signed; the signing has stopped. */
export const signingExpiredMail = (
  language: TMailLanguage,
  to: string,
  name: string,
  document: { id: number; fileName: string; deadlineAt: Date | null; waitingFor: string | null },
  link: string,
): TMail => {
  const en = language === 'en';
  const when = document.deadlineAt ? wibOf(document.deadlineAt) : null;
  const intro = en
    ? `The deadline${when ? ` (${when})` : ''} for signing "${document.fileName}" has passed${document.waitingFor ? ` while it was waiting for ${document.waitingFor}` : ''}. The signing has stopped.`
    : `Batas waktu penandatanganan "${document.fileName}"${when ? ` (${when})` : ''} telah lewat${document.waitingFor ? ` saat masih menunggu tanda tangan ${document.waitingFor}` : ''}. Proses penandatanganan dihentikan.`;
  return composeMail(
    'signing-expired',
    to,
    en
      ? `The signing deadline passed: ${document.fileName}`
      : `Batas waktu tanda tangan terlewati: ${document.fileName}`,
    [
      [helloOf(language, name)],
      [intro],
      [
        en
          ? 'You can ask for signatures again with a new deadline, keep the signatures already made, or cancel the document.'
          : 'Anda dapat meminta tanda tangan lagi dengan batas waktu baru, mempertahankan tanda tangan yang sudah dibubuhkan, atau membatalkan dokumen.',
      ],
      [{ label: en ? 'Open the document' : 'Buka dokumen', link }],
    ],
    { language, document_id: document.id, link },
  );
};
