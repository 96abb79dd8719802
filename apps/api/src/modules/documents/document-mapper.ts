import {
  REMIND_NOW_INTERVAL_MINUTES,
  type TDocument,
  wireSigningStatusOf,
  wireStatusOf,
} from '@bubuh/contracts';
import type { documentSigners } from '../../db/schema.ts';
import type { TDocumentRow } from './documents.repository.ts';

type TSignerRow = typeof documentSigners.$inferSelect;

/** The document columns a listed document shows: lists read only these. */
export const LISTED_COLUMNS = [
  'id',
  'ownerUserId',
  'fileName',
  'currentKey',
  'sizeBytes',
  'pageCount',
  'pages',
  'state',
  'signingMethod',
  'placements',
  'docType',
  'docValue',
  'docNumber',
  'docDate',
  'serialNumberId',
  'psreId',
  'psrePath',
  'lastError',
  'stampedAt',
  'repaired',
  'repairWarnings',
  'javascriptCount',
  'javascript',
  'javascriptAcknowledgedBy',
  'javascriptAcknowledgedAt',
  'deadlineAt',
  'remindEveryDays',
  'remindedAt',
  'stopReason',
  'stopNote',
  'stoppedAt',
  'createdAt',
] as const satisfies readonly (keyof TDocumentRow)[];

export type TListedDocument = Pick<TDocumentRow, (typeof LISTED_COLUMNS)[number]>;

export type TDocumentView = {
  doc: TListedDocument;
  owner: string;
  departementName: string | null;
  /** Who confirmed the document's JavaScript (users.full_name), when someone did. */
  acknowledgedByName: string | null;
  /** Who declined, when a signer stopped the round (users.full_name). */
  stoppedByName: string | null;
  serial: string | null;
  signers: {
    signer: TSignerRow;
    fullName: string;
    /** An outside party's link, once sent. */
    link?: { expiresAt: Date | null; revokedAt: Date | null; verifiedAt: Date | null } | null;
  }[];
  /** Where the current (unstamped) file opens for this caller (signed only when shown). */
  unsignedLink: () => string;
};

/** The wire shape of a document (spec §4): `status` and `signing_status` derive from `state`. */
export const toWireDocument = (view: TDocumentView): TDocument => {
  const { doc, signers } = view;
  const counts = {
    pending: signers.filter((s) => s.signer.status === 'pending').length,
    signed: signers.filter((s) => s.signer.status === 'signed').length,
  };
  const status = wireStatusOf(doc.state);
  const stopped =
    doc.state === 'stopped' && doc.stopReason && doc.stoppedAt
      ? {
          reason: doc.stopReason,
          by_name: view.stoppedByName,
          note: doc.stopNote,
          at: doc.stoppedAt.toISOString(),
        }
      : null;
  // Only a running round is reminded; the time is fixed, so a cached answer stays true.
  const remindAgainAt =
    doc.state === 'signing' && doc.remindedAt
      ? new Date(doc.remindedAt.getTime() + REMIND_NOW_INTERVAL_MINUTES * 60_000).toISOString()
      : null;
  const downloadable = doc.serialNumberId !== null && status === 'stamp';
  return {
    document_id: doc.id,
    document_file: doc.fileName,
    status,
    signing_method: doc.signingMethod,
    signing_status: wireSigningStatusOf(doc.state, counts),
    serial_number_id: doc.serialNumberId,
    serial_number: view.serial,
    psre_id: doc.psreId,
    psre_path: doc.psrePath,
    file_path: downloadable ? `/api/v1/single-stamp/download-file/${doc.id}` : view.unsignedLink(),
    page_count: doc.pageCount,
    pages: doc.pages,
    size: doc.sizeBytes,
    doc_type: doc.docType,
    doc_value: doc.docValue,
    doc_number: doc.docNumber,
    doc_date: doc.docDate,
    owner: view.owner,
    owner_id: doc.ownerUserId,
    departement_name: view.departementName,
    placements: doc.placements,
    last_error: doc.lastError,
    created_at: doc.createdAt.toISOString(),
    stamped_at: doc.stampedAt?.toISOString() ?? null,
    signers: signers.map((s) => ({
      user_id: s.signer.userId,
      fullName: s.fullName,
      position: s.signer.position,
      status: s.signer.status,
      signed_at: s.signer.signedAt?.toISOString() ?? null,
      placement: s.signer.placement,
      party: s.signer.partyEmail
        ? {
            email: s.signer.partyEmail,
            phone: s.signer.partyPhone,
            link: s.link?.expiresAt
              ? {
                  expires_at: s.link.expiresAt.toISOString(),
                  revoked: s.link.revokedAt !== null,
                  verified_at: s.link.verifiedAt?.toISOString() ?? null,
                }
              : null,
          }
        : null,
    })),
    deadline_at: doc.deadlineAt?.toISOString() ?? null,
    remind_every_days: doc.remindEveryDays,
    reminded_at: doc.remindedAt?.toISOString() ?? null,
    remind_again_at: remindAgainAt,
    stopped,
    repaired: doc.repaired,
    repair_warnings: doc.repairWarnings,
    javascript: {
      count: doc.javascriptCount,
      items: doc.javascript,
      acknowledged_by: doc.javascriptAcknowledgedBy,
      acknowledged_by_name: view.acknowledgedByName,
      acknowledged_at: doc.javascriptAcknowledgedAt?.toISOString() ?? null,
    },
    details: [{ document_id: doc.id, document_file: doc.fileName, psre_path: doc.psrePath }],
  };
};
