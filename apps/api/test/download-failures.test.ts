/**
 * Issue 45.1's siblings: a download streamed from storage (a batch's ZIP, a locker folder's ZIP,
 * one file) whose stored file is gone or is not what its row says must end that one answer, never
 * the process (an error nobody listens for), and the server must answer the next request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, lockerItems } from '../src/db/schema.ts';
import { callAs } from './auth-helpers.ts';
import { addBatchPdf, createBatch, runBatchToEnd } from './batch-helpers.ts';
import { makePdf, newDepartmentUser, type TSession } from './documents-helpers.ts';
import { createTestContext, TEST_ENV, type TTestContext } from './helpers.ts';
import { createFolder, lockerCompany, uploadFile } from './locker-helpers.ts';

let ctx: TTestContext;
let company: TSession;

const storedPath = (key: string) => path.join(ctx.dir, 'data/files', key);

/** The request ends (whatever it answered) and the server still answers. */
const expectEndsAndServes = async (url: string, session: TSession) => {
  // Headers may be out before a file fails: the answer then ends early (or the call rejects).
  await callAs(ctx, session, 'GET', url).catch(() => undefined);
  const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
};

beforeAll(async () => {
  ctx = await createTestContext({ env: TEST_ENV, localFiles: true });
  company = (await newDepartmentUser(ctx, 5)).session;
});
afterAll(async () => ctx?.close());

describe('downloads whose stored files fail', () => {
  it('a batch ZIP with a stamped file gone from storage', async () => {
    const batchId = (await createBatch(ctx, company)).id;
    for (const n of [1, 2]) await addBatchPdf(ctx, company, batchId, `f${n}.pdf`, await makePdf(n));
    const done = await runBatchToEnd(ctx, company, batchId);
    const ids = done.data.map((item) => item.document_id ?? 0);
    const [doc] = await ctx.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, ids[1] ?? 0));
    fs.rmSync(storedPath(doc?.currentKey ?? 'x'));
    await expectEndsAndServes(`/api/v1/batch-stamp/download-zip/${batchId}`, company);
    await expectEndsAndServes(`/api/v1/batch-stamp/download-originals/${batchId}`, company);
  });

  it('a locker folder ZIP with a file gone and a file shorter than its row says', async () => {
    const locker = await lockerCompany(ctx, { maxBytes: 50 * 1_048_576 });
    const folder = (await createFolder(ctx, locker.user, 'Arsip')).item;
    const files = [];
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
      const up = await uploadFile(
        ctx,
        locker.user,
        { name, content: await makePdf(1), type: 'application/pdf' },
        { parent_id: folder?.file_manager_id ?? 0 },
      );
      files.push(up.item);
    }
    const rows = await ctx.database.db
      .select()
      .from(lockerItems)
      .where(eq(lockerItems.parentId, folder?.file_manager_id ?? 0));
    expect(rows, JSON.stringify(files)).toHaveLength(3);
    const [gone, shorter] = rows;
    fs.rmSync(storedPath(gone?.storageKey ?? 'x'));
    fs.writeFileSync(storedPath(shorter?.storageKey ?? 'x'), '%PDF-1.4\n');
    await expectEndsAndServes(
      `/api/v1/file-manager/folder/${folder?.file_manager_id}/zip`,
      locker.user,
    );
    expect(files).toHaveLength(3);
  });
});
