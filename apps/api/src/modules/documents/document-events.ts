import {
  DocumentTransitionError,
  isBusy,
  signingMethodAfter,
  type TDocumentEvent,
  type TDocumentState,
  type TStoredDocumentState,
  transition,
} from '@bubuh/contracts';
import type { TDb, TTx } from '../../db/client.ts';
import type { TPlacements } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertAuditEvent, type TAuditRecord } from '../audit/index.ts';
import * as repo from './documents.repository.ts';

/** The answer to the loser of a race, or to any change while work runs on the document. */
export const busy = () => new AppError('CONFLICT', 'Dokumen sedang diproses');

/** `transition` with its refusal as a 409 the client can show. */
export const nextState = (state: TDocumentState, event: TDocumentEvent): TDocumentState => {
  try {
    return transition(state, event);
  } catch (error) {
    if (!(error instanceof DocumentTransitionError)) throw error;
    if (isBusy(state)) throw busy();
    throw new AppError('CONFLICT', "This is not possible in the document's current state", {
      document_id: state,
    });
  }
};

/**
 * Applies one event to a document read in state `from`: the next state comes from `transition`,
 * and is written only if the row is still in `from` (a conditional UPDATE, which takes the row
 * lock). Returns the row, or undefined when another change won the race.
 */
export const tryEvent = async (
  db: TDb | TTx,
  id: number,
  from: TDocumentState,
  event: TDocumentEvent,
  values: repo.TDocumentValues = {},
) => {
  if (from === 'deleted') throw new Error('deletes go through remove');
  return repo.changeState(db, id, from, storedNext(from, event), values);
};

/** The state `event` moves a stored document to (deletes go through remove, never here). */
export const storedNext = (from: TStoredDocumentState, event: TDocumentEvent) => {
  const next = nextState(from, event);
  if (next === 'deleted') throw new Error('deletes go through remove');
  return next;
};

/** `tryEvent` whose loser gets a 409 (nothing changed). */
export const applyEvent = async (
  db: TDb | TTx,
  doc: { id: number; state: TDocumentState },
  event: TDocumentEvent,
  values: repo.TDocumentValues = {},
) => {
  const row = await tryEvent(db, doc.id, doc.state, event, values);
  if (!row) throw busy();
  return row;
};

/**
 * The `edit` of a document's saved placements made from the placements its locked row holds
 * (`change` gets them): changes of one entry each (one signer's box) made at the same time see
 * each other's, so none is lost. The signing method follows the placements, as a draft save's.
 */
export const editPlacements = (
  db: TDb,
  id: number,
  change: (placements: TPlacements) => TPlacements,
  record: TAuditRecord,
) =>
  db.transaction(async (tx) => {
    const locked = await repo.lockDocument(tx, id);
    if (!locked) throw AppError.notFound('Document');
    const placements = change(locked.placements);
    await insertAuditEvent(tx, locked.id, locked.companyId, record);
    return applyEvent(
      tx,
      locked,
      { type: 'edit' },
      {
        placements,
        signingMethod: signingMethodAfter(locked.signingMethod, {
          type: 'edit',
          emeterai: placements.emeterai !== null,
          esign: placements.esign.length > 0,
        }),
      },
    );
  });

/**
 * The end of a failed sign or stamp (`from` is `esigning` or `stamping`): the document goes back
 * (`abort`: to draft, signing or signed as its signers say), keeping the error only when a unit had
 * been reserved (refunded since; nothing was spent otherwise), and the error is thrown again: an
 * `AppError` as it is, anything else as a 503 with `fallback` and `fields`.
 */
export const abortWork = async (
  db: TDb,
  documentId: number,
  from: 'esigning' | 'stamping',
  error: unknown,
  failure: { reserved: boolean; fallback: string; fields?: Record<string, string> },
): Promise<never> => {
  const message = error instanceof AppError ? error.message : failure.fallback;
  const counts = await repo.signerCounts(db, documentId);
  await tryEvent(
    db,
    documentId,
    from,
    { type: 'abort', ...counts },
    failure.reserved ? { lastError: message } : {},
  );
  if (error instanceof AppError) throw error;
  throw new AppError('SERVICE_UNAVAILABLE', message, failure.fields);
};
