/**
 * The life of a document, one state at a time (spec §4 "States and transitions"). The API stores
 * the state in one column and changes it only through `transition`; the wire fields `status` and
 * `signing_status` are derived from it (`wireStatusOf`, `wireSigningStatusOf`).
 *
 *   draft ──set-signers──▶ signing ──start-sign──▶ esigning ──sign-done──▶ signing | signed
 *   draft | signed ──start-stamp──▶ stamping ──stamp-done──▶ stamped
 *   stamping | esigning ──abort──▶ draft | signing | signed   (failure or a dead process)
 *   signing ──decline | expire──▶ stopped ──set-signers──▶ signing   (a signer said no, or the deadline passed)
 *   stopped ──end-signing──▶ draft | signed   (the signatures made stay)
 *   draft | signing | signed | stopped ──cancel──▶ cancelled;  … | cancelled ──delete──▶ deleted
 */
export const DOCUMENT_STATES = [
  'draft',
  'signing',
  'signed',
  'esigning',
  'stamping',
  'stamped',
  'cancelled',
  /** The signing round stopped: a signer declined or the deadline passed (why: on the row). */
  'stopped',
  'deleted',
] as const;
export type TDocumentState = (typeof DOCUMENT_STATES)[number];
/** The states a stored document can be in (`deleted` means the row is gone). */
export type TStoredDocumentState = Exclude<TDocumentState, 'deleted'>;

/** Signatures of a document: still to come, already made. */
export type TSignerCounts = { pending: number; signed: number };

export type TDocumentEvent =
  /** Save the draft's placements, type and value. */
  | { type: 'edit' }
  /** Set who signs, in which order: the document waits for its next signer. */
  | { type: 'set-signers' }
  /** The owner ends the signing round; `signed` signatures stay. */
  | { type: 'end-signing'; signed: number }
  /** One e-signature starts (one e-sign unit reserved). */
  | { type: 'start-sign' }
  /** The e-signature is stored; `pending` signers remain. */
  | { type: 'sign-done'; pending: number }
  /** The e-Meterai starts (one unit reserved, a serial issued or reused). */
  | { type: 'start-stamp' }
  | { type: 'stamp-done' }
  /** A pending signer declines to sign: nobody further is asked. */
  | { type: 'decline' }
  /** The deadline passed while signatures were still awaited. */
  | { type: 'expire' }
  /** A stamp or signature failed or its process died: back to where the signatures say. */
  | ({ type: 'abort' } & TSignerCounts)
  | { type: 'cancel' }
  | { type: 'delete' };
export type TDocumentEventType = TDocumentEvent['type'];

/** Where a document rests given its signatures (no work running). */
export const settledState = ({ pending, signed }: TSignerCounts): TDocumentState =>
  pending > 0 ? 'signing' : signed > 0 ? 'signed' : 'draft';

const EDITABLE: readonly TDocumentState[] = ['draft', 'signing', 'signed'];
/**
 * A stopped round is not edited or signed: its owner asks again (set-signers), keeps what was
 * signed (end-signing), or gives up on it (cancel, delete).
 */
const SETTLING: readonly TDocumentState[] = [...EDITABLE, 'stopped'];

/** The states each event may leave from. */
const FROM: Record<TDocumentEventType, readonly TDocumentState[]> = {
  edit: EDITABLE,
  'set-signers': SETTLING,
  'end-signing': SETTLING,
  'start-sign': EDITABLE,
  'sign-done': ['esigning'],
  // The e-Meterai comes last: not while signatures are pending.
  'start-stamp': ['draft', 'signed'],
  'stamp-done': ['stamping'],
  abort: ['stamping', 'esigning'],
  decline: ['signing'],
  expire: ['signing'],
  cancel: SETTLING,
  delete: [...SETTLING, 'cancelled'],
};

export class DocumentTransitionError extends Error {
  constructor(
    readonly state: TDocumentState,
    readonly event: TDocumentEventType,
  ) {
    super(`A document in state ${state} does not accept ${event}`);
    this.name = 'DocumentTransitionError';
  }
}

