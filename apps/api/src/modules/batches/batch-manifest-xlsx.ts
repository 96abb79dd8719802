import ExcelJS from 'exceljs';
import yauzl, { type Entry } from 'yauzl';
import { brokenFile, type TManifestRow, tableOf } from './batch-manifest.ts';

/** An XLSX is a ZIP: its first bytes are a local file header. */
export const looksLikeZip = (body: Buffer) =>
  body.length >= 4 && body.readUInt32LE(0) === 0x04034b50;

/** The expanded parts of a 1 MB workbook stay far below this; more is a ZIP bomb. */
const MAX_EXPANDED_BYTES = 32 * 1_048_576;
const MAX_PARTS = 500;

const broken = (reason: string) => brokenFile(reason, 'XLSX');

/**
 * Reads the ZIP's directory before the workbook is parsed: a workbook part must be there, and
 * the declared sizes must stay small (exceljs expands parts in memory).
 */
const checkParts = (body: Buffer) =>
  new Promise<void>((resolve, reject) => {
    yauzl.fromBuffer(body, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(broken(error?.message.slice(0, 200) ?? 'not a ZIP'));
      let total = 0;
      let parts = 0;
      let workbook = false;
      zip.on('error', (err: Error) => reject(broken(err.message.slice(0, 200))));
      zip.on('entry', (entry: Entry) => {
        parts += 1;
        total += entry.uncompressedSize;
        if (entry.fileName === 'xl/workbook.xml') workbook = true;
        if (parts > MAX_PARTS || total > MAX_EXPANDED_BYTES) {
          zip.close();
          return reject(broken('the workbook expands to too much data'));
        }
        zip.readEntry();
      });
      zip.on('end', () => (workbook ? resolve() : reject(broken('no workbook in the file'))));
      zip.readEntry();
    });
  });

/** A cell as the text a CSV would hold: dates as YYYY-MM-DD, formulas by their result. */
const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('hyperlink' in value) return String(value.text ?? '').trim();
  if ('error' in value) return String(value.error);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
};

/**
 * The first worksheet of an XLSX manifest as rows (header in its first non-empty row), each
 * with its row number in the sheet so a refused row can be found in the spreadsheet.
 */
export const readXlsx = async (body: Buffer): Promise<TManifestRow[]> => {
  await checkParts(body);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its Buffer as an ArrayBuffer: hand it the bytes as one.
    const bytes = new Uint8Array(body).buffer;
    await workbook.xlsx.load(bytes);
  } catch (error) {
    throw broken(error instanceof Error ? error.message.slice(0, 200) : 'unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw broken('no worksheet');
  let header: string[] | undefined;
  const rows: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    const width = header?.length ?? row.cellCount;
    for (let c = 1; c <= width; c += 1) cells.push(cellText(row.getCell(c).value));
    if (cells.every((cell) => cell === '')) return;
    if (!header) header = cells;
    else rows.push({ row: rowNumber, cells });
  });
  if (!header) throw broken('empty sheet');
  return tableOf(header, rows, 'XLSX');
};
