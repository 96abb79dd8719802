import { describe, expect, it } from 'vitest';
import { isoDay } from './document-format';

describe('document format', () => {
  it('sends only well-formed days', () => {
    expect(isoDay('2026-01-31')).toBe('2026-01-31');
    expect(isoDay('31/01/2026')).toBeUndefined();
    expect(isoDay('')).toBeUndefined();
    expect(isoDay(null)).toBeUndefined();
  });
});
