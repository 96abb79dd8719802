import { ZBatchDetail, ZBatchResponse, ZBulkTemplateResponse } from '@bubuh/contracts';
import { verifyPdf } from '@bubuh/pdf';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unitReservations } from '../src/db/schema.ts';
import { balanceOf, type TAccountRef } from '../src/modules/quota/ledger.ts';
import { bearer } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentUser,
  purchase,
  signaturePng,
  type TSession,
} from './documents-helpers.ts';
import { type TTestContext, testContextPerFile, unique } from './helpers.ts';
import { pdfPart, postFile, postSpecimen } from './multipart.ts';

/**
 * Bulk templates (issue 13): CRUD scoped by company, page anchors resolved per document, and
 * batches that sign each document with the owner's specimen before stamping it.
 */
describe('bulk templates and signing batches', () => {
  let ctx: TTestContext;
  testContextPerFile({}, (built) => {
    ctx = built;
  });

  const stampBox = { x: 400, y: 100, width: 75, height: 75 };
  const signBox = { x: 60, y: 100, width: 160, height: 60 };

  const templateBody = (overrides: Record<string, unknown> = {}) => ({
    name: `Kontrak massal ${unique()}`,
    doc_type: '3',
    doc_value: 10_000,
    emeterai: { page_mode: 'last', ...stampBox },
    esign: { page_mode: 'first', ...signBox },
    ...overrides,
  });

  const call = (
    session: TSession,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1/batch-stamp/${url}`,
      headers: bearer(session),
      ...(payload ? { payload } : {}),
    });

  const addSpecimen = async (session: TSession) => {
    const res = await postSpecimen(ctx, session, await signaturePng(), {
      source: 'drawn',
      name: 'Tanda tangan',
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  /** A department user with `stamps` e-Meterai and `signs` e-sign units and a specimen. */
  const signer = async (stamps: number, signs: number) => {
    const { session, ref } = await newDepartmentUser(ctx, stamps);
    if (signs > 0) await purchase(ctx, ref, 'esign', signs);
    await addSpecimen(session);
    return { session, ref };
  };

  const createBatch = async (session: TSession, body: Record<string, unknown>) => {
    const res = await call(session, 'POST', 'create-batch', {
      name: `Batch ${unique()}`,
      doc_type: '3',
      identity_confirmed: true,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZBatchResponse.parse(res.json()).data;
  };

  const addFile = async (session: TSession, batchId: number, pages: number, name: string) => {
    const res = await postFile(
      ctx,
      session,
      `/api/v1/batch-stamp/batch-document-upload?batch_id=${batchId}`,
      pdfPart(name, await makePdf(pages)),
    );
    expect(res.statusCode).toBe(201);
    return res.json().data as { status: string; reason: string | null; document_id: number };
  };

  const detail = async (session: TSession, batchId: number) => {
    const res = await call(session, 'GET', `detail-batch-documents/${batchId}?perPage=100`);
    expect(res.statusCode).toBe(200);
    return ZBatchDetail.parse(res.json()).data;
  };

  const untilDone = async (session: TSession, batchId: number) => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const d = await detail(session, batchId);
      if (d.batch.status === 'done') return d;
      if (Date.now() > deadline) throw new Error(`batch ${batchId} stayed ${d.batch.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  /** The page of each signature of a document's current PDF, by kind. */
  const pagesOf = async (session: TSession, documentId: number) => {
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/single-stamp/download-file/${documentId}`,
      headers: bearer(session),
    });
    expect(file.statusCode).toBe(200);
    const { signatures } = await verifyPdf(file.rawPayload);
    return {
      esign: signatures.filter((s) => s.kind === 'esign').map((s) => s.page),
      emeterai: signatures.filter((s) => s.kind === 'emeterai').map((s) => s.page),
    };
  };

  const spent = async (ids: number[], kind: 'esign' | 'emeterai') =>
    (
      await ctx.database.db
        .select()
        .from(unitReservations)
        .where(
          and(
            inArray(unitReservations.documentId, ids),
            eq(unitReservations.state, 'spent'),
            eq(unitReservations.kind, kind),
          ),
        )
    ).length;

  it('creates, lists, changes and deletes a bulk template; another company gets 404', async () => {
    const { session: owner } = await newDepartmentUser(ctx, 0);
    const { session: stranger } = await newDepartmentUser(ctx, 0);
    const created = await call(owner, 'POST', 'create-template', templateBody());
    expect(created.statusCode, created.body).toBe(201);
    const template = ZBulkTemplateResponse.parse(created.json()).data;
    expect(template.emeterai.page_mode).toBe('last');
    expect(template.esign?.page_mode).toBe('first');

    const list = await call(owner, 'GET', 'templates');
    expect(list.json().data.data.map((t: { id: number }) => t.id)).toEqual([template.id]);
    expect((await call(stranger, 'GET', 'templates')).json().data.data).toEqual([]);

    const changed = await call(
      owner,
      'PATCH',
      `update-template/${template.id}`,
      templateBody({ name: 'Kontrak diubah', esign: null }),
    );
    expect(changed.statusCode).toBe(200);
    expect(ZBulkTemplateResponse.parse(changed.json()).data).toMatchObject({
      name: 'Kontrak diubah',
      esign: null,
    });

    for (const [method, url] of [
      ['GET', `templates/${template.id}`],
      ['PATCH', `update-template/${template.id}`],
      ['DELETE', `delete-template/${template.id}`],
    ] as const) {
      const res = await call(
        stranger,
        method,
        url,
        method === 'PATCH' ? templateBody() : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }

    const bad = [
      templateBody({ emeterai: { page_mode: 'last', x: 400, y: 100, width: 75, height: 40 } }),
      templateBody({ doc_type: 'ZZ' }),
      templateBody({ emeterai: { page_mode: 'middle', ...stampBox } }),
      templateBody({ emeterai: undefined }),
      templateBody({ name: 'x' }),
    ];
    for (const body of bad) {
      const res = await call(owner, 'POST', 'create-template', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(owner, 'GET', 'templates')).json().data.meta.total).toBe(1);

    expect((await call(owner, 'DELETE', `delete-template/${template.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `templates/${template.id}`)).statusCode).toBe(404);
  });

  it('resolves a fixed page per document: a shorter file is refused in preflight', async () => {
    const { session } = await newDepartmentUser(ctx, 2);
    const batch = await createBatch(session, {
      placement: { page_mode: 'fixed', page: 3, ...stampBox },
    });
    const short = await addFile(session, batch.id, 2, 'pendek.pdf');
    expect(short.status).toBe('rejected');
    expect(short.reason).toBe('The e-Meterai box is on page 3; the document has 2 pages');
    const long = await addFile(session, batch.id, 4, 'panjang.pdf');
    expect(long.status).toBe('ready');
    expect(
      (await call(session, 'POST', 'stamp-batch-process', { batch_id: batch.id })).statusCode,
    ).toBe(200);
    const d = await untilDone(session, batch.id);
    expect(d.batch.counts).toMatchObject({ stamped: 1, rejected: 1 });
    expect(await pagesOf(session, long.document_id)).toEqual({ esign: [], emeterai: [3] });
  });

  let signing: { session: TSession; ref: TAccountRef };
  let templateId: number;

  it('signs first (first page) and stamps last (last page) on files of different lengths', async () => {
    signing = await signer(5, 5);
    const created = await call(signing.session, 'POST', 'create-template', templateBody());
    templateId = ZBulkTemplateResponse.parse(created.json()).data.id;
    const template = ZBulkTemplateResponse.parse(
      (await call(signing.session, 'GET', `templates/${templateId}`)).json(),
    ).data;
    // What /stamp/bulk/use-template/{id} sends: the template's boxes and defaults.
    const batch = await createBatch(signing.session, {
      doc_value: template.doc_value,
      placement: template.emeterai,
      esign: template.esign,
      template_id: template.id,
    });
    expect(batch.esign?.page_mode).toBe('first');
    const files = [];
    for (const pages of [1, 3, 4])
      files.push(await addFile(signing.session, batch.id, pages, `f${pages}.pdf`));
    // One document is cancelled before the run: it fails and spends nothing.
    const cancelledDoc = files[1]?.document_id ?? 0;
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/single-stamp/canceled-stamp',
      headers: bearer(signing.session),
      payload: { document_id: cancelledDoc },
    });
    expect(cancel.statusCode).toBe(200);

    const before = await detail(signing.session, batch.id);
    expect(before.batch).toMatchObject({
      units_needed: 3,
      esign_units_needed: 3,
      balance: 5,
      esign_balance: 5,
    });
    expect(
      (await call(signing.session, 'POST', 'stamp-batch-process', { batch_id: batch.id }))
        .statusCode,
    ).toBe(200);
    const d = await untilDone(signing.session, batch.id);
    expect(d.batch.counts).toMatchObject({ stamped: 2, failed: 1 });
    expect(d.data.find((i) => i.document_id === cancelledDoc)?.reason).toBe(
      'Dokumen sudah dibatalkan',
    );

    expect(await pagesOf(signing.session, files[0]?.document_id ?? 0)).toEqual({
      esign: [1],
      emeterai: [1],
    });
    expect(await pagesOf(signing.session, files[2]?.document_id ?? 0)).toEqual({
      esign: [1],
      emeterai: [4],
    });
    const stampedIds = d.data.filter((i) => i.status === 'stamped').map((i) => i.document_id ?? 0);
    expect(await spent(stampedIds, 'esign')).toBe(2);
    expect(await spent(stampedIds, 'emeterai')).toBe(2);
    expect(await spent([cancelledDoc], 'esign')).toBe(0);
    expect(await spent([cancelledDoc], 'emeterai')).toBe(0);
    expect(await balanceOf(ctx.database.db, signing.ref, 'esign')).toBe(3);
    expect(await balanceOf(ctx.database.db, signing.ref, 'emeterai')).toBe(3);
  });

  it('refuses a signing batch beyond the e-sign balance, with both numbers', async () => {
    const { session } = await signer(5, 1);
    const batch = await createBatch(session, {
      placement: { page_mode: 'last', ...stampBox },
      esign: { page_mode: 'first', ...signBox },
    });
    await addFile(session, batch.id, 1, 'a.pdf');
    await addFile(session, batch.id, 2, 'b.pdf');
    const res = await call(session, 'POST', 'stamp-batch-process', { batch_id: batch.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Not enough e-sign quota: the batch needs 2 units, the balance is 1',
    );
    expect((await detail(session, batch.id)).batch.status).toBe('draft');
  });

  it('refuses a signing batch to a user without a specimen, or who has not confirmed their identity', async () => {
    const { session } = await newDepartmentUser(ctx, 2);
    const body = {
      name: `Batch ${unique()}`,
      doc_type: '3',
      placement: { page_mode: 'last', ...stampBox },
      esign: { page_mode: 'first', ...signBox },
    };
    const none = await call(session, 'POST', 'create-batch', { ...body, identity_confirmed: true });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toContain('Master eSign (/master/esign)');
    await addSpecimen(session);
    const unconfirmed = await call(session, 'POST', 'create-batch', body);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().errors.reason).toBe('IDENTITY_REQUIRED');
  });
});
