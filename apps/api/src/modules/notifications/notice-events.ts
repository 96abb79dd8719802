import type { TLockerFilingProblem } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { createAccountNoticeEvents } from './notice-events-account.ts';
import { createSigningNoticeEvents } from './notice-events-signing.ts';
import * as repo from './notifications.repository.ts';
import type { TNotifier } from './notifications.service.ts';

const KIND_LABEL = { emeterai: 'e-Meterai', esign: 'e-sign' } as const;

/** Why a stamped file was not filed in the digital locker, as a notice says it. */
const FILING_PROBLEM: Record<'en' | 'id', Record<TLockerFilingProblem, string>> = {
  en: {
    full: 'the locker is full',
    too_large: "larger than the locker's upload limit",
    read_only: 'the locker has expired',
    failed: 'filing failed',
  },
  id: {
    full: 'loker penuh',
    too_large: 'melebihi batas unggah loker',
    read_only: 'masa aktif loker berakhir',
    failed: 'gagal diarsipkan',
  },
};

/** Files a notice names one by one; the rest are counted. */
const FILES_NAMED = 5;

/**
 * Notices of events in other modules (the modules call these after their work has committed).
 * Texts follow each recipient's language.
 */
export const createNoticeEvents = (deps: { db: TDb; notifier: TNotifier }) => {
  const { db } = deps;
  return {
    /** Quota moved from the company to a department: its users hear about it. */
    quotaReceived: async (input: {
      companyId: number;
      departementId: number;
      kind: 'emeterai' | 'esign';
      quantity: number;
      movementId: number;
    }) => {
      const members = await repo.departementMembers(db, input.companyId, input.departementId);
      for (const m of members) {
        const id = m.language === 'id';
        await deps.notifier.notify({
          userId: m.id,
          key: `quota-received:${input.movementId}`,
          header: id ? 'Kuota diterima' : 'Quota received',
          content: id
            ? `Departemen Anda menerima ${input.quantity} kuota ${KIND_LABEL[input.kind]}.`
            : `Your department received ${input.quantity} ${KIND_LABEL[input.kind]} quota.`,
          link: '/dashboard',
          mail: true,
        });
      }
    },

    /**
     * A stamp finished: the one who asked for it hears the serial. Called by the stamp's job:
     * stored at once, not through a job of its own.
     */
    documentStamped: async (input: {
      userId: number;
      documentId: number;
      serial: string;
      /** The user's language as the stamp's request knew it (else read). */
      language?: 'en' | 'id' | undefined;
    }) => {
      const language = input.language ?? (await repo.languageOf(db, input.userId));
      const id = language === 'id';
      await deps.notifier.store({
        userId: input.userId,
        key: `stamped:${input.documentId}`,
        header: id ? 'Dokumen selesai dibubuhi e-Meterai' : 'Document stamped',
        content: id
          ? `Dokumen #${input.documentId} dibubuhi e-Meterai dengan nomor seri ${input.serial}.`
          : `Document #${input.documentId} carries e-Meterai serial ${input.serial}.`,
        link: '/stamp',
      });
    },
    batchFinished: async (input: {
      userId: number;
      batchId: number;
      name: string;
      stamped: number;
      failed: number;
    }) => {
      const language = await repo.languageOf(db, input.userId);
      const id = language === 'id';
      await deps.notifier.notify({
        userId: input.userId,
        key: `batch-finished:${input.batchId}`,
        header: id ? 'Batch selesai' : 'Batch finished',
        content: id
          ? `Batch "${input.name}": ${input.stamped} dokumen dibubuhi e-Meterai, ${input.failed} gagal.`
          : `Batch "${input.name}": ${input.stamped} documents stamped, ${input.failed} failed.`,
        link: `/stamp/bulk/${input.batchId}`,
      });
    },

    /**
     * A finished batch's stamped files that were not filed in the owner's digital locker (full,
     * expired, ...): the owner hears which (the first few, with why) and how many; the stamps
     * stand. Once per finish of the batch.
     */
    batchUnfiled: async (input: {
      userId: number;
      batchId: number;
      name: string;
      finishedAt: Date | null;
      count: number;
      files: { fileName: string; problem: TLockerFilingProblem | null }[];
    }) => {
      const language = (await repo.languageOf(db, input.userId)) === 'id' ? 'id' : 'en';
      const id = language === 'id';
      const named = input.files
        .slice(0, FILES_NAMED)
        .map((f) => `${f.fileName} (${FILING_PROBLEM[language][f.problem ?? 'failed']})`);
      const more = input.count - named.length;
      const list =
        named.join(', ') + (more > 0 ? (id ? `, dan ${more} lainnya` : `, and ${more} more`) : '');
      await deps.notifier.notify({
        userId: input.userId,
        key: `batch-unfiled:${input.batchId}:${input.finishedAt?.getTime() ?? 0}`,
        header: id ? 'Dokumen tidak diarsipkan di loker' : 'Files not filed in the locker',
        content: id
          ? `Batch "${input.name}": ${input.count} dokumen sudah dibubuhi e-Meterai tetapi tidak diarsipkan di loker digital: ${list}. Unduh dari halaman batch.`
          : `Batch "${input.name}": ${input.count} stamped files were not filed in the digital locker: ${list}. Download them from the batch page.`,
        link: `/stamp/bulk/${input.batchId}`,
        mail: true,
      });
    },

    /** An invoice was paid (units credited) or its payment failed / expired: its buyer hears. */
    paymentClosed: async (input: {
      userId: number;
      invoiceId: number;
      number: string;
      plan: boolean;
      outcome: 'paid' | 'failed' | 'expired';
    }) => {
      const id = (await repo.languageOf(db, input.userId)) === 'id';
      const paid = input.outcome === 'paid';
      const state = id
        ? { paid: 'lunas', failed: 'gagal', expired: 'kedaluwarsa' }[input.outcome]
        : { paid: 'settled', failed: 'failed', expired: 'expired' }[input.outcome];
      await deps.notifier.notify({
        userId: input.userId,
        key: `invoice-${paid ? 'paid' : 'closed'}:${input.invoiceId}`,
        header: id
          ? paid
            ? 'Pembayaran berhasil'
            : 'Pembayaran gagal'
          : paid
            ? 'Payment settled'
            : 'Payment failed',
        content: id
          ? `Pembayaran tagihan ${input.number} ${state}.`
          : `The payment of invoice ${input.number} ${state === 'settled' ? 'is settled' : state}.`,
        link: `/${input.plan ? 'plan' : 'quota'}/invoice/${input.invoiceId}`,
        mail: true,
      });
    },
    ...createSigningNoticeEvents(deps),
    ...createAccountNoticeEvents(deps),
  };
};

export type TNoticeEvents = ReturnType<typeof createNoticeEvents>;