/** Whether `event` may happen to a document in `state`. */
export const canTransition = (state: TDocumentState, event: TDocumentEventType): boolean =>
  FROM[event].includes(state);

/** The events a document in `state` accepts (the actions to offer). */
export const allowedEvents = (state: TDocumentState): TDocumentEventType[] =>
  (Object.keys(FROM) as TDocumentEventType[]).filter((event) => canTransition(state, event));

/** The one transition function: the next state, or a `DocumentTransitionError`. */
export const transition = (state: TDocumentState, event: TDocumentEvent): TDocumentState => {
  if (!canTransition(state, event.type)) throw new DocumentTransitionError(state, event.type);
  switch (event.type) {
    case 'edit':
      return state;
    case 'set-signers':
      return 'signing';
    case 'end-signing':
      return settledState({ pending: 0, signed: event.signed });
    case 'start-sign':
      return 'esigning';
    case 'sign-done':
      return event.pending > 0 ? 'signing' : 'signed';
    case 'start-stamp':
      return 'stamping';
    case 'stamp-done':
      return 'stamped';
    case 'abort':
      return settledState(event);
    case 'decline':
    case 'expire':
      return 'stopped';
    case 'cancel':
      return 'cancelled';
    case 'delete':
      return 'deleted';
  }
};

/** Work is running on the document (a unit is reserved): nobody else may change it. */
export const isBusy = (state: TDocumentState) => state === 'stamping' || state === 'esigning';

/** Spec §4 `status`: stamp, canceled, or nostamp for everything else. */
export const wireStatusOf = (state: TDocumentState): 'nostamp' | 'stamp' | 'canceled' =>
  state === 'stamped' ? 'stamp' : state === 'cancelled' ? 'canceled' : 'nostamp';

/** The states behind one `status` value (history filters and totals). */
export const statesOfWireStatus = (
  status: 'nostamp' | 'stamp' | 'canceled',
): TStoredDocumentState[] =>
  DOCUMENT_STATES.filter(
    (s): s is TStoredDocumentState => s !== 'deleted' && wireStatusOf(s) === status,
  );

/**
 * Spec §4 `signing_status`; a cancelled document shows where its signatures had got to, a stopped
 * one `stopped` (its wire `stopped` says why).
 */
export const wireSigningStatusOf = (
  state: TDocumentState,
  signers: TSignerCounts,
): 'draft' | 'signing' | 'signed' | 'stamping' | 'stamped' | 'stopped' => {
  switch (state) {
    case 'esigning':
    case 'stamping':
      return 'stamping';
    case 'stamped':
      return 'stamped';
    case 'cancelled':
    case 'deleted': {
      const settled = settledState(signers);
      return settled === 'signing' || settled === 'signed' ? settled : 'draft';
    }
    default:
      return state;
  }
};

type TSigningMethod = 'emeterai' | 'esign' | 'esign-emeterai' | null;

/**
 * `signing_method` (which services the document gets) after an event: from the draft's
 * placements when it is saved, gaining e-sign at a signature and e-Meterai at the stamp.
 */
export const signingMethodAfter = (
  method: TSigningMethod,
  event:
    | { type: 'edit'; emeterai: boolean; esign: boolean }
    | { type: 'sign-done'; emeteraiPlaced: boolean }
    | { type: 'stamp-done' },
): TSigningMethod => {
  switch (event.type) {
    case 'edit':
      return event.emeterai
        ? event.esign
          ? 'esign-emeterai'
          : 'emeterai'
        : event.esign
          ? 'esign'
          : null;
    case 'sign-done':
      return event.emeteraiPlaced || method === 'emeterai' ? 'esign-emeterai' : 'esign';
    case 'stamp-done':
      return method === 'esign' || method === 'esign-emeterai' ? 'esign-emeterai' : 'emeterai';
  }
};
