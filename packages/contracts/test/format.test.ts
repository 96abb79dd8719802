import { describe, expect, it } from 'vitest';
import {
  connectionLevel,
  connectionValueFromMs,
  formatDate,
  formatDateTime,
  formatIDR,
  formatStorageSize,
  greetingFor,
} from '../src/format.ts';

describe('formatIDR', () => {
  it('formats rupiah with Indonesian grouping and no decimals', () => {
    expect(formatIDR(10000)).toBe('Rp 10.000');
    expect(formatIDR(1250000)).toBe('Rp 1.250.000');
    expect(formatIDR(999.6)).toBe('Rp 1.000');
    expect(formatIDR(0)).toBe('Rp 0');
  });
});

describe('dates', () => {
  const instant = new Date('2026-03-04T01:05:00Z');
  it('uses YYYY-MM-DD and YYYY-MM-DD HH:mm', () => {
    expect(formatDate(instant, 'UTC')).toBe('2026-03-04');
    expect(formatDateTime(instant, 'UTC')).toBe('2026-03-04 01:05');
  });
  it('honours the time zone (Jakarta is UTC+7)', () => {
    expect(formatDateTime('2026-12-31T20:30:00Z', 'Asia/Jakarta')).toBe('2027-01-01 03:30');
  });
  it('shows a dash for invalid input', () => {
    expect(formatDate('not a date')).toBe('-');
  });
});

describe('greetingFor', () => {
  it.each([
    [0, 'evening'],
    [2, 'evening'],
    [3, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [14, 'afternoon'],
    [15, 'evening'],
    [23, 'evening'],
  ] as const)('hour %i is %s', (hour, expected) => {
    expect(greetingFor(hour)).toBe(expected);
  });
});

describe('connection status', () => {
  it.each([
    [-1, 'checking'],
    [1, 'good'],
    [5, 'good'],
    [6, 'poor'],
    [10, 'poor'],
    [11, 'heavy'],
    [15, 'heavy'],
  ] as const)('value %i is %s', (value, expected) => {
    expect(connectionLevel(value)).toBe(expected);
  });
  it('turns milliseconds into the dot value', () => {
    expect(connectionValueFromMs(3)).toBe(1);
    expect(connectionValueFromMs(450)).toBe(5);
    expect(connectionValueFromMs(501)).toBe(6);
    expect(connectionValueFromMs(2500)).toBe(25);
  });
});

describe('formatStorageSize', () => {
  it('divides by 1e6 for MB and 1e3 for KB', () => {
    expect(formatStorageSize(2_500_000)).toBe('2.5 MB');
    expect(formatStorageSize(1_000_000)).toBe('1 MB');
    expect(formatStorageSize(999_000)).toBe('999 KB');
    expect(formatStorageSize(1234)).toBe('1.23 KB');
  });
});
