import {
  ZBatchDetail,
  ZBatchManifestResponse,
  ZBatchZipResponse,
  ZDocumentResponse,
} from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batchItems, documents } from '../src/db/schema.ts';
import { bearer, callAs } from './auth-helpers.ts';
import { batchDetail, createTestBatch } from './batch-helpers.ts';
import {
  getDocumentDetails,
  makePdf,
  newDepartmentUser,
  type TSession,
} from './documents-helpers.ts';
import { type TTestContext, testContextPerFile } from './helpers.ts';
import { postFile } from './multipart.ts';
import { zipOf } from './zip.ts';

/** Bulk stamping (issue 13): a CSV manifest overriding values per file, and one ZIP of PDFs. */
describe('bulk stamping: manifest and ZIP', () => {
  let ctx: TTestContext;
  testContextPerFile({}, (built) => {
    ctx = built;
  });

  const createBatch = (session: TSession) =>
    createTestBatch(ctx, session, { prefix: 'Faktur', page: 1, pageMode: 'last' });

  const send = (session: TSession, route: string, batchId: number, name: string, body: Buffer) => {
    return postFile(ctx, session, `/api/v1/batch-stamp/${route}?batch_id=${batchId}`, {
      name,
      content: body,
      type: 'text/csv',
    });
  };
  const addPdf = async (session: TSession, batchId: number, name: string) => {
    const res = await send(session, 'batch-document-upload', batchId, name, await makePdf(1));
    expect(res.statusCode).toBe(201);
  };
  const detail = (session: TSession, batchId: number) => batchDetail(ctx, session, batchId);

  it('applies manifest rows to their files and reports every bad row with its reasons', async () => {
    const { session } = await newDepartmentUser(ctx, 3);
    const batchId = await createBatch(session);
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) await addPdf(session, batchId, name);
    const csv = [
      'file_name,doc_type,doc_value,doc_number,doc_date',
      'a.pdf,4a,6000000,INV-001,2026-03-01',
      'b.pdf,2,,,',
      'hilang.pdf,3,1,,',
      'c.pdf,99,-5,,2026-02-30',
    ].join('\r\n');
    const res = await send(session, 'batch-manifest-upload', batchId, 'm.csv', Buffer.from(csv));
    expect(res.statusCode).toBe(200);
    const report = ZBatchManifestResponse.parse(res.json()).data;
    expect(report).toMatchObject({ applied: 2, rejected: 2 });
    expect(report.rows[2]).toMatchObject({ row: 4, file_name: 'hilang.pdf', status: 'rejected' });
    expect(report.rows[2]?.reasons).toEqual(['No file of this batch has this name']);
    expect(report.rows[3]?.reasons).toEqual([
      'Unknown document type "99"',
      'doc_value cannot be negative',
      'doc_date "2026-02-30" is not a real date (YYYY-MM-DD)',
    ]);

    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/batch-stamp/stamp-batch-process',
      headers: bearer(session),
      payload: { batch_id: batchId },
    });
    expect(start.statusCode).toBe(200);
    const deadline = Date.now() + 90_000;
    let d = await detail(session, batchId);
    while (d.batch.status !== 'done') {
      if (Date.now() > deadline) throw new Error(`batch stayed ${d.batch.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      d = await detail(session, batchId);
    }
    expect(d.batch.counts.stamped).toBe(3);
    const expected: Record<string, [string, number]> = {
      'a.pdf': ['4a', 6_000_000],
      'b.pdf': ['2', 10_000],
      'c.pdf': ['3', 10_000],
    };
    for (const item of d.data) {
      const doc = ZDocumentResponse.parse(
        (await getDocumentDetails(ctx, session, item.document_id ?? 0)).json(),
      ).data;
      expect([doc.doc_type, doc.doc_value]).toEqual(expected[item.file_name]);
    }
    expect(d.data.find((i) => i.file_name === 'a.pdf')).toMatchObject({
      doc_number: 'INV-001',
      doc_date: '2026-03-01',
    });
    const csvReport = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/batch-stamp/report/${batchId}`,
      headers: bearer(session),
    });
    expect(csvReport.body).toContain('INV-001,2026-03-01');

    const late = await send(session, 'batch-manifest-upload', batchId, 'm.csv', Buffer.from(csv));
    expect(late.statusCode).toBe(409);
  });

  it('refuses a manifest that is not a usable CSV as a whole', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const batchId = await createBatch(session);
    await addPdf(session, batchId, 'a.pdf');
    for (const body of ['nama,jenis\r\na.pdf,3', 'file_name,doc_type\r\n', '"a.pdf,3\r\n']) {
      const res = await send(session, 'batch-manifest-upload', batchId, 'm.csv', Buffer.from(body));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('The manifest is not a readable CSV file');
    }
    expect((await detail(session, batchId)).data[0]?.doc_type).toBeNull();
  });

  it('expands one ZIP: each PDF becomes a file, other entries are refused by name', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const batchId = await createBatch(session);
    const zip = await zipOf([
      ['a.pdf', await makePdf(1)],
      ['b.pdf', await makePdf(2)],
      ['folder/c.pdf', await makePdf(1)],
      ['catatan.txt', Buffer.from('bukan pdf')],
    ]);
    const res = await send(session, 'batch-zip-upload', batchId, 'berkas.zip', zip);
    expect(res.statusCode).toBe(201);
    const result = ZBatchZipResponse.parse(res.json()).data;
    expect(result.items.map((i) => [i.file_name, i.status])).toEqual([
      ['a.pdf', 'ready'],
      ['b.pdf', 'ready'],
      ['c.pdf', 'ready'],
    ]);
    expect(result.refused).toEqual([
      { file_name: 'catatan.txt', reason: 'Only PDF files can be stamped' },
    ]);
    expect((await detail(session, batchId)).batch.counts).toMatchObject({ total: 3, ready: 3 });
  });

  it('adds the PDFs of a ZIP in its order, a long one first or not', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const batchId = await createBatch(session);
    // Several entries are stored at once: the five-page files take longer than the short ones
    // behind them, and the names sort the other way round.
    const names = ['h.pdf', 'g.pdf', 'f.pdf', 'e.pdf', 'd.pdf', 'c.pdf', 'b.pdf', 'a.pdf'];
    const entries: [string, Buffer][] = [];
    for (const [i, name] of names.entries()) entries.push([name, await makePdf(i < 2 ? 5 : 1)]);
    const res = await send(session, 'batch-zip-upload', batchId, 'urut.zip', await zipOf(entries));
    expect(res.statusCode).toBe(201);
    const { items } = ZBatchZipResponse.parse(res.json()).data;
    expect(items.map((i) => i.file_name)).toEqual(names);
    const listed = await callAs(
      ctx,
      session,
      'GET',
      `/api/v1/batch-stamp/detail-batch-documents/${batchId}?perPage=100&sort=id`,
    );
    const { data } = ZBatchDetail.parse(listed.json()).data;
    expect(data.map((i) => [i.file_name, i.status, i.page_count])).toEqual(
      names.map((name, i) => [name, 'ready', i < 2 ? 5 : 1]),
    );
  });

  it('leaves no stray document when the batch is started while its ZIP is still expanding', async () => {
    const { session } = await newDepartmentUser(ctx, 300);
    const batchId = await createBatch(session);
    const pdf = await makePdf(1);
    const entries: [string, Buffer][] = Array.from({ length: 150 }, (_, i) => [`f${i}.pdf`, pdf]);
    const sending = send(session, 'batch-zip-upload', batchId, 'besar.zip', await zipOf(entries));
    // As soon as the first files are in, the batch is started: the rest of the ZIP is refused.
    while ((await detail(session, batchId)).batch.counts.total === 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const started = await callAs(ctx, session, 'POST', '/api/v1/batch-stamp/stamp-batch-process', {
      batch_id: batchId,
    });
    expect(started.statusCode).toBe(200);
    const res = await sending;
    expect(res.statusCode).toBe(409);
    const items = await ctx.database.db
      .select({ documentId: batchItems.documentId })
      .from(batchItems)
      .where(eq(batchItems.batchId, batchId));
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(150);
    // Every document of the owner is a file of the batch: none stored ahead was left behind.
    const owned = await ctx.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.ownerUserId, session.userData.id));
    expect(owned.map((d) => d.id).sort()).toEqual(items.map((i) => i.documentId).sort());
  });

  it('refuses a ZIP bomb and a path-traversal entry whole, adding nothing', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const batchId = await createBatch(session);
    const bomb = await zipOf([
      ['a.pdf', await makePdf(1)],
      ['besar.pdf', Buffer.alloc(25 * 1024 * 1024)],
    ]);
    const big = await send(session, 'batch-zip-upload', batchId, 'bom.zip', bomb);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.file).toBe('besar.pdf is larger than the upload limit');
    // yazl refuses to write `..`: the name is patched in the bytes (not covered by the CRC).
    const evil = await zipOf([
      ['a.pdf', await makePdf(1)],
      ['zz/jahat.pdf', await makePdf(1)],
    ]);
    const patched = Buffer.from(
      evil.toString('latin1').replaceAll('zz/jahat.pdf', '../jahat.pdf'),
      'latin1',
    );
    const trav = await send(session, 'batch-zip-upload', batchId, 'jahat.zip', patched);
    expect(trav.statusCode).toBe(422);
    expect(trav.json().message).toBe('The ZIP file cannot be used');
    const notZip = await send(session, 'batch-zip-upload', batchId, 'a.zip', Buffer.from('x'));
    expect(notZip.statusCode).toBe(422);
    expect((await detail(session, batchId)).batch.counts.total).toBe(0);
  });
});
