import { AUTOMATIC_JAVASCRIPT_LOCATIONS } from '@bubuh/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { TDocumentRow, TDocumentValues } from './documents.repository.ts';

/**
 * The portal's JavaScript rule (packages/pdf README, "JavaScript in uploads"): an upload with
 * JavaScript actions is accepted and flagged; the first signature of either kind (e-signature or
 * e-Meterai) on it needs the caller's explicit acknowledgment, because once a signature covers
 * the scripts they cannot be removed without breaking it. Stamping and signing both call this
 * before they claim the document or reserve a unit, so a refusal spends nothing.
 *
 * Returns the columns to store with the signature or stamp (who acknowledged, when); empty when
 * the document has no JavaScript or was acknowledged before.
 */
export const javascriptAcknowledgment = (
  doc: Pick<TDocumentRow, 'javascriptCount' | 'javascript' | 'javascriptAcknowledgedAt'>,
  actorUserId: number,
  acknowledged: boolean | undefined,
): TDocumentValues => {
  if (doc.javascriptCount === 0 || doc.javascriptAcknowledgedAt !== null) return {};
  if (acknowledged === true) {
    return { javascriptAcknowledgedBy: actorUserId, javascriptAcknowledgedAt: new Date() };
  }
  const automatic = doc.javascript.some((action) =>
    (AUTOMATIC_JAVASCRIPT_LOCATIONS as readonly string[]).includes(action.location),
  );
  throw new AppError(
    'CONFLICT',
    automatic
      ? 'This document runs JavaScript when it is opened: confirm that you have checked it before the first signature or e-Meterai'
      : 'This document contains JavaScript: confirm that you have checked it before the first signature or e-Meterai',
    {
      javascript: automatic ? 'acknowledgment required (runs on open)' : 'acknowledgment required',
      javascript_count: doc.javascriptCount,
    },
  );
};
