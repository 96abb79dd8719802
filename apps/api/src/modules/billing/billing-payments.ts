import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TPaymentProof } from '@bubuh/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import * as repo from './billing.repository.ts';
import type { TBillingService } from './billing.service.ts';
import type { TPaymentGateway } from './gateways/payment-gateway.ts';
import type { TSandboxOutcome } from './gateways/sandbox-gateway.ts';

export const PROOF_MAX_BYTES = 5 * 1_048_576;

/** The proof's real type from its first bytes (JPEG, PNG or PDF); names are not trusted. */
const PROOF_TYPES = [
  { type: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'application/pdf', ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46] },
];
const sniffProof = (head: Uint8Array) =>
  PROOF_TYPES.find(({ magic }) => magic.every((byte, i) => head[i] === byte));

/**
 * What is kept of a notification that failed verification (anyone can post one): the fields a
 * gateway notification has (Midtrans' and the sandbox's), as text of at most 256 characters;
 * everything else is dropped, so a forged post stores a few hundred bytes whatever it carried.
 */
const FORGED_KEPT_FIELDS = [
  'order_id',
  'status_code',
  'gross_amount',
  'signature_key',
  'transaction_status',
  'fraud_status',
  'transaction_id',
  'transaction_time',
  'payment_type',
  'status_message',
  'merchant_id',
  'currency',
] as const;
const FORGED_FIELD_MAX = 256;

const keptOfForged = (payload: Record<string, unknown>): Record<string, string> => {
  const kept: Record<string, string> = {};
  for (const field of FORGED_KEPT_FIELDS) {
    const value = payload[field];
    if (typeof value === 'string' || typeof value === 'number') {
      kept[field] = String(value).slice(0, FORGED_FIELD_MAX);
    }
  }
  return kept;
};

/** Runs the notification job: verified notifications are applied there, idempotently. */
export type TNotificationQueue = (notificationId: number) => Promise<string>;

