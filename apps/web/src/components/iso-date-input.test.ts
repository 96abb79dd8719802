import { describe, expect, it } from 'vitest';
import { shapeIsoDate } from './iso-date-input';

describe('dates typed as YYYY-MM-DD', () => {
  it('adds the hyphens and drops anything else', () => {
    expect(shapeIsoDate('2026')).toBe('2026');
    expect(shapeIsoDate('20261')).toBe('2026-1');
    expect(shapeIsoDate('20261124')).toBe('2026-11-24');
    expect(shapeIsoDate('2026/11/24 extra 9')).toBe('2026-11-24');
    expect(shapeIsoDate('2026-11-24')).toBe('2026-11-24');
  });
});
