import { saveBlob } from '@/lib/save-blob';

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with '. */
export const toCsv = (header: string[], rows: (string | number)[][]): string => {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
};

/** Downloads the rows as `fileName` (RFC 4180, see `toCsv`). */
export const saveCsv = (fileName: string, header: string[], rows: (string | number)[][]) =>
  saveBlob(new Blob([toCsv(header, rows)], { type: 'text/csv' }), fileName);
