import type { TDocument } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { documentActionsFor, documentStateOf } from './document-actions';

type TDoc = Pick<TDocument, 'status' | 'signing_status' | 'signers' | 'owner_id'>;

const signer = (user_id: number, position: number, status: 'pending' | 'signed') => ({
  user_id,
  fullName: `User ${user_id}`,
  position,
  status,
  signed_at: null,
  placement: { page: 1, x: 0, y: 0, width: 100, height: 50 },
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
  });
});

describe('document actions by state and role', () => {
  it('lets the owner and a company admin manage a draft; others only view', () => {
    const all = { continueDraft: true, sign: true, cancel: true, remove: true };
    expect(documentActionsFor(draft, owner)).toEqual(all);
    expect(documentActionsFor(draft, admin)).toEqual(all);
    expect(documentActionsFor(draft, colleague)).toEqual({
      continueDraft: false,
      sign: false,
      cancel: false,
      remove: false,
    });
  });

  it('offers signing only to the signer whose turn it is once a signer list exists', () => {
    const doc: TDoc = {
      ...draft,
      signing_status: 'signing',
      signers: [signer(1, 1, 'signed'), signer(3, 2, 'pending')],
    };
    expect(documentActionsFor(doc, colleague).sign).toBe(true);
    expect(documentActionsFor(doc, colleague).cancel).toBe(false);
    expect(documentActionsFor(doc, owner).sign).toBe(false);
    expect(documentActionsFor(doc, owner).cancel).toBe(true);
  });

  it('never deletes or cancels a stamped document, deletes a canceled one, nothing while busy', () => {
    const none = { continueDraft: false, sign: false, cancel: false, remove: false };
    expect(
      documentActionsFor({ ...draft, status: 'stamp', signing_status: 'stamped' }, owner),
    ).toEqual(none);
    expect(documentActionsFor({ ...draft, status: 'canceled' }, owner)).toEqual({
      ...none,
      remove: true,
    });
    expect(documentActionsFor({ ...draft, signing_status: 'stamping' }, owner)).toEqual(none);
  });
});
