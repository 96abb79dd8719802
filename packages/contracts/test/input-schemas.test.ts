import { describe, expect, it } from 'vitest';
import {
  latestIndonesianToday,
  PG_INT_MAX,
  ZDbId,
  ZDbIdParams,
  ZDeclineRequest,
  ZDocDate,
  ZDocNumber,
  ZDocumentQuery,
  ZIsoDate,
  ZOneStampForm,
  ZPageQuery,
  ZSetSignersRequest,
  ZSigningDeadline,
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

  it('a signing deadline is a date-time with its offset, in the future, within 365 days', () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    expect(ZSigningDeadline.safeParse(inDays(1).toISOString()).success).toBe(true);
    // +07:00 (WIB) written as such.
    const wib = new Date(inDays(2).getTime() + 7 * 3_600_000).toISOString().replace('Z', '+07:00');
    expect(ZSigningDeadline.safeParse(wib).success).toBe(true);
    expect(ZSigningDeadline.safeParse(inDays(364).toISOString()).success).toBe(true);
    for (const bad of [
      inDays(-1).toISOString(),
      inDays(366).toISOString(),
      inDays(1).toISOString().slice(0, 16),
      '2026-13-01T10:00:00Z',
      'tomorrow',
    ]) {
      expect(ZSigningDeadline.safeParse(bad).success, bad).toBe(false);
    }
    const signers = [{ user_id: 1, page: 1, x: 0, y: 0, width: 100, height: 50 }];
    expect(ZSetSignersRequest.safeParse({ document_id: 1, signers }).success).toBe(true);
    for (const days of [0, 31, 1.5]) {
      expect(
        ZSetSignersRequest.safeParse({ document_id: 1, signers, remind_every_days: days }).success,
        String(days),
      ).toBe(false);
    }
  });

  it("a decline's reason is trimmed text of 1 to 500 characters without control characters", () => {
    expect(ZDeclineRequest.parse({ document_id: 1, reason: '  Wrong amount ' }).reason).toBe(
      'Wrong amount',
    );
    for (const bad of ['', '   ', 'a\nb', 'a\u0007b', 'a\u202eb', 'x'.repeat(501)]) {
      expect(ZDeclineRequest.safeParse({ document_id: 1, reason: bad }).success, bad).toBe(false);
    }
  });

  it('a page number is bounded', () => {
    expect(ZPageQuery.safeParse({ page: '1e30' }).success).toBe(false);
  });

  it("a document's number is printable text, trimmed, 1 to 50 characters", () => {
    expect(ZDocNumber.parse('  INV/2026/001 ')).toBe('INV/2026/001');
    expect(ZDocNumber.parse('Kwitansi No. 7 – Bandung')).toBe('Kwitansi No. 7 – Bandung');
    for (const bad of ['', '   ', 'a\tb', 'a\u0000b', 'a\u202eb', 'a\u200bb', 'x'.repeat(51)]) {
      expect(ZDocNumber.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("a document's date is a real date, not after today anywhere in Indonesia", () => {
    // 2026-03-01 20:00 UTC is already 2026-03-02 in Jayapura (UTC+9).
    expect(latestIndonesianToday(new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
    expect(latestIndonesianToday(new Date('2026-03-01T14:59:59Z'))).toBe('2026-03-01');
    const today = latestIndonesianToday();
    expect(ZDocDate.parse(today)).toBe(today);
    expect(ZDocDate.parse('2024-02-29')).toBe('2024-02-29');
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    for (const bad of ['2026-02-30', tomorrow, '2026-1-1', '01-03-2026']) {
      expect(ZDocDate.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('the one-stamp form takes plain decimal text only, within the JSON bounds', () => {
    const box = { page: '2', x: '400.5', y: '0', width: '75', height: '75', doc_type: '3' };
    expect(
      ZOneStampForm.parse({
        ...box,
        doc_value: '9007199254740991',
        acknowledge_javascript: 'true',
      }),
    ).toMatchObject({
      page: 2,
      x: 400.5,
      y: 0,
      doc_value: 9_007_199_254_740_991,
      acknowledge_javascript: true,
    });
    for (const [field, bad] of [
      ['page', '1e400'],
      ['page', '1.0e1'],
      ['page', '0'],
      ['page', '1.5'],
      ['x', 'NaN'],
      ['x', 'Infinity'],
      ['x', '-1'],
      ['x', '0x10'],
      ['x', ' 1'],
      ['x', ''],
      ['width', '9'],
      ['height', '14400.5'],
      ['doc_value', '9007199254740992'],
      ['doc_value', '1.5'],
      ['acknowledge_javascript', '1'],
    ] as const) {
      const result = ZOneStampForm.safeParse({ ...box, [field]: bad });
      expect(result.success, `${field}=${bad}`).toBe(false);
      expect(result.error?.issues[0]?.path[0], `${field}=${bad}`).toBe(field);
    }
  });
});
