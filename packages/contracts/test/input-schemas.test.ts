import { describe, expect, it } from 'vitest';
import {
  PG_INT_MAX,
  ZDbId,
  ZDbIdParams,
  ZDocumentQuery,
  ZIsoDate,
  ZPageQuery,
} from '../src/index.ts';

describe('shared input schemas', () => {
  it('ZDbId takes 1..int4 max and nothing else', () => {
    expect(ZDbId.parse('1')).toBe(1);
    expect(ZDbId.parse(String(PG_INT_MAX))).toBe(PG_INT_MAX);
    for (const bad of ['0', '-1', '1.5', '2147483648', '1e30', 'abc', '']) {
      expect(ZDbIdParams.safeParse({ id: bad }).success, bad).toBe(false);
    }
  });

  it('ZIsoDate refuses dates that do not exist', () => {
    expect(ZIsoDate.parse('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2026-13-45', '2026-02-29', '2026-04-31', '2026-1-1', '2026-01-01T00:00']) {
      expect(ZIsoDate.safeParse(bad).success, bad).toBe(false);
    }
    expect(ZDocumentQuery.safeParse({ from: '2026-13-45' }).success).toBe(false);
  });

  it('a page number is bounded', () => {
    expect(ZPageQuery.safeParse({ page: '1e30' }).success).toBe(false);
  });
});
