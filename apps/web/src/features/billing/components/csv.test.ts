import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('purchase and transaction CSV', () => {
  it('quotes separators and defuses spreadsheet formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['INV-1', 599400],
          ['=HYPERLINK("x")', 'PT A, Tbk'],
        ],
      ),
    ).toBe('a,b\r\nINV-1,599400\r\n"\'=HYPERLINK(""x"")","PT A, Tbk"');
    expect(toCsv(['q'], [[-5]])).toBe('q\r\n-5');
  });
});
