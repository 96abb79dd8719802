import type { TDb } from '../../db/client.ts';
import type { TNotifier } from './notifications.service.ts';

type TDoc = { id: number; fileName: string };
type TPerson = { userId: number; language: string };
const link = (doc: TDoc) => `/stamp/single/esign/${doc.id}`;

/** In-app notices of a document's signing, beside its e-mails (signing-notices.ts decides when). */
export const createSigningNoticeEvents = (deps: { db: TDb; notifier: TNotifier }) => ({
  /** The next signer in order: it is their turn. */
  signingTurn: async (input: { doc: TDoc; signer: TPerson & { signerId: number } }) => {
    const id = input.signer.language === 'id';
    await deps.notifier.notify({
      userId: input.signer.userId,
      key: `sign-turn:${input.doc.id}:${input.signer.signerId}`,
      header: id ? 'Menunggu tanda tangan Anda' : 'Waiting for your signature',
      content: id
        ? `Dokumen "${input.doc.fileName}" menunggu tanda tangan Anda.`
        : `"${input.doc.fileName}" is waiting for your signature.`,
      link: link(input.doc),
    });
  },

  /** The signer whose turn it is, reminded again (`at`: the reminder's time, one notice each). */
  signingReminder: async (input: { doc: TDoc; signer: TPerson; at: Date }) => {
    const id = input.signer.language === 'id';
    await deps.notifier.notify({
      userId: input.signer.userId,
      key: `sign-reminder:${input.doc.id}:${input.at.getTime()}`,
      header: id ? 'Pengingat: tanda tangan Anda ditunggu' : 'Reminder: your signature is awaited',
      content: id
        ? `Dokumen "${input.doc.fileName}" masih menunggu tanda tangan Anda.`
        : `"${input.doc.fileName}" is still waiting for your signature.`,
      link: link(input.doc),
    });
  },

  /**
   * The round stopped: the owner hears who declined and why, or that the deadline passed
   * (`signerId`: the signer row whose turn it was, one notice per stopped round).
   */
  signingStopped: async (input: {
    doc: TDoc;
    owner: TPerson;
    signerId: number;
    stop: { reason: 'declined' | 'expired'; byName: string | null; note: string | null };
  }) => {
    const id = input.owner.language === 'id';
    const { doc, stop } = input;
    const who = stop.byName ?? (id ? 'Penanda tangan' : 'A signer');
    const declined = stop.reason === 'declined';
    await deps.notifier.notify({
      userId: input.owner.userId,
      key: `signing-stopped:${doc.id}:${input.signerId}`,
      header: declined
        ? id
          ? `${who} menolak menandatangani`
          : `${who} declined to sign`
        : id
          ? 'Batas waktu tanda tangan terlewati'
          : 'The signing deadline passed',
      content: declined
        ? id
          ? `${who} menolak menandatangani "${doc.fileName}". Alasan: ${stop.note ?? '-'}`
          : `${who} declined to sign "${doc.fileName}". Reason: ${stop.note ?? '-'}`
        : id
          ? `Batas waktu penandatanganan "${doc.fileName}" telah lewat; proses penandatanganan dihentikan.`
          : `The deadline for signing "${doc.fileName}" passed; the signing has stopped.`,
      link: link(doc),
    });
  },

  /** A signer signed: the owner hears who. */
  signedBy: async (input: { doc: TDoc; owner: TPerson; signerId: number; signerName: string }) => {
    const id = input.owner.language === 'id';
    await deps.notifier.notify({
      userId: input.owner.userId,
      key: `signed:${input.doc.id}:${input.signerId}`,
      header: id ? `Ditandatangani oleh ${input.signerName}` : `Signed by ${input.signerName}`,
      content: id
        ? `${input.signerName} menandatangani "${input.doc.fileName}".`
        : `${input.signerName} signed "${input.doc.fileName}".`,
      link: link(input.doc),
    });
  },

  /** The last signer signed: the owner hears the document is complete. */
  signingCompleted: async (input: { doc: TDoc; owner: TPerson }) => {
    const id = input.owner.language === 'id';
    await deps.notifier.notify({
      userId: input.owner.userId,
      key: `signing-completed:${input.doc.id}`,
      header: id ? 'Semua sudah menandatangani' : 'Everyone has signed',
      content: id
        ? `Semua penanda tangan telah menandatangani "${input.doc.fileName}".`
        : `Every signer has signed "${input.doc.fileName}".`,
      link: link(input.doc),
    });
  },
});

export type TSigningNoticeEvents = ReturnType<typeof createSigningNoticeEvents>;
