import {
  allowedEvents,
  settledState,
  type TDocument,
  type TDocumentEventType,
  type TDocumentState,
  type TUserData,
} from '@bubuh/contracts';

type TStateFields = Pick<TDocument, 'status' | 'signing_status' | 'signers'>;

/**
 * The state machine's state of a document, read from its wire fields (`status`, `signing_status`
 * and the signers): the wire carries everything needed, so it gains no `state` field. A running
 * signature and a running stamp both show as `stamping` on the wire; pending signers tell them
 * apart (both accept nothing from a user).
 */
export const documentStateOf = (doc: TStateFields): TDocumentState => {
  if (doc.status === 'stamp') return 'stamped';
  if (doc.status === 'canceled') return 'cancelled';
  const pending = doc.signers.filter((s) => s.status === 'pending').length;
  const signed = doc.signers.length - pending;
  switch (doc.signing_status) {
    case 'stamping':
      return pending > 0 ? 'esigning' : 'stamping';
    case 'draft':
    case 'signing':
    case 'signed':
      return doc.signing_status;
    default:
      // `failed` (or a stale `stamped`): where the signatures say it rests.
      return settledState({ pending, signed });
  }
};

/** How the viewer stands to the document: owner or company admin manage, a signer signs. */
export type TDocumentRole = { manages: boolean; signsNext: boolean };

export const documentRoleOf = (
  doc: Pick<TDocument, 'owner_id' | 'signers'>,
  user: Pick<TUserData, 'id' | 'role' | 'company_id'> | null | undefined,
): TDocumentRole => {
  if (!user) return { manages: false, signsNext: false };
  const companyAdmin =
    user.company_id !== null && (user.role === 'admin' || user.role === 'admin-company');
  const next = [...doc.signers]
    .sort((a, b) => a.position - b.position)
    .find((s) => s.status === 'pending');
  return {
    manages: doc.owner_id === user.id || companyAdmin,
    signsNext: next?.user_id === user.id,
  };
};

export type TDocumentActions = {
  /** Open the draft editor (placements, type and value; the stamp when nothing is pending). */
  continueDraft: boolean;
  /** Open the signing screen: the signer whose turn it is, or a manager before any signer list. */
  sign: boolean;
  cancel: boolean;
  remove: boolean;
};

/**
 * What this viewer may do with the document: the events its state accepts (`allowedEvents`),
 * narrowed by their role. Everyone who sees a document may view and download it.
 */
export const documentActionsFor = (
  doc: Pick<TDocument, 'status' | 'signing_status' | 'signers' | 'owner_id'>,
  user: Pick<TUserData, 'id' | 'role' | 'company_id'> | null | undefined,
): TDocumentActions => {
  const events = new Set<TDocumentEventType>(allowedEvents(documentStateOf(doc)));
  const { manages, signsNext } = documentRoleOf(doc, user);
  const noSigners = doc.signers.length === 0;
  return {
    continueDraft: manages && events.has('edit'),
    sign: events.has('start-sign') && (signsNext || (manages && noSigners)),
    cancel: manages && events.has('cancel'),
    remove: manages && events.has('delete'),
  };
};
