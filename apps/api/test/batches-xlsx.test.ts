import { ZBatchManifestResponse } from '@bubuh/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bearer } from './auth-helpers.ts';
import {
  addBatchPdf,
  batchDetail,
  createBatch,
  runBatchToEnd,
  sendBatchFile,
} from './batch-helpers.ts';
import { makePdf, newDepartmentUser } from './documents-helpers.ts';
import { type TTestContext, testContextPerFile } from './helpers.ts';
import { zipOf } from './zip.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook as a spreadsheet program writes it: typed cells (numbers, dates), a blank row. */
const workbookOf = async (rows: ExcelJS.CellValue[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Manifest');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const readWorkbook = async (body: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(body).buffer);
  const sheet = workbook.worksheets[0];
  const rows: ExcelJS.CellValue[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
};

/** Bulk stamping (issue 13): the manifest as XLSX, and the report as XLSX. */
describe('bulk stamping: XLSX manifest and report', () => {
  let ctx: TTestContext;
  testContextPerFile({}, (built) => {
    ctx = built;
  });

  it('applies an XLSX manifest (date and number cells) and names every bad row by its sheet row', async () => {
    const { session } = await newDepartmentUser(ctx, 3);
    const batch = await createBatch(ctx, session);
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) await addBatchPdf(ctx, session, batch.id, name);
    const xlsx = await workbookOf([
      ['File Name', 'Doc Type', 'Doc Value', 'Doc Number', 'Doc Date'],
      ['a.pdf', '4a', 6_000_000, 'INV-001', new Date(Date.UTC(2026, 2, 1))],
      ['b.pdf', 2, null, 17, null],
      [],
      ['hilang.pdf', '3', 1, null, null],
      ['c.pdf', '99', -5, null, '2026-02-30'],
    ]);
    const res = await sendBatchFile(ctx, session, 'batch-manifest-upload', batch.id, {
      name: 'manifest.xlsx',
      content: xlsx,
      type: XLSX_TYPE,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = ZBatchManifestResponse.parse(res.json()).data;
    expect(report).toMatchObject({ applied: 2, rejected: 2 });
    expect(report.rows[0]).toMatchObject({ row: 2, file_name: 'a.pdf', status: 'applied' });
    // The blank sheet row 4 is skipped; rows keep their numbers in the sheet.
    expect(report.rows[2]).toMatchObject({ row: 5, file_name: 'hilang.pdf', status: 'rejected' });
    expect(report.rows[2]?.reasons).toEqual(['No file of this batch has this name']);
    expect(report.rows[3]).toMatchObject({ row: 6, file_name: 'c.pdf' });
    expect(report.rows[3]?.reasons).toEqual([
      'Unknown document type "99"',
      'doc_value cannot be negative',
      'doc_date "2026-02-30" is not a real date (YYYY-MM-DD)',
    ]);
    const items = (await batchDetail(ctx, session, batch.id)).data;
    expect(items.find((i) => i.file_name === 'a.pdf')).toMatchObject({
      doc_type: '4a',
      doc_value: 6_000_000,
      doc_number: 'INV-001',
      doc_date: '2026-03-01',
    });
    expect(items.find((i) => i.file_name === 'b.pdf')).toMatchObject({
      doc_type: '2',
      doc_number: '17',
    });
    expect(items.find((i) => i.file_name === 'c.pdf')?.doc_type).toBeNull();
  });

  it('decides the manifest type by content and refuses what is neither CSV nor a workbook', async () => {
    const { session } = await newDepartmentUser(ctx, 1);
    const batch = await createBatch(ctx, session);
    await addBatchPdf(ctx, session, batch.id, 'a.pdf');
    const send = (name: string, content: Buffer) =>
      sendBatchFile(ctx, session, 'batch-manifest-upload', batch.id, { name, content });

    // CSV text named .xlsx: refused, not read as CSV.
    const fake = await send('manifest.xlsx', Buffer.from('file_name\r\na.pdf\r\n'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('The manifest must be a CSV or XLSX file');
    // A PDF named .csv.
    expect((await send('manifest.csv', await makePdf(1))).statusCode).toBe(415);
    // A ZIP that is not a workbook.
    const notBook = await send(
      'manifest.xlsx',
      await zipOf([['readme.txt', Buffer.from('hello')]]),
    );
    expect(notBook.statusCode).toBe(422);
    expect(notBook.json()).toMatchObject({
      message: 'The manifest is not a readable XLSX file',
      errors: { file: 'no workbook in the file' },
    });
    // A workbook without the file_name column.
    const noName = await send('m.xlsx', await workbookOf([['doc_type'], ['3']]));
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.file).toBe('missing column file_name');
    // A real workbook sent under a .csv name is still read as the workbook it is.
    const renamed = await send(
      'm.csv',
      await workbookOf([
        ['file_name', 'doc_type'],
        ['a.pdf', '2'],
      ]),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ZBatchManifestResponse.parse(renamed.json()).data.applied).toBe(1);
  });

  it('downloads the report as XLSX with file name, serial, status, stamped at and who', async () => {
    const { session } = await newDepartmentUser(ctx, 2);
    const batch = await createBatch(ctx, session);
    await addBatchPdf(ctx, session, batch.id, 'satu.pdf');
    await addBatchPdf(ctx, session, batch.id, '=cmd.pdf');
    const done = await runBatchToEnd(ctx, session, batch.id);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/batch-stamp/report-xlsx/${batch.id}`,
      headers: bearer(session),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain('-report.xlsx');
    const rows = await readWorkbook(res.rawPayload);
    expect(rows[0]?.slice(0, 5)).toEqual([
      'file_name',
      'serial_number',
      'status',
      'stamped_at',
      'stamped_by',
    ]);
    expect(rows).toHaveLength(3);
    for (const item of done.data) {
      const row = rows.find((r) => r[0] === item.file_name);
      expect(row?.[1]).toBe(item.serial_number);
      expect(row?.[2]).toBe('stamped');
      expect(row?.[3]).toBeInstanceOf(Date);
      expect(typeof row?.[4]).toBe('string');
    }
    // A name starting with "=" stays text in the workbook (no formula).
    expect(rows.some((r) => r[0] === '=cmd.pdf')).toBe(true);

    const other = await newDepartmentUser(ctx, 0);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/batch-stamp/report-xlsx/${batch.id}`,
      headers: bearer(other.session),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
