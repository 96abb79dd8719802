/**
 * Upload checks wired to the engine's `prepare`: damaged PDFs are repaired (unless signed), and
 * JavaScript is flagged at upload and must be acknowledged before the first signature or stamp.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZApiError, ZDocumentResponse, ZUploadDocumentResponse } from '@bubuh/contracts';
import { inspectPdf } from '@bubuh/pdf';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, serialNumbers } from '../src/db/schema.ts';
import { translateToIndonesian } from '../src/lib/messages.ts';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { bearer } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentUser as newDepartmentUserIn,
  pdfsig,
  purchase,
  stampDocument,
  stampRequest,
  type TSession,
  uploadPdf,
} from './documents-helpers.ts';
import { createTestContext, TEST_ENV, type TTestContext, unique } from './helpers.ts';
import { pdfPart, postFile } from './multipart.ts';

let ctx: TTestContext;

beforeAll(async () => {
  // Counts the stored files on disk (nothing kept of a refused upload): the local store.
  ctx = await createTestContext({ env: TEST_ENV, localFiles: true });
});
afterAll(() => ctx.close());

const REPAIRED = 'The PDF was damaged and has been repaired; check it before stamping';
const BROKEN_SIGNED = 'The PDF is damaged and already signed; ask the signer for an intact copy';

/** A department user with `emeterai` stamps and `esign` signatures to spend. */
const newUser = async (emeterai: number, esign = 0) => {
  const user = await newDepartmentUserIn(ctx, emeterai);
  if (esign > 0) {
    await purchase(ctx, user.ref, 'esign', esign);
  }
  return user;
};

/**
 * The last `startxref` made to point into the middle of the file, as the damaged files of
 * packages/pdf/test/fixtures/damaged.ts (a garbage startxref): poppler and qpdf open it after
 * scanning for objects, a strict reader refuses it.
 */
const breakStartxref = (input: Buffer): Buffer => {
  const text = input.toString('latin1');
  const at = text.lastIndexOf('startxref');
  const tail = text.slice(at).replace(/startxref\s+\d+/, `startxref\n${Math.floor(at / 2)}`);
  return Buffer.from(text.slice(0, at) + tail, 'latin1');
};

/** A classic-xref PDF of `pages` pages (the damage above needs a table to break). */
const classicPdf = async (pages: number) => {
  const doc = await PDFDocument.load(await makePdf(pages));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
};

/** A one-page PDF whose catalog runs a script when it is opened. */
const openActionPdf = async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Dokumen dengan skrip', { x: 72, y: 760, size: 14, font });
  doc.catalog.set(
    PDFName.of('OpenAction'),
    doc.context.obj({ S: 'JavaScript', JS: PDFString.of("app.alert('halo');") }),
  );
  return Buffer.from(await doc.save());
};

const details = async (session: TSession, id: number, language?: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/single-stamp/get-document-details/${id}`,
    headers: { ...bearer(session), ...(language ? { 'accept-language': language } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZDocumentResponse.parse(res.json()).data;
};

/** The document's current file, through the link the details give for an unstamped document. */
const currentFile = async (session: TSession, id: number) => {
  const res = await ctx.app.inject({ method: 'GET', url: (await details(session, id)).file_path });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const pageCountOf = (bytes: Buffer) => {
  const file = path.join(os.tmpdir(), `bubuh-${unique()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  } finally {
    fs.rmSync(file, { force: true });
  }
};

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => {
        return fs.statSync(path.join(dir, name)).isFile();
      })
    : [];

const box = { page: 1, x: 60, y: 200, width: 120, height: 50 };
const sign = (session: TSession, id: number, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/esign-only/signer-process',
    headers: bearer(session),
    payload: { document_id: id, ...box, identity_confirmed: true, ...extra },
  });
const stampWith = (session: TSession, id: number, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/single-stamp/stamp-single-process-company',
    headers: bearer(session),
    payload: { ...stampRequest(id, 1), ...extra },
  });