export const createBillingPayments = (deps: {
  billing: TBillingService;
  gateway: TPaymentGateway;
  files: TFileStore;
  sandboxNotification?: (
    orderId: string,
    gross: number,
    outcome: TSandboxOutcome,
  ) => Record<string, string>;
}) => {
  const { billing, gateway, files } = deps;
  const { db, settlement } = billing;
  let queue: TNotificationQueue = async () => 'not-started';

  /**
   * A gateway notification: a verified one is kept as received and applied by the
   * `payment-notification` job; a forged one (wrong signature) is refused, changes nothing, and
   * only its known fields are kept (`keptOfForged`).
   */
  const receive = async (payload: Record<string, unknown>) => {
    const verified = gateway.verifyNotification(payload);
    const stored = await repo.saveNotification(db, {
      gateway: gateway.name,
      orderId: String(payload.order_id ?? '').slice(0, 64),
      transactionStatus: String(payload.transaction_status ?? '').slice(0, 40) || null,
      verified: verified ? 'yes' : 'no',
      payload: verified ? payload : keptOfForged(payload),
      outcome: verified ? null : 'rejected-signature',
    });
    if (!verified) {
      throw new AppError('FORBIDDEN', 'The notification signature is not valid', {
        signature_key: 'invalid',
      });
    }
    return queue(stored.id);
  };

  /** The job's work for one stored notification (safe to run again). */
  const process = async (notificationId: number): Promise<string> => {
    const stored = await repo.notification(db, notificationId);
    if (stored?.verified !== 'yes') return 'ignored';
    const claim = gateway.verifyNotification(stored.payload as Record<string, unknown>);
    if (!claim) return 'ignored';
    const outcome = await settlement.apply(gateway, claim);
    await repo.setNotificationOutcome(db, notificationId, outcome);
    return outcome;
  };

  const toProofWire = async (id: number): Promise<TPaymentProof> => {
    const proof = await repo.proof(db, id);
    const invoice = proof ? await repo.invoice(db, proof.invoiceId) : undefined;
    if (!proof || !invoice) throw AppError.notFound('Proof');
    const buyer = await repo.buyer(db, invoice.userId);
    return {
      id: proof.id,
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      company_name: invoice.payerType === 'user' ? null : (buyer?.company ?? null),
      uploaded_by: buyer?.name ?? null,
      status: proof.status,
      total: invoice.total,
      note: proof.note,
      created_at: proof.createdAt.toISOString(),
    };
  };

  return {
    setQueue: (q: TNotificationQueue) => {
      queue = q;
    },
    receive,
    process,

    /** The sandbox pay page's decision, sent as the sandbox gateway's signed notification. */
    sandboxComplete: async (auth: TAuth, invoiceId: number, outcome: TSandboxOutcome) => {
      if (!deps.sandboxNotification) throw AppError.notFound('Invoice');
      const row = await billing.visible(auth, invoiceId);
      billing.requirePayable(row);
      if (outcome !== 'pending') {
        await receive(deps.sandboxNotification(row.number, row.total, outcome));
      }
      const after = await billing.visible(auth, invoiceId);
      const status = billing.statusOf(after);
      const back =
        after.purpose === 'plan' ? `/plan/invoice/${after.id}` : `/quota/invoice/${after.id}`;
      const redirect =
        status === 'paid'
          ? `/payment/success?invoice=${after.id}`
          : status === 'failed'
            ? `/payment/failed?invoice=${after.id}`
            : back;
      return { status, redirect_url: redirect };
    },

    uploadProof: async (auth: TAuth, invoiceId: number, body: Readable) => {
      const row = await billing.visible(auth, invoiceId);
      billing.requirePayable(row);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > PROOF_MAX_BYTES) {
          throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 5 MB', {
            file: 'too large',
          });
        }
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks);
      const kind = sniffProof(bytes.subarray(0, 8));
      if (!kind) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or PDF file', {
          file: 'not a JPEG, PNG or PDF',
        });
      }
      const key = `payment-proofs/${randomUUID()}.${kind.ext}`;
      await files.put(key, new Uint8Array(bytes));
      const proof = await repo.insertProof(db, {
        invoiceId: row.id,
        fileKey: key,
        contentType: kind.type,
        uploadedBy: auth.userId,
      });
      return toProofWire(proof.id);
    },

    proofs: async (q: {
      page: number;
      perPage: number;
      status?: 'submitted' | 'confirmed' | 'rejected';
    }) => {
      const { rows, total } = await repo.proofs(db, q);
      return {
        data: rows.map(
          (r): TPaymentProof => ({
            id: r.proof.id,
            invoice_id: r.invoice.id,
            invoice_number: r.invoice.number,
            company_name: r.company,
            uploaded_by: r.by,
            status: r.proof.status,
            total: r.invoice.total,
            note: r.proof.note,
            created_at: r.proof.createdAt.toISOString(),
          }),
        ),
        meta: { page: q.page, perPage: q.perPage, total },
      };
    },

    proofFile: async (id: number) => {
      const proof = await repo.proof(db, id);
      if (!proof) throw AppError.notFound('Proof');
      return { type: proof.contentType, bytes: await files.get(proof.fileKey) };
    },

    /** Super confirms a transfer: the proof and the invoice change together with the credit. */
    confirmProof: async (auth: TAuth, id: number, note: string | null) => {
      const proof = await repo.proof(db, id);
      if (!proof) throw AppError.notFound('Proof');
      const outcome = await settlement.settle(
        proof.invoiceId,
        'bank_transfer',
        `proof:${id}`,
        async (tx) => {
          const reviewed = await repo.reviewProof(tx, id, 'confirmed', auth.userId, note);
          if (!reviewed) {
            throw new AppError('CONFLICT', 'This proof has already been reviewed', {
              status: 'reviewed',
            });
          }
        },
      );
      if (outcome === 'already-paid') {
        throw new AppError('CONFLICT', 'This invoice is already paid', { status: 'paid' });
      }
      return toProofWire(id);
    },

    rejectProof: async (auth: TAuth, id: number, note: string | null) => {
      const reviewed = await repo.reviewProof(db, id, 'rejected', auth.userId, note);
      if (!reviewed) {
        if (!(await repo.proof(db, id))) throw AppError.notFound('Proof');
        throw new AppError('CONFLICT', 'This proof has already been reviewed', {
          status: 'reviewed',
        });
      }
      return toProofWire(id);
    },
  };
};

export type TBillingPayments = ReturnType<typeof createBillingPayments>;
