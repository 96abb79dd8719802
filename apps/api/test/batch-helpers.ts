import { ZBatchDetail, ZBatchResponse } from '@bubuh/contracts';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { documents } from '../src/db/schema.ts';
import { bearer, callAs } from './auth-helpers.ts';
import { makePdf, type TSession } from './documents-helpers.ts';
import { type TTestContext, unique } from './helpers.ts';
import { postFile } from './multipart.ts';

type TPageMode = 'fixed' | 'first' | 'last';

/** A draft batch (e-Meterai type 3, value 10,000) named `<name> <unique>`, its box on `page_mode`. */
const postBatch = async (
  ctx: TTestContext,
  session: TSession,
  name: string,
  anchor: { page_mode: TPageMode; page: number },
) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/batch-stamp/create-batch',
    headers: bearer(session),
    payload: {
      name: `${name} ${unique()}`,
      doc_type: '3',
      doc_value: 10_000,
      placement: { ...anchor, x: 400, y: 100, width: 75, height: 75 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZBatchResponse.parse(res.json()).data;
};

/** A draft batch of `session` (type 3, value 10,000, box on the last page). */
export const createBatch = (ctx: TTestContext, session: TSession, name = 'Faktur') =>
  postBatch(ctx, session, name, { page_mode: 'last', page: 1 });

/** A draft batch named `<prefix> <unique>` with its box on the given page; its id. */
export const createTestBatch = async (
  ctx: TTestContext,
  session: TSession,
  options: { prefix: string; page: number; pageMode: TPageMode },
) =>
  (
    await postBatch(ctx, session, options.prefix, {
      page_mode: options.pageMode,
      page: options.page,
    })
  ).id;

/** POSTs one file (multipart field `file`) to a batch-stamp upload route. */
export const sendBatchFile = (
  ctx: TTestContext,
  session: TSession,
  route: string,
  batchId: number,
  file: { name: string; content: Buffer; type?: string },
) => {
  return postFile(ctx, session, `/api/v1/batch-stamp/${route}?batch_id=${batchId}`, {
    name: file.name,
    content: file.content,
    type: file.type ?? 'text/csv',
  });
};

/** POSTs one PDF (a 1-page one unless `content` is given) to a draft batch: the raw answer. */
export const sendBatchPdf = async (
  ctx: TTestContext,
  session: TSession,
  batchId: number,
  name: string,
  content?: Buffer,
) =>
  sendBatchFile(ctx, session, 'batch-document-upload', batchId, {
    name,
    content: content ?? (await makePdf(1)),
    type: 'application/pdf',
  });

/** Adds one PDF to a draft batch and expects it accepted. */
export const addBatchPdf = async (
  ctx: TTestContext,
  session: TSession,
  batchId: number,
  name: string,
  content?: Buffer,
) => {
  const res = await sendBatchPdf(ctx, session, batchId, name, content);
  expect(res.statusCode, res.body).toBe(201);
  return res;
};

/** The batch and its first 100 files, as the progress screen reads them. */
export const batchDetail = async (ctx: TTestContext, session: TSession, batchId: number) => {
  const res = await callAs(
    ctx,
    session,
    'GET',
    `/api/v1/batch-stamp/detail-batch-documents/${batchId}?perPage=100`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return ZBatchDetail.parse(res.json()).data;
};

/** Polls a started batch's detail until it is done (90 s at most). */
export const waitForBatchDone = async (ctx: TTestContext, session: TSession, batchId: number) => {
  const deadline = Date.now() + 90_000;
  let d = await batchDetail(ctx, session, batchId);
  while (d.batch.status !== 'done') {
    if (Date.now() > deadline) throw new Error(`batch stayed ${d.batch.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    d = await batchDetail(ctx, session, batchId);
  }
  return d;
};

/** Starts a draft batch and polls its detail until it is done (90 s at most). */
export const runBatchToEnd = async (ctx: TTestContext, session: TSession, batchId: number) => {
  const start = await callAs(ctx, session, 'POST', '/api/v1/batch-stamp/stamp-batch-process', {
    batch_id: batchId,
  });
  expect(start.statusCode, start.body).toBe(200);
  return waitForBatchDone(ctx, session, batchId);
};

/** Documents `session`'s user owns: a refused upload leaves none behind. */
export const ownedDocuments = async (ctx: TTestContext, session: TSession) => {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.ownerUserId, session.userData.id));
  return row?.n ?? 0;
};
