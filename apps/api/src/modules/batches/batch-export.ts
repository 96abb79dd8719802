import { Readable } from 'node:stream';
import { BATCH_ITEM_STATUSES, cleanFileName, cutName, NAME_MAX } from '@bubuh/contracts';
import yazl from 'yazl';
import type { TDb } from '../../db/client.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { findDocument } from '../documents/index.ts';
import * as itemsRepo from './batch-items.repository.ts';
import type * as repo from './batches.repository.ts';

/** Every item of a batch in `statuses`, read 500 at a time (never the whole batch in memory). */
export async function* itemsOf(db: TDb, batchId: number, statuses: repo.TBatchItemRow['status'][]) {
  let after = 0;
  for (;;) {
    const page = await itemsRepo.itemsAfter(db, batchId, after, statuses);
    if (page.length === 0) return;
    for (const item of page) yield item;
    after = page[page.length - 1]?.id ?? after;
  }
}

/**
 * A file name for the archive (the stamped name, or the original's), unique inside it: cleaned
 * (contracts `cleanFileName`, and the characters Windows refuses) and within 255 characters with
 * its suffix, number and extension.
 */
const uniqueName = (taken: Set<string>, fileName: string, suffix: string) => {
  const stem = cleanFileName(fileName, 'document.pdf')
    .replace(/\.pdf$/i, '')
    .replace(/[:*?"<>|]/g, '_');
  const base = `${cutName(stem, NAME_MAX - suffix.length - ' (1234567).pdf'.length)}${suffix}`;
  let name = `${base}.pdf`;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} (${n}).pdf`;
  taken.add(name.toLowerCase());
  return name;
};

/** What a batch ZIP holds: the stamped results, or the originals as uploaded (the backup). */
export type TBatchZipKind = 'stamped' | 'original';

const ORIGINAL_STATUSES: repo.TBatchItemRow['status'][] = [
  'ready',
  'queued',
  'stamping',
  'stamped',
  'failed',
  'cancelled',
];

/** The stored original of a document: the upload as received when it was repaired. */
export const originalKeyOf = (doc: { uploadKey: string | null; originalKey: string }) =>
  doc.uploadKey ?? doc.originalKey;

/**
 * The stamped files (or the originals) of a batch as one ZIP, streamed: each file is opened from
 * storage only when the archive reaches it (stored without compression: PDFs are compressed
 * already).
 */
export const zipOfBatch = (
  db: TDb,
  files: TFileStore,
  batchId: number,
  kind: TBatchZipKind = 'stamped',
  /** Each stamped file's completion certificate beside it, made when the archive reaches it. */
  certificateOf?: (documentId: number) => Promise<Uint8Array>,
): Readable => {
  const zip = new yazl.ZipFile();
  const taken = new Set<string>();
  const statuses = kind === 'stamped' ? (['stamped'] as const) : ORIGINAL_STATUSES;
  (async () => {
    for await (const item of itemsOf(db, batchId, [...statuses])) {
      if (item.documentId === null) continue;
      const doc = await findDocument(db, item.documentId);
      if (!doc || (kind === 'stamped' && doc.state !== 'stamped')) continue;
      const key = kind === 'stamped' ? doc.currentKey : originalKeyOf(doc);
      const name = uniqueName(taken, item.fileName, kind === 'stamped' ? '_stamped' : '');
      zip.addReadStreamLazy(name, { compress: false }, (cb) => {
        files.stream(key).then(
          (stream) => cb(null, stream),
          (error: unknown) => cb(error, Readable.from([])),
        );
      });
      if (certificateOf && kind === 'stamped') {
        const certificate = uniqueName(taken, item.fileName, '_certificate');
        zip.addReadStreamLazy(certificate, { compress: false }, (cb) => {
          certificateOf(doc.id).then(
            (bytes) => cb(null, Readable.from([Buffer.from(bytes)])),
            (error: unknown) => cb(error, Readable.from([])),
          );
        });
      }
    }
    zip.end();
  })().catch((error: unknown) => {
    (zip.outputStream as Readable).destroy(
      error instanceof Error ? error : new Error(String(error)),
    );
  });
  // A file that cannot be read (gone from storage, cut short) ends the download, not the process:
  // yazl reports it on the archive, where nobody else listens.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  return zip.outputStream as Readable;
};

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The report's columns: file name, serial, status, stamped at, who, reason, manifest values. */
export const REPORT_COLUMNS = [
  'file_name',
  'serial_number',
  'status',
  'stamped_at',
  'stamped_by',
  'reason',
  'doc_type',
  'doc_value',
  'doc_number',
  'doc_date',
] as const;

/** Every item of the batch as one report row (REPORT_COLUMNS), read 500 at a time. */
export async function* reportRows(db: TDb, batchId: number, who: string) {
  for await (const item of itemsOf(db, batchId, [...BATCH_ITEM_STATUSES])) {
    yield {
      stampedAt: item.stampedAt,
      cells: [
        item.fileName,
        item.serial,
        item.status,
        item.stampedAt?.toISOString() ?? null,
        item.status === 'stamped' ? who : null,
        item.reason,
        item.docType,
        item.docValue,
        item.docNumber,
        item.docDate,
      ],
    };
  }
}

/** The batch's report as CSV, streamed. */
export const reportOfBatch = (db: TDb, batchId: number, who: string): Readable =>
  Readable.from(
    (async function* () {
      yield `${REPORT_COLUMNS.join(',')}\r\n`;
      for await (const { cells } of reportRows(db, batchId, who))
        yield `${cells.map(csvCell).join(',')}\r\n`;
    })(),
  );