describe('damaged uploads', () => {
  it('repairs a PDF with a broken xref, keeps the upload, and the repair stamps and validates', async () => {
    const { session, ref } = await newUser(1);
    const good = await classicPdf(3);
    const damaged = breakStartxref(good);
    // The fixture is damaged for real: the strict reader (the former upload gate) refuses it.
    await expect(inspectPdf(damaged)).rejects.toMatchObject({ code: 'BROKEN' });

    const res = await uploadPdf(ctx, session, damaged, 'rusak.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const data = ZUploadDocumentResponse.parse(res.json()).data;
    expect(data).toMatchObject({ repaired: true, page_count: 3, notice: REPAIRED });
    expect(data.repair_warnings.join(' ')).toMatch(/startxref/i);
    expect(data.javascript).toEqual({ count: 0, items: [] });
    expect(translateToIndonesian(REPAIRED)).toBe(
      'PDF rusak dan telah diperbaiki; periksa kembali sebelum dibubuhi e-Meterai',
    );

    const shown = await details(session, data.document_id);
    expect(shown).toMatchObject({ repaired: true, page_count: 3 });
    expect(shown.repair_warnings).toEqual(data.repair_warnings);

    // The stored file is the rewrite: it opens (pdfinfo) with the same pages; the upload is kept.
    const stored = await currentFile(session, data.document_id);
    expect(stored.equals(damaged)).toBe(false);
    expect(pageCountOf(stored)).toBe(3);
    const [row] = await ctx.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, data.document_id));
    expect(row?.uploadKey).toMatch(/^documents\/[0-9a-f-]{36}\/original\.pdf$/);
    expect(row?.currentKey).toMatch(/\/repaired\.pdf$/);
    expect(row?.sizeBytes).toBe(stored.length);
    const kept = fs.readFileSync(path.join(ctx.dir, 'data/files', row?.uploadKey ?? ''));
    expect(kept.equals(damaged)).toBe(true);

    const stamped = await stampDocument(ctx, session, data.document_id, 1);
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/single-stamp/download-file/${data.document_id}`,
      headers: bearer(session),
    });
    expect(download.statusCode).toBe(200);
    const out = pdfsig(download.rawPayload);
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Total document signed');
    expect(pageCountOf(download.rawPayload)).toBe(3);
  });

  it('keeps a sound upload as it is (repaired: false, no second file)', async () => {
    const { session } = await newUser(0);
    const good = await classicPdf(2);
    const res = await uploadPdf(ctx, session, good);
    expect(res.statusCode, res.body).toBe(201);
    const data = ZUploadDocumentResponse.parse(res.json()).data;
    expect(data).toMatchObject({ repaired: false, repair_warnings: [], notice: null });
    const [row] = await ctx.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, data.document_id));
    expect(row?.uploadKey).toBeNull();
    expect((await currentFile(session, data.document_id)).equals(good)).toBe(true);
  });

  it('refuses a damaged signed PDF (BROKEN_SIGNED) and stores nothing', async () => {
    const { session } = await newUser(0, 1);
    const id = ZUploadDocumentResponse.parse(
      (await uploadPdf(ctx, session, await classicPdf(1))).json(),
    ).data.document_id;
    const signed = await sign(session, id);
    expect(signed.statusCode, signed.body).toBe(200);
    const damaged = breakStartxref(await currentFile(session, id));

    const countRows = async () =>
      (
        await ctx.database.db
          .select()
          .from(documents)
          .where(eq(documents.ownerUserId, session.userData.id))
      ).length;
    const rowsBefore = await countRows();
    const filesBefore = filesUnder(path.join(ctx.dir, 'data/files')).length;

    const refused = await uploadPdf(ctx, session, damaged, 'ditandatangani-rusak.pdf');
    expect(refused.statusCode).toBe(422);
    const body = ZApiError.parse(refused.json());
    expect(body.message).toBe(BROKEN_SIGNED);
    expect(body.errors.pdf).toBe('BROKEN_SIGNED');
    const inId = await postFile(
      ctx,
      session,
      '/api/v1/single-stamp/upload-document',
      pdfPart('x.pdf', damaged),
      {},
      { 'accept-language': 'id' },
    );
    expect(inId.statusCode).toBe(422);
    expect(inId.json().message).toBe(
      'PDF rusak dan sudah ditandatangani; minta salinan yang utuh kepada penanda tangan',
    );

    expect(await countRows()).toBe(rowsBefore);
    expect(filesUnder(path.join(ctx.dir, 'data/files')).length).toBe(filesBefore);
  });
});

describe('JavaScript in uploads', () => {
  it('flags an /OpenAction script at upload and in the details', async () => {
    const { session } = await newUser(0);
    const res = await uploadPdf(ctx, session, await openActionPdf(), 'skrip.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const data = ZUploadDocumentResponse.parse(res.json()).data;
    expect(data.repaired).toBe(false);
    expect(data.javascript.count).toBe(1);
    expect(data.javascript.items).toEqual([
      expect.objectContaining({ location: 'open-action', excerpt: "app.alert('halo');" }),
    ]);
    expect(data.notice).toBe(
      'The PDF contains JavaScript; it must be confirmed before the first signature or e-Meterai',
    );
    expect(translateToIndonesian(data.notice ?? '')).not.toBeNull();
    const shown = await details(session, data.document_id);
    expect(shown.javascript).toMatchObject({
      count: 1,
      items: [{ location: 'open-action' }],
      acknowledged_by: null,
      acknowledged_by_name: null,
      acknowledged_at: null,
    });
  });

  it('refuses the stamp without acknowledgment (409, nothing spent), stamps with it and records who', async () => {
    const { session, ref } = await newUser(1);
    const id = ZUploadDocumentResponse.parse(
      (await uploadPdf(ctx, session, await openActionPdf())).json(),
    ).data.document_id;

    const refused = await stampWith(session, id);
    expect(refused.statusCode).toBe(409);
    const body = ZApiError.parse(refused.json());
    expect(body.message).toMatch(/runs JavaScript when it is opened/);
    expect(body.errors.javascript).toBe('acknowledgment required (runs on open)');
    expect(body.errors.javascript_count).toBe(1);
    const refusedId = await stampWith(session, id, { acknowledge_javascript: false });
    expect(refusedId.statusCode).toBe(409);
    const inIndonesian = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/single-stamp/stamp-single-process-company',
      headers: { ...bearer(session), 'accept-language': 'id' },
      payload: { document_id: id, page: 1, x: 400, y: 100, width: 75, height: 75, doc_type: '3' },
    });
    expect(inIndonesian.json().message).toMatch(/^Dokumen ini menjalankan JavaScript saat dibuka/);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
    const serials = await ctx.database.db
      .select()
      .from(serialNumbers)
      .where(eq(serialNumbers.documentId, id));
    expect(serials).toEqual([]);
    expect(await details(session, id)).toMatchObject({ status: 'nostamp', last_error: null });

    const before = Date.now();
    const stamped = await stampWith(session, id, { acknowledge_javascript: true });
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
    const shown = await details(session, id);
    expect(shown.status).toBe('stamp');
    expect(shown.javascript.acknowledged_by).toBe(session.userData.id);
    expect(shown.javascript.acknowledged_by_name).toBe(shown.owner);
    expect(Date.parse(shown.javascript.acknowledged_at ?? '')).toBeGreaterThanOrEqual(
      before - 1000,
    );
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/single-stamp/download-file/${id}`,
      headers: bearer(session),
    });
    const out = pdfsig(download.rawPayload);
    expect(out).toContain('Signature Validation: Signature is Valid.');
  });

  it('refuses the first e-signature without acknowledgment, then later steps need none', async () => {
    const { session, ref } = await newUser(1, 2);
    const id = ZUploadDocumentResponse.parse(
      (await uploadPdf(ctx, session, await openActionPdf())).json(),
    ).data.document_id;

    const refused = await sign(session, id);
    expect(refused.statusCode).toBe(409);
    expect(ZApiError.parse(refused.json()).errors.javascript).toBe(
      'acknowledgment required (runs on open)',
    );
    expect(await balanceOf(ctx.database.db, ref, 'esign')).toBe(2);
    expect((await details(session, id)).signers).toEqual([]);

    const signed = await sign(session, id, { acknowledge_javascript: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await balanceOf(ctx.database.db, ref, 'esign')).toBe(1);
    const shown = await details(session, id);
    expect(shown.javascript.acknowledged_by).toBe(session.userData.id);
    expect(shown.javascript.acknowledged_at).not.toBeNull();

    // Acknowledged once, before the first signature: the e-Meterai that follows needs nothing more.
    const stamped = await stampWith(session, id);
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect((await details(session, id)).javascript.acknowledged_at).toBe(
      shown.javascript.acknowledged_at,
    );
  });
});
