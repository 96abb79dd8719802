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
