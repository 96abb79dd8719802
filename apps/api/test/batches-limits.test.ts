import fs from 'node:fs';
import path from 'node:path';
import { inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema.ts';
import { callAs } from './auth-helpers.ts';
import {
  addBatchPdf,
  batchDetail,
  createBatch,
  ownedDocuments,
  sendBatchFile,
  sendBatchPdf,
} from './batch-helpers.ts';
import { makePdf, newDepartmentUser } from './documents-helpers.ts';
import { createTestContext, type TTestContext } from './helpers.ts';
import { zipOf } from './zip.ts';

/**
 * Bulk stamping limits (issue 13): files per batch (BATCH_MAX_FILES) and the total size of a
 * batch's files (BATCH_MAX_BYTES) are settings; going over is a 413 / 422 and writes nothing.
 */
describe('bulk stamping: files and bytes per batch', () => {
  let ctx: TTestContext;
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await makePdf(1);
    // Three files per batch; two and a half PDFs' worth of bytes.
    // On local disk: the files a refused upload stored are looked for there (`unnamedUploads`).
    ctx = await createTestContext({
      localFiles: true,
      env: {
        BATCH_MAX_FILES: '3',
        BATCH_MAX_BYTES: String(Math.floor(pdf.length * 2.5)),
      },
    });
  });
  afterAll(() => ctx.close());

  /**
   * Stored uploads (`documents/<folder>/original.pdf` on this file's disk) that no document row
   * names: what a refused upload would leave behind. (The database may be shared by other test
   * files: only this file's keys are looked up.)
   */
  const unnamedUploads = async () => {
    const root = path.join(ctx.dir, 'data/files/documents');
    const keys = (fs.existsSync(root) ? fs.readdirSync(root) : [])
      .filter((f) => fs.existsSync(path.join(root, f, 'original.pdf')))
      .map((f) => `documents/${f}/original.pdf`);
    if (keys.length === 0) return [];
    const rows = await ctx.database.db
      .select({ original: documents.originalKey, upload: documents.uploadKey })
      .from(documents)
      .where(or(inArray(documents.originalKey, keys), inArray(documents.uploadKey, keys)));
    const named = new Set(rows.flatMap((r) => [r.original, r.upload]));
    return keys.filter((k) => !named.has(k));
  };

  it('refuses the PDF that would take a batch over its total size, keeping nothing of it', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const batch = await createBatch(ctx, session);
    await addBatchPdf(ctx, session, batch.id, 'satu.pdf', pdf);
    await addBatchPdf(ctx, session, batch.id, 'dua.pdf', pdf);
    const third = await sendBatchPdf(ctx, session, batch.id, 'tiga.pdf', pdf);
    expect(third.statusCode).toBe(413);
    expect(third.json()).toMatchObject({
      message: expect.stringMatching(/^A batch holds at most \d+ KB of files$/),
      errors: { file: 'batch too large' },
    });
    expect((await batchDetail(ctx, session, batch.id)).data.map((i) => i.file_name)).toEqual([
      'satu.pdf',
      'dua.pdf',
    ]);
    expect(await ownedDocuments(ctx, session)).toBe(2);
    // Nor its file: every stored upload is a document's.
    expect(await unnamedUploads()).toEqual([]);
  });

  it("gives a removed file's bytes back to the batch, so another fits in its place", async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const batch = await createBatch(ctx, session);
    await addBatchPdf(ctx, session, batch.id, 'satu.pdf', pdf);
    await addBatchPdf(ctx, session, batch.id, 'dua.pdf', pdf);
    expect((await sendBatchPdf(ctx, session, batch.id, 'tiga.pdf', pdf)).statusCode).toBe(413);
    const [first] = (await batchDetail(ctx, session, batch.id)).data;
    const removed = await callAs(
      ctx,
      session,
      'DELETE',
      `/api/v1/batch-stamp/batch-document/${first?.id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await sendBatchPdf(ctx, session, batch.id, 'tiga.pdf', pdf)).statusCode).toBe(201);
    expect((await batchDetail(ctx, session, batch.id)).data.map((i) => i.file_name)).toEqual([
      'dua.pdf',
      'tiga.pdf',
    ]);
  });

  it('lets parallel uploads pass neither the files nor the bytes of a batch', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const batch = await createBatch(ctx, session);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => sendBatchPdf(ctx, session, batch.id, `p${i}.pdf`, pdf)),
    );
    // Two and a half PDFs' worth of bytes: two are taken, every other one refused whole.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 413, 413, 413, 413]);
    const detail = await batchDetail(ctx, session, batch.id);
    expect(detail.batch.counts.total).toBe(2);
    expect(detail.data).toHaveLength(2);
    expect(await ownedDocuments(ctx, session)).toBe(2);
    // Each accepted file is its own document, written with its item.
    const documentIds = detail.data.map((i) => i.document_id);
    expect(new Set(documentIds).size).toBe(2);
    expect(documentIds.every((id) => typeof id === 'number')).toBe(true);
    expect(await unnamedUploads()).toEqual([]);
  });

  it('refuses the file after BATCH_MAX_FILES, refused files counting as files', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const batch = await createBatch(ctx, session);
    const broken = await sendBatchPdf(
      ctx,
      session,
      batch.id,
      'rusak.pdf',
      Buffer.from('not a pdf at all'),
    );
    expect(broken.statusCode).toBe(201);
    expect(broken.json().data.status).toBe('rejected');
    await addBatchPdf(ctx, session, batch.id, 'satu.pdf', pdf);
    await addBatchPdf(ctx, session, batch.id, 'dua.pdf', pdf);
    const fourth = await sendBatchPdf(ctx, session, batch.id, 'empat.pdf', pdf);
    expect(fourth.statusCode).toBe(413);
    expect(fourth.json()).toMatchObject({
      message: 'A batch holds at most 3 files',
      errors: { file: 'too many files' },
    });
    expect((await batchDetail(ctx, session, batch.id)).batch.counts.total).toBe(3);
    expect(await ownedDocuments(ctx, session)).toBe(2);
  });

  it('refuses a whole ZIP whose PDFs would take the batch over its size, adding none of them', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const batch = await createBatch(ctx, session);
    await addBatchPdf(ctx, session, batch.id, 'satu.pdf', pdf);
    const zip = await zipOf([
      ['dua.pdf', pdf],
      ['tiga.pdf', pdf],
    ]);
    const res = await sendBatchFile(ctx, session, 'batch-zip-upload', batch.id, {
      name: 'lagi.zip',
      content: zip,
      type: 'application/zip',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toMatch(/^the batch can take \d+ KB more$/);
    expect((await batchDetail(ctx, session, batch.id)).data).toHaveLength(1);
    expect(await ownedDocuments(ctx, session)).toBe(1);
  });
});
