import { describe, expect, it } from 'vitest';
import {
  documentActionsFor,
  documentRoleOf,
  documentStateOf,
  signingProgressOf,
} from '../src/document-actions.ts';
import type { TDocument } from '../src/documents.ts';

type TViewer = { id: number; role: 'user' | 'admin-company'; company_id: number | null };
type TDoc = Pick<TDocument, 'status' | 'signing_status' | 'signers' | 'owner_id'>;

const signer = (user_id: number, position: number, status: 'pending' | 'signed') => ({
  user_id,
  fullName: `User ${user_id}`,
  position,
  status,
  signed_at: null,
  placement: { page: 1, x: 0, y: 0, width: 100, height: 50 },
  party: null,
});

const owner = { id: 1, role: 'user' as const, company_id: 9 };
const admin = { id: 2, role: 'admin-company' as const, company_id: 9 };
const colleague = { id: 3, role: 'user' as const, company_id: 9 };
const draft: TDoc = { status: 'nostamp', signing_status: 'draft', signers: [], owner_id: 1 };

describe('document state from the wire', () => {
  it('reads every state', () => {
    expect(documentStateOf(draft)).toBe('draft');
    expect(documentStateOf({ ...draft, status: 'stamp', signing_status: 'stamped' })).toBe(
      'stamped',
    );
    expect(documentStateOf({ ...draft, status: 'canceled' })).toBe('cancelled');
    expect(
      documentStateOf({ ...draft, signing_status: 'signing', signers: [signer(3, 1, 'pending')] }),
    ).toBe('signing');
    expect(
      documentStateOf({ ...draft, signing_status: 'stamping', signers: [signer(3, 1, 'pending')] }),
    ).toBe('esigning');
    expect(documentStateOf({ ...draft, signing_status: 'stamping' })).toBe('stamping');
    expect(
      documentStateOf({ ...draft, signing_status: 'stopped', signers: [signer(3, 1, 'pending')] }),
    ).toBe('stopped');
  });
});

const signing: TDoc = {
  ...draft,
  signing_status: 'signing',
  signers: [signer(4, 1, 'signed'), signer(3, 2, 'pending'), signer(5, 3, 'pending')],
};
const signed: TDoc = {
  ...draft,
  signing_status: 'signed',
  signers: [signer(4, 1, 'signed'), signer(3, 2, 'signed')],
};
const waiting = { id: 5, role: 'user' as const, company_id: 9 };
const stranger = { id: 6, role: 'user' as const, company_id: null };

const none = {
  continueDraft: false,
  stamp: false,
  sign: false,
  askSigners: false,
  decline: false,
  remind: false,
  cancel: false,
  remove: false,
};
const manager = (over: Partial<typeof none>) => ({ ...none, ...over });

/** What the owner and the company admin may do with a draft. */
const draftManager = manager({
  continueDraft: true,
  stamp: true,
  sign: true,
  askSigners: true,
  cancel: true,
  remove: true,
});

describe('document actions by state and role', () => {
  // Owner, company admin, the signer whose turn it is, a signer still waiting, a viewer.
  const cases: [string, TDoc, TViewer, typeof none][] = [
    ['draft/owner', draft, owner, draftManager],
    ['draft/admin', draft, admin, draftManager],
    ['draft/colleague', draft, colleague, none],
    [
      'signing/owner',
      signing,
      owner,
      manager({ continueDraft: true, remind: true, cancel: true, remove: true }),
    ],
    [
      'signing/admin',
      signing,
      admin,
      manager({ continueDraft: true, remind: true, cancel: true, remove: true }),
    ],
    ['signing/signer now', signing, colleague, manager({ sign: true, decline: true })],
    ['signing/signer waiting', signing, waiting, manager({ decline: true })],
    ['signing/signed signer', signing, { id: 4, role: 'user', company_id: 9 }, none],
    // The owner's own turn: they sign (or decline) rather than remind themselves.
    [
      'signing/owner signs now',
      { ...signing, signers: [signer(1, 1, 'pending'), signer(3, 2, 'pending')] },
      owner,
      manager({ continueDraft: true, sign: true, decline: true, cancel: true, remove: true }),
    ],
    // Stopped: the owner asks again, cancels or deletes; nobody signs, declines or is reminded.
    [
      'stopped/owner',
      { ...signing, signing_status: 'stopped' },
      owner,
      manager({ askSigners: true, cancel: true, remove: true }),
    ],
    ['stopped/signer now', { ...signing, signing_status: 'stopped' }, colleague, none],
    ['signing/outsider', signing, stranger, none],
    [
      'signed/owner',
      signed,
      owner,
      manager({ continueDraft: true, stamp: true, cancel: true, remove: true }),
    ],
    ['signed/signer', signed, colleague, none],
    ['stamped/owner', { ...draft, status: 'stamp', signing_status: 'stamped' }, owner, none],
    ['stamped/admin', { ...signed, status: 'stamp', signing_status: 'stamped' }, admin, none],
    ['cancelled/owner', { ...draft, status: 'canceled' }, owner, manager({ remove: true })],
    ['cancelled/signer', { ...signing, status: 'canceled' }, colleague, none],
    ['stamping/owner', { ...draft, signing_status: 'stamping' }, owner, none],
    ['esigning/signer now', { ...signing, signing_status: 'stamping' }, colleague, none],
  ];
  it.each(cases)('%s', (_name, doc, user, expected) => {
    expect(documentActionsFor(doc, user)).toEqual(expected);
  });

  it('a personal account cannot ask others to sign; nobody signed in sees nothing', () => {
    const personal = { id: 1, role: 'user' as const, company_id: null };
    expect(documentActionsFor(draft, personal).askSigners).toBe(false);
    expect(documentActionsFor(draft, personal).sign).toBe(true);
    expect(documentActionsFor(draft, null)).toEqual(none);
  });
});

describe('signing progress', () => {
  it('names how many signed and who is next', () => {
    expect(signingProgressOf(signing)).toEqual({ signed: 1, total: 3, waitingFor: 'User 3' });
    expect(signingProgressOf(signed)).toEqual({ signed: 2, total: 2, waitingFor: null });
    expect(documentRoleOf(signing, waiting)).toMatchObject({ signsNext: false, signsLater: true });
  });
});
