import { describe, expect, it } from 'vitest';
import { documentActions, isoDay } from './document-format';

describe('document actions by state', () => {
  it('offers continue, sign, cancel and delete on a draft', () => {
    expect(
      documentActions({ status: 'nostamp', signing_status: 'draft', serial_number_id: null }),
    ).toEqual({ continueDraft: true, sign: true, cancel: true, remove: true });
  });

  it('never deletes or cancels a stamped document', () => {
    expect(
      documentActions({ status: 'stamp', signing_status: 'stamped', serial_number_id: 1 }),
    ).toEqual({ continueDraft: false, sign: false, cancel: false, remove: false });
  });

  it('lets a canceled document be deleted only, and nothing while it is being processed', () => {
    expect(
      documentActions({ status: 'canceled', signing_status: 'draft', serial_number_id: null }),
    ).toEqual({ continueDraft: false, sign: false, cancel: false, remove: true });
    expect(
      documentActions({ status: 'nostamp', signing_status: 'stamping', serial_number_id: null }),
    ).toEqual({ continueDraft: false, sign: false, cancel: false, remove: false });
  });

  it('sends only well-formed days', () => {
    expect(isoDay('2026-01-31')).toBe('2026-01-31');
    expect(isoDay('31/01/2026')).toBeUndefined();
    expect(isoDay('')).toBeUndefined();
    expect(isoDay(null)).toBeUndefined();
  });
});
