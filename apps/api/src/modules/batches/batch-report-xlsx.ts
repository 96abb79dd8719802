import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TDb } from '../../db/client.ts';
import { REPORT_COLUMNS, reportRows } from './batch-export.ts';

const WIDTHS: Record<(typeof REPORT_COLUMNS)[number], number> = {
  file_name: 40,
  serial_number: 26,
  status: 12,
  stamped_at: 20,
  stamped_by: 24,
  reason: 40,
  doc_type: 10,
  doc_value: 16,
  doc_number: 20,
  doc_date: 12,
};

/**
 * The batch's report as XLSX (the CSV report's columns), streamed: exceljs's streaming writer
 * commits each row as it is read (500 items at a time), so a batch of any size never sits in
 * memory. Cells are written as values, never formulas; `stamped_at` is a real date cell.
 */
export const xlsxReportOfBatch = (db: TDb, batchId: number, who: string): Readable => {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = REPORT_COLUMNS.map((key) => ({ header: key, key, width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const { cells, stampedAt } of reportRows(db, batchId, who)) {
      const row = sheet.addRow(cells.map((cell, i) => (i === 3 ? stampedAt : cell)));
      if (stampedAt) row.getCell(4).numFmt = 'yyyy-mm-dd hh:mm:ss';
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
};
