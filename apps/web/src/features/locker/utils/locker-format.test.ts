import { describe, expect, it } from 'vitest';
import { formatBytes, gaugeNumbers, kindOf } from './locker-format';

describe('locker sizes (spec §9: MB = /1e6, KB = /1e3)', () => {
  it('shows bytes, KB and MB', () => {
    expect(formatBytes(999, 'en')).toBe('999 B');
    expect(formatBytes(4_700, 'en')).toBe('4.7 KB');
    expect(formatBytes(312_400_000, 'en')).toBe('312.4 MB');
    expect(formatBytes(312_400_000, 'id')).toBe('312,4 MB');
  });

  it('fills the gauge "312.4 MB of 1,000 MB used"', () => {
    const gauge = gaugeNumbers(312_400_000, 1_000_000_000, 'en');
    expect([gauge.used, gauge.max]).toEqual(['312.4 MB', '1,000']);
    expect(gauge.percent).toBeCloseTo(31.24);
  });

  it('names kinds from the stored type', () => {
    expect(kindOf('application/pdf', 'file')).toBe('pdf');
    expect(kindOf('image/png', 'file')).toBe('image');
    expect(
      kindOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'file'),
    ).toBe('spreadsheet');
    expect(kindOf(null, 'folder')).toBe('folder');
  });
});
