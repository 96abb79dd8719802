import type { TUserData } from './auth.ts';
import {
  allowedEvents,
  settledState,
  type TDocumentEventType,
  type TDocumentState,
} from './document-state.ts';
import type { TDocument } from './documents.ts';

type TStateFields = Pick<TDocument, 'status' | 'signing_status' | 'signers'>;
type TViewer = Pick<TUserData, 'id' | 'role' | 'company_id'>;

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
    case 'stopped':
      return doc.signing_status;
    default:
      // `failed` (or a stale `stamped`): where the signatures say it rests.
      return settledState({ pending, signed });
  }
};

/**
 * How the viewer stands to the document: the owner and a company admin of its company manage it
 * (`owns` tells the owner apart); a listed signer signs when their turn comes (`signsNext`) and
 * waits before it (`signsLater`). Everyone else who sees it only views.
 */
export type TDocumentRole = {
  owns: boolean;
  manages: boolean;
  signsNext: boolean;
  signsLater: boolean;
};

const isCompanyAdminViewer = (user: TViewer) =>
  user.company_id !== null && (user.role === 'admin' || user.role === 'admin-company');

const queueOf = (doc: Pick<TDocument, 'signers'>) =>
  [...doc.signers].sort((a, b) => a.position - b.position);

export const documentRoleOf = (
  doc: Pick<TDocument, 'owner_id' | 'signers'>,
  user: TViewer | null | undefined,
): TDocumentRole => {
  if (!user) return { owns: false, manages: false, signsNext: false, signsLater: false };
  const pending = queueOf(doc).filter((s) => s.status === 'pending');
  const signsNext = pending[0]?.user_id === user.id;
  return {
    owns: doc.owner_id === user.id,
    manages: doc.owner_id === user.id || isCompanyAdminViewer(user),
    signsNext,
    signsLater: !signsNext && pending.some((s) => s.user_id === user.id),
  };
};

export type TDocumentActions = {
  /** Open the draft editor (placements, type and value). */
  continueDraft: boolean;
  /** Add the e-Meterai: the document's manager once no signature is pending. */
  stamp: boolean;
  /** Open the signing screen: the signer whose turn it is, or a manager before any signer list. */
  sign: boolean;
  /**
   * Ask colleagues of the same company to sign, in order: before any signer list, or again once
   * the round stopped (a decline, the deadline).
   */
  askSigners: boolean;
  /** Decline to sign: a signer still to sign (their turn or a later one) while the round runs. */
  decline: boolean;
  /** Remind the signer whose turn it is: the manager, while the document waits for someone else. */
  remind: boolean;
  cancel: boolean;
  remove: boolean;
};

/**
 * What this viewer may do with the document: the events its state accepts (`allowedEvents`),
 * narrowed by their role in it. Everyone who sees a document may view and download it. The API
 * refuses the same things (`apps/api/src/lib/access.ts` `canManage`, the signer queue).
 */
export const documentActionsFor = (
  doc: Pick<TDocument, 'status' | 'signing_status' | 'signers' | 'owner_id'>,
  user: TViewer | null | undefined,
): TDocumentActions => {
  const state = documentStateOf(doc);
  const events = new Set<TDocumentEventType>(allowedEvents(state));
  const { manages, signsNext, signsLater } = documentRoleOf(doc, user);
  const noSigners = doc.signers.length === 0;
  return {
    continueDraft: manages && events.has('edit'),
    stamp: manages && events.has('start-stamp'),
    sign: events.has('start-sign') && (signsNext || (manages && noSigners)),
    askSigners:
      manages &&
      (noSigners || state === 'stopped') &&
      (user?.company_id ?? null) !== null &&
      events.has('set-signers'),
    decline: (signsNext || signsLater) && events.has('decline'),
    // Reminding oneself makes no sense: the manager whose own turn it is signs instead.
    remind: manages && state === 'signing' && !signsNext,
    cancel: manages && events.has('cancel'),
    remove: manages && events.has('delete'),
  };
};

/** Where the signatures stand: "1 of 2 signed — waiting for Dewi". */
export type TSigningProgress = { signed: number; total: number; waitingFor: string | null };

export const signingProgressOf = (doc: Pick<TDocument, 'signers'>): TSigningProgress => {
  const queue = queueOf(doc);
  return {
    signed: queue.filter((s) => s.status === 'signed').length,
    total: queue.length,
    waitingFor: queue.find((s) => s.status === 'pending')?.fullName ?? null,
  };
};
