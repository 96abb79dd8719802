import { describe, expect, it } from 'vitest';
import { isoDay, stampNotice } from './document-format';

describe('document format', () => {
  it('sends only well-formed days', () => {
    expect(isoDay('2026-01-31')).toBe('2026-01-31');
    expect(isoDay('31/01/2026')).toBeUndefined();
    expect(isoDay('')).toBeUndefined();
    expect(isoDay(null)).toBeUndefined();
  });
});

describe('stampNotice', () => {
  const t = (key: string, values?: Record<string, unknown>) =>
    values ? `${key}:${String(values.serial)}` : key;
  it('names the serial of a finished stamp', () => {
    expect(stampNotice(t, { serial_number: 'ABC' })).toBe('stamping.stamp.success:ABC');
  });
  it('says the stamp is still running when the API answered 202', () => {
    expect(stampNotice(t, { job_id: 'j1' })).toBe('stamping.stamp.pending');
  });
});
