import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  DOCUMENT_STATES,
  DocumentTransitionError,
  signingMethodAfter,
  statesOfWireStatus,
  transition,
  wireSigningStatusOf,
  wireStatusOf,
} from '../src/document-state.ts';

const none = { pending: 0, signed: 0 };

describe('document state machine', () => {
  it('walks a draft through signatures to the stamp', () => {
    let state = transition('draft', { type: 'set-signers' });
    expect(state).toBe('signing');
    state = transition(state, { type: 'start-sign' });
    expect(state).toBe('esigning');
    state = transition(state, { type: 'sign-done', pending: 1 });
    expect(state).toBe('signing');
    state = transition(transition(state, { type: 'start-sign' }), {
      type: 'sign-done',
      pending: 0,
    });
    expect(state).toBe('signed');
    state = transition(state, { type: 'start-stamp' });
    expect(state).toBe('stamping');
    expect(transition(state, { type: 'stamp-done' })).toBe('stamped');
  });

  it('goes back to where the signatures say after an abort', () => {
    expect(transition('stamping', { type: 'abort', ...none })).toBe('draft');
    expect(transition('stamping', { type: 'abort', pending: 0, signed: 2 })).toBe('signed');
    expect(transition('esigning', { type: 'abort', pending: 1, signed: 1 })).toBe('signing');
    expect(transition('signing', { type: 'end-signing', signed: 0 })).toBe('draft');
    expect(transition('signing', { type: 'end-signing', signed: 1 })).toBe('signed');
  });

  it('stops a round on a decline or the deadline, and lets the owner go on from there', () => {
    expect(transition('signing', { type: 'decline' })).toBe('stopped');
    expect(transition('signing', { type: 'expire' })).toBe('stopped');
    // Asked again: pending signers replaced, the round runs again.
    expect(transition('stopped', { type: 'set-signers' })).toBe('signing');
    // Ended: the signatures made stay.
    expect(transition('stopped', { type: 'end-signing', signed: 1 })).toBe('signed');
    expect(transition('stopped', { type: 'end-signing', signed: 0 })).toBe('draft');
    expect(transition('stopped', { type: 'cancel' })).toBe('cancelled');
    expect(transition('stopped', { type: 'delete' })).toBe('deleted');
    expect(allowedEvents('stopped')).toEqual(['set-signers', 'end-signing', 'cancel', 'delete']);
  });

  it('stops only a running round; a stopped one is neither signed, edited nor stamped', () => {
    for (const state of [
      'draft',
      'signed',
      'esigning',
      'stamping',
      'stamped',
      'cancelled',
    ] as const) {
      expect(() => transition(state, { type: 'decline' })).toThrow(DocumentTransitionError);
      expect(() => transition(state, { type: 'expire' })).toThrow(DocumentTransitionError);
    }
    expect(() => transition('stopped', { type: 'decline' })).toThrow(DocumentTransitionError);
    expect(() => transition('stopped', { type: 'expire' })).toThrow(DocumentTransitionError);
    expect(() => transition('stopped', { type: 'start-sign' })).toThrow(DocumentTransitionError);
    expect(() => transition('stopped', { type: 'edit' })).toThrow(DocumentTransitionError);
    expect(() => transition('stopped', { type: 'start-stamp' })).toThrow(DocumentTransitionError);
  });

  it('refuses what a state does not accept', () => {
    expect(() => transition('stamping', { type: 'cancel' })).toThrow(DocumentTransitionError);
    expect(() => transition('stamped', { type: 'delete' })).toThrow(DocumentTransitionError);
    expect(() => transition('signing', { type: 'start-stamp' })).toThrow(DocumentTransitionError);
    expect(() => transition('esigning', { type: 'start-stamp' })).toThrow(DocumentTransitionError);
    expect(() => transition('cancelled', { type: 'start-sign' })).toThrow(DocumentTransitionError);
    expect(() => transition('draft', { type: 'stamp-done' })).toThrow(DocumentTransitionError);
  });

  it('lists the allowed events of each state', () => {
    expect(allowedEvents('stamping')).toEqual(['stamp-done', 'abort']);
    expect(allowedEvents('stamped')).toEqual([]);
    expect(allowedEvents('cancelled')).toEqual(['delete']);
    expect(allowedEvents('signing')).not.toContain('start-stamp');
    for (const state of DOCUMENT_STATES) {
      for (const event of allowedEvents(state)) {
        expect(() =>
          transition(state, { type: event, pending: 0, signed: 0 } as Parameters<
            typeof transition
          >[1]),
        ).not.toThrow();
      }
    }
  });

  it('derives the wire fields', () => {
    expect(wireStatusOf('stamped')).toBe('stamp');
    expect(wireStatusOf('cancelled')).toBe('canceled');
    expect(wireStatusOf('esigning')).toBe('nostamp');
    expect(wireStatusOf('stopped')).toBe('nostamp');
    expect(statesOfWireStatus('nostamp')).toEqual([
      'draft',
      'signing',
      'signed',
      'esigning',
      'stamping',
      'stopped',
    ]);
    expect(wireSigningStatusOf('stopped', { pending: 1, signed: 1 })).toBe('stopped');
    expect(wireSigningStatusOf('esigning', none)).toBe('stamping');
    expect(wireSigningStatusOf('cancelled', { pending: 1, signed: 0 })).toBe('signing');
    expect(wireSigningStatusOf('cancelled', none)).toBe('draft');
    expect(wireSigningStatusOf('signed', none)).toBe('signed');
  });

  it('derives the signing method', () => {
    expect(signingMethodAfter(null, { type: 'edit', emeterai: true, esign: true })).toBe(
      'esign-emeterai',
    );
    expect(signingMethodAfter('esign', { type: 'edit', emeterai: false, esign: false })).toBe(null);
    expect(signingMethodAfter('emeterai', { type: 'sign-done', emeteraiPlaced: false })).toBe(
      'esign-emeterai',
    );
    expect(signingMethodAfter(null, { type: 'sign-done', emeteraiPlaced: false })).toBe('esign');
    expect(signingMethodAfter('esign', { type: 'stamp-done' })).toBe('esign-emeterai');
    expect(signingMethodAfter(null, { type: 'stamp-done' })).toBe('emeterai');
  });
});
