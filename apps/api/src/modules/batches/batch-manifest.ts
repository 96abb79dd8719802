import type { TBatchManifestResult, TBatchManifestRow } from '@bubuh/contracts';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error.ts';
import type { TItemOverrides } from './batch-manifest.repository.ts';

/** The columns a manifest may have; `file_name` is required, an empty cell keeps the batch value. */
export const MANIFEST_COLUMNS = [
  'file_name',
  'doc_type',
  'doc_value',
  'doc_number',
  'doc_date',
] as const;

const MAX_VALUE = 2_147_483_647;

/** One data row of a manifest: its row number in the file and its cells by column name. */
export type TManifestRow = { row: number; cells: Record<string, string> };

export const brokenFile = (reason: string, kind: 'CSV' | 'XLSX' = 'CSV') =>
  new AppError('UNPROCESSABLE', `The manifest is not a readable ${kind} file`, { file: reason });

/** A real calendar date written YYYY-MM-DD (no 2026-02-30). */
const isRealDate = (text: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * The data rows under a header row (names matched loosely: `File Name` is `file_name`): a
 * missing `file_name` column, an unknown column or no rows refuse the file (422).
 */
export const tableOf = (
  header: string[],
  rows: { row: number; cells: string[] }[],
  kind: 'CSV' | 'XLSX',
): TManifestRow[] => {
  const names = header.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  if (!names.includes('file_name')) throw brokenFile('missing column file_name', kind);
  const unknown = names.filter((n) => n && !(MANIFEST_COLUMNS as readonly string[]).includes(n));
  if (unknown.length > 0) throw brokenFile(`unknown columns: ${unknown.join(', ')}`, kind);
  if (rows.length === 0) throw brokenFile('no rows', kind);
  return rows.map(({ row, cells }) => ({
    row,
    cells: Object.fromEntries(names.map((n, i) => [n, cells[i] ?? ''])),
  }));
};

/** Reads the CSV (`,` or `;`, with or without a BOM): its rows as records by header. */
export const readCsv = (text: string): TManifestRow[] => {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter, trim: true, skip_empty_lines: true });
  } catch (error) {
    throw brokenFile(error instanceof Error ? error.message.slice(0, 200) : 'unreadable');
  }
  const [header, ...rows] = records;
  if (!header) throw brokenFile('empty file');
  return tableOf(
    header,
    rows.map((cells, index) => ({ row: index + 2, cells })),
    'CSV',
  );
};

export type TManifestPlan = {
  report: TBatchManifestResult;
  overrides: { itemIds: number[]; values: TItemOverrides }[];
};

/**
 * Checks every row of a manifest against the batch's files and the document types: each row is
 * applied to its file(s) or rejected with its reasons (each with its row number in the file).
 */
export const planManifest = (
  table: TManifestRow[],
  itemsByName: Map<string, number[]>,
  typeCodes: Set<string>,
): TManifestPlan => {
  const rows: TBatchManifestRow[] = [];
  const overrides: TManifestPlan['overrides'] = [];
  const seen = new Set<string>();
  for (const { row, cells } of table) {
    const fileName = cells.file_name ?? '';
    const reasons: string[] = [];
    const itemIds = itemsByName.get(fileName);
    if (!fileName) reasons.push('file_name is empty');
    else if (!itemIds) reasons.push('No file of this batch has this name');
    else if (seen.has(fileName)) reasons.push('This file name appears twice in the manifest');
    seen.add(fileName);
    const docType = cells.doc_type || null;
    if (docType !== null && !typeCodes.has(docType))
      reasons.push(`Unknown document type "${docType}"`);
    const valueText = (cells.doc_value ?? '').replace(/[.\s_]/g, '');
    let docValue: number | null = null;
    if (valueText) {
      docValue = /^-?\d+$/.test(valueText) ? Number(valueText) : Number.NaN;
      if (Number.isNaN(docValue)) reasons.push('doc_value is not a whole number');
      else if (docValue < 0) reasons.push('doc_value cannot be negative');
      else if (docValue > MAX_VALUE) reasons.push('doc_value is too large');
    }
    const docNumber = cells.doc_number || null;
    if (docNumber !== null && docNumber.length > 100)
      reasons.push('doc_number is longer than 100 characters');
    const docDate = cells.doc_date || null;
    if (docDate !== null && !isRealDate(docDate))
      reasons.push(`doc_date "${docDate}" is not a real date (YYYY-MM-DD)`);
    const status = reasons.length === 0 ? 'applied' : 'rejected';
    rows.push({ row, file_name: fileName, status, reasons });
    if (status === 'applied' && itemIds)
      overrides.push({ itemIds, values: { docType, docValue, docNumber, docDate } });
  }
  const applied = rows.filter((r) => r.status === 'applied').length;
  return { report: { applied, rejected: rows.length - applied, rows }, overrides };
};
