import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZBatchItemResponse, ZBatchResponse } from '@bubuh/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents, serialNumbers, unitReservations } from '../src/db/schema.ts';
import { AppError } from '../src/lib/app-error.ts';
import { balanceOf, type TAccountRef } from '../src/modules/quota/ledger.ts';
import { callAs } from './auth-helpers.ts';
import { batchDetail, createTestBatch } from './batch-helpers.ts';
import {
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  pdfsig,
  type TSession,
} from './documents-helpers.ts';
import { createTestContext, type TTestContext, unique } from './helpers.ts';
import {
  createFolder,
  grantLocker,
  lockerListing,
  storageUse,
  uploadFile,
} from './locker-helpers.ts';
import { pdfPart, postFile } from './multipart.ts';

/** Bulk stamping (issue 13): preflight, quota, a run to the end, cancel, retry, tenancy. */
describe('bulk stamping (batch-stamp)', () => {
  let ctx: TTestContext;
  /** Files whose name contains this fail at the provider (a refusal no retry can change). */
  let failing: string | null = null;
  /** The provider no longer lists the batches' document type (3): refused before any unit. */
  let typeGone = false;

  beforeAll(async () => {
    ctx = await createTestContext({
      meterai: (local) => ({
        ...local,
        issueSerial: async (input) => {
          if (failing && input.fileName.includes(failing))
            throw new AppError('UNPROCESSABLE', 'The provider refused this document');
          return local.issueSerial(input);
        },
        documentTypes: async () =>
          (await local.documentTypes()).filter((t) => !typeGone || t.kode !== '3'),
      }),
    });
  });
  afterAll(() => ctx.close());

  const createBatch = (session: TSession, pageMode: 'fixed' | 'first' | 'last' = 'last') =>
    createTestBatch(ctx, session, { prefix: 'Kontrak', page: 2, pageMode });

  const addFile = (session: TSession, batchId: number, content: Buffer, name: string) => {
    return postFile(
      ctx,
      session,
      `/api/v1/batch-stamp/batch-document-upload?batch_id=${batchId}`,
      pdfPart(name, content),
    );
  };

  const detail = (session: TSession, batchId: number) => batchDetail(ctx, session, batchId);

  const act = (session: TSession, action: string, batchId: number) =>
    callAs(ctx, session, 'POST', `/api/v1/batch-stamp/${action}`, { batch_id: batchId });

  /** Polls the batch (as the progress screen does) until `done` holds. */
  const until = async (
    session: TSession,
    batchId: number,
    done: (d: Awaited<ReturnType<typeof detail>>) => boolean,
  ) => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const d = await detail(session, batchId);
      if (done(d)) return d;
      if (Date.now() > deadline) throw new Error(`batch ${batchId} stayed ${d.batch.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const spentUnits = async (ids: number[]) =>
    (
      await ctx.database.db
        .select()
        .from(unitReservations)
        .where(and(inArray(unitReservations.documentId, ids), eq(unitReservations.state, 'spent')))
    ).length;

  const encryptedPdf = async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-enc-'));
    fs.writeFileSync(path.join(dir, 'in.pdf'), await makePdf(1));
    execFileSync('qpdf', ['--encrypt', 'rahasia', 'pemilik', '256', '--', 'in.pdf', 'out.pdf'], {
      cwd: dir,
    });
    const bytes = fs.readFileSync(path.join(dir, 'out.pdf'));
    fs.rmSync(dir, { recursive: true, force: true });
    return bytes;
  };

  let owner: TSession;
  let ref: TAccountRef;
  let batchId: number;

  it('preflights every file: broken, encrypted and too-short PDFs are listed with a reason', async () => {
    ({ session: owner, ref } = await newDepartmentUser(ctx, 3));
    batchId = await createBatch(owner, 'fixed');
    for (const [pages, name] of [
      [2, 'a.pdf'],
      [3, 'b.pdf'],
      [5, 'c.pdf'],
    ] as const) {
      const res = await addFile(owner, batchId, await makePdf(pages), name);
      expect(res.statusCode).toBe(201);
      expect(ZBatchItemResponse.parse(res.json()).data.status).toBe('ready');
    }
    const html = await addFile(owner, batchId, Buffer.from('<html>bukan pdf</html>'), 'html.pdf');
    const encrypted = await addFile(owner, batchId, await encryptedPdf(), 'terkunci.pdf');
    const short = await addFile(owner, batchId, await makePdf(1), 'pendek.pdf');
    for (const res of [html, encrypted, short]) {
      expect(res.statusCode).toBe(201);
      const item = ZBatchItemResponse.parse(res.json()).data;
      expect(item.status).toBe('rejected');
      expect(item.reason).toBeTruthy();
      expect(item.document_id).toBeNull();
    }
    expect(ZBatchItemResponse.parse(short.json()).data.reason).toBe(
      'The e-Meterai box is on page 2; the document has 1 pages',
    );
    const d = await detail(owner, batchId);
    expect(d.batch.counts).toMatchObject({ total: 6, ready: 3, rejected: 3 });
    expect(d.batch.units_needed).toBe(3);
    expect(d.batch.balance).toBe(3);
    expect(d.data.map((i) => i.file_name)).toContain('terkunci.pdf');
  });

  it('answers 404 to another company and to another user of the same department', async () => {
    const stranger = (await newDepartmentUser(ctx, 5)).session;
    const colleague = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    for (const who of [stranger, colleague]) {
      const res = await callAs(
        ctx,
        who,
        'GET',
        `/api/v1/batch-stamp/detail-batch-documents/${batchId}`,
      );
      expect(res.statusCode).toBe(404);
      expect((await act(who, 'stamp-batch-process', batchId)).statusCode).toBe(404);
      const list = await callAs(ctx, who, 'GET', '/api/v1/batch-stamp/get-batch-documents');
      expect(list.json().data.data).toEqual([]);
    }
  });

  it('refuses a batch that needs more units than the payer holds, with both numbers', async () => {
    const { session } = await newDepartmentUser(ctx, 1);
    const id = await createBatch(session);
    await addFile(session, id, await makePdf(1), 'satu.pdf');
    await addFile(session, id, await makePdf(2), 'dua.pdf');
    const res = await act(session, 'stamp-batch-process', id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Not enough e-Meterai quota: the batch needs 2 units, the balance is 1',
    );
    expect((await detail(session, id)).batch.status).toBe('draft');
  });

  it('runs a batch to the end: one serial and one spent unit per document, started once', async () => {
    const [first, second] = await Promise.all([
      act(owner, 'stamp-batch-process', batchId),
      act(owner, 'stamp-batch-process', batchId),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const d = await until(owner, batchId, (x) => x.batch.status === 'done');
    expect(d.batch.counts).toMatchObject({ stamped: 3, rejected: 3, failed: 0, queued: 0 });
    expect(d.batch.progress).toBe(100);
    const stamped = d.data.filter((i) => i.status === 'stamped');
    expect(new Set(stamped.map((i) => i.serial_number)).size).toBe(3);
    const ids = stamped.map((i) => i.document_id ?? 0);
    expect(await spentUnits(ids)).toBe(3);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
    const serials = await ctx.database.db
      .select()
      .from(serialNumbers)
      .where(inArray(serialNumbers.documentId, ids));
    expect(serials).toHaveLength(3);
    // Each file is a stamped PDF with a valid e-Meterai signature, also inside the ZIP.
    const file = await callAs(ctx, owner, 'GET', `/api/v1/single-stamp/download-file/${ids[0]}`);
    expect(pdfsig(file.rawPayload)).toMatch(/Signature Validation: Signature is Valid/);
    const zip = await callAs(ctx, owner, 'GET', `/api/v1/batch-stamp/download-zip/${batchId}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const zipFile = path.join(ctx.dir, 'batch.zip');
    fs.writeFileSync(zipFile, zip.rawPayload);
    const listing = execFileSync('unzip', ['-l', zipFile], { encoding: 'utf8' });
    expect(listing).toMatch(/a_stamped\.pdf/);
    expect(listing).toMatch(/3 files/);
    // On request each stamped file comes with its sealed completion certificate.
    const withCertificates = await callAs(
      ctx,
      owner,
      'GET',
      `/api/v1/batch-stamp/download-zip/${batchId}?certificates=true`,
    );
    expect(withCertificates.statusCode).toBe(200);
    const certZip = path.join(ctx.dir, 'batch-certificates.zip');
    fs.writeFileSync(certZip, withCertificates.rawPayload);
    const certListing = execFileSync('unzip', ['-l', certZip], { encoding: 'utf8' });
    expect(certListing).toMatch(/6 files/);
    expect(certListing).toMatch(/a_certificate\.pdf/);
    const certificate = execFileSync('unzip', ['-p', certZip, 'a_certificate.pdf']);
    expect(pdfsig(certificate)).toContain('Signature Validation: Signature is Valid.');
    const report = await callAs(ctx, owner, 'GET', `/api/v1/batch-stamp/report/${batchId}`);
    expect(report.body.split('\r\n')[0]).toBe(
      'file_name,serial_number,status,stamped_at,stamped_by,reason,doc_type,doc_value,doc_number,doc_date',
    );
    expect(report.body).toContain(stamped[0]?.serial_number ?? 'x');
  });

  it('cancels: files not yet started are released and nothing is charged for them', async () => {
    const { session, ref: payer } = await newDepartmentUser(ctx, 5);
    const drafted = await createBatch(session);
    for (const n of [1, 2, 3]) await addFile(session, drafted, await makePdf(n), `d${n}.pdf`);
    const cancelled = await act(session, 'cancel-batch', drafted);
    expect(cancelled.statusCode).toBe(200);
    expect(ZBatchResponse.parse(cancelled.json()).data.counts).toMatchObject({
      cancelled: 3,
      ready: 0,
    });
    expect(await balanceOf(ctx.database.db, payer, 'emeterai')).toBe(5);
    // A running batch cancelled at once: whatever had started finishes, the rest costs nothing.
    const running = await createBatch(session);
    for (const n of [1, 2, 3, 4]) await addFile(session, running, await makePdf(n), `r${n}.pdf`);
    expect((await act(session, 'stamp-batch-process', running)).statusCode).toBe(200);
    expect((await act(session, 'cancel-batch', running)).statusCode).toBe(200);
    const d = await until(session, running, (x) => x.batch.counts.stamping === 0);
    expect(d.batch.status).toBe('cancelled');
    const { stamped, cancelled: released, failed } = d.batch.counts;
    expect(stamped + released + failed).toBe(4);
    expect(await balanceOf(ctx.database.db, payer, 'emeterai')).toBe(5 - stamped);
    expect((await act(session, 'stamp-batch-process', running)).statusCode).toBe(409);
  });

  it('retries failed documents: the retry stamps them, each charged once', async () => {
    const { session, ref: payer } = await newDepartmentUser(ctx, 3);
    const id = await createBatch(session, 'first');
    failing = `gagal-${unique()}`;
    await addFile(session, id, await makePdf(2), 'baik.pdf');
    await addFile(session, id, await makePdf(2), `${failing}.pdf`);
    expect((await act(session, 'stamp-batch-process', id)).statusCode).toBe(200);
    const d = await until(session, id, (x) => x.batch.status === 'done');
    expect(d.batch.counts).toMatchObject({ stamped: 1, failed: 1 });
    expect(d.data.find((i) => i.status === 'failed')?.reason).toBe(
      'The provider refused this document',
    );
    expect(await balanceOf(ctx.database.db, payer, 'emeterai')).toBe(2);
    failing = null;
    const retried = await act(session, 'retry-failed', id);
    expect(retried.statusCode).toBe(200);
    const after = await until(session, id, (x) => x.batch.status === 'done');
    expect(after.batch.counts).toMatchObject({ stamped: 2, failed: 0 });
    expect(await balanceOf(ctx.database.db, payer, 'emeterai')).toBe(1);
    const ids = after.data.map((i) => i.document_id ?? 0);
    const docs = await ctx.database.db.select().from(documents).where(inArray(documents.id, ids));
    expect(docs.every((doc) => doc.state === 'stamped')).toBe(true);
    expect(await spentUnits(ids)).toBe(2);
    expect((await act(session, 'retry-failed', id)).statusCode).toBe(409);
  });

  it('fails documents refused before their unit, leaves them at rest and charges nothing', async () => {
    // The group's claim takes the documents with their items: a refusal after it gives them back.
    const { session, ref: payer } = await newDepartmentUser(ctx, 3);
    const id = await createBatch(session, 'first');
    await addFile(session, id, await makePdf(2), 'jenis-a.pdf');
    await addFile(session, id, await makePdf(2), 'jenis-b.pdf');
    typeGone = true;
    try {
      expect((await act(session, 'stamp-batch-process', id)).statusCode).toBe(200);
      const d = await until(session, id, (x) => x.batch.status === 'done');
      expect(d.batch.counts).toMatchObject({ stamped: 0, failed: 2 });
      expect(d.data.map((i) => i.reason)).toEqual([
        'Unknown document type',
        'Unknown document type',
      ]);
      const ids = d.data.map((i) => i.document_id ?? 0);
      const docs = await ctx.database.db.select().from(documents).where(inArray(documents.id, ids));
      expect(docs.map((doc) => doc.state)).toEqual(['draft', 'draft']);
      expect(await balanceOf(ctx.database.db, payer, 'emeterai')).toBe(3);
    } finally {
      typeGone = false;
    }
    // At rest, they are stamped by the retry.
    expect((await act(session, 'retry-failed', id)).statusCode).toBe(200);
    const after = await until(session, id, (x) => x.batch.status === 'done');
    expect(after.batch.counts).toMatchObject({ stamped: 2, failed: 0 });
    expect(await balanceOf(ctx.database.db, payer, 'emeterai')).toBe(1);
  });

  it('uploads and starts in one call for API clients (batch-document-upload-one-process)', async () => {
    const { session } = await newDepartmentUser(ctx, 2);
    const id = await createBatch(session, 'first');
    const res = await postFile(
      ctx,
      session,
      `/api/v1/batch-stamp/batch-document-upload-one-process?batch_id=${id}`,
      pdfPart('api.pdf', await makePdf(1)),
    );
    expect(res.statusCode).toBe(201);
    expect(['queued', 'stamping', 'stamped']).toContain(
      ZBatchItemResponse.parse(res.json()).data.status,
    );
    const d = await until(session, id, (x) => x.batch.status === 'done');
    expect(d.batch.counts.stamped).toBe(1);
    // A finished batch takes no more files.
    const late = await addFile(session, id, await makePdf(1), 'telat.pdf');
    expect(late.statusCode).toBe(409);
  });

  it('files results stored at the same moment each on its own: names kept apart, bytes counted once', async () => {
    const { session, ref: account } = await newDepartmentUser(ctx, 8);
    await grantLocker(ctx, account.companyId);
    const id = await createBatch(session);
    // Eight results of one group filed together, three of them with one name.
    const names = ['sama.pdf', 'sama.pdf', 'sama.pdf', 'a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'];
    for (const name of names)
      expect((await addFile(session, id, await makePdf(1), name)).statusCode).toBe(201);
    expect((await act(session, 'stamp-batch-process', id)).statusCode).toBe(200);
    const d = await until(session, id, (x) => x.batch.status === 'done');
    const folder = (await lockerListing(ctx, session)).items.find((i) => i.name === d.batch.name);
    const inside = await lockerListing(
      ctx,
      session,
      `/api/v1/file-manager/folder/${folder?.file_manager_id}`,
    );
    expect(inside.items.map((i) => i.name).sort()).toEqual(
      [
        'a.pdf',
        'b.pdf',
        'c.pdf',
        'd.pdf',
        'e.pdf',
        'sama (1).pdf',
        'sama (2).pdf',
        'sama.pdf',
      ].sort(),
    );
    const filed = inside.items.reduce((sum, i) => sum + i.size, 0);
    expect((await storageUse(ctx, session)).size_use_user).toBe(filed);
  });

  it('files the results in a locker folder named after the batch and tells the owner it finished', async () => {
    const { session, ref: account } = await newDepartmentUser(ctx, 5);
    await grantLocker(ctx, account.companyId);
    const id = await createBatch(session, 'first');
    for (const name of ['satu.pdf', 'dua.pdf'])
      expect((await addFile(session, id, await makePdf(1), name)).statusCode).toBe(201);
    expect((await act(session, 'stamp-batch-process', id)).statusCode).toBe(200);
    const d = await until(session, id, (x) => x.batch.status === 'done');
    expect(d.batch.counts.stamped).toBe(2);

    const root = await lockerListing(ctx, session);
    const folder = root.items.find((i) => i.name === d.batch.name);
    expect(folder?.type).toBe('folder');
    const inside = await lockerListing(
      ctx,
      session,
      `/api/v1/file-manager/folder/${folder?.file_manager_id}`,
    );
    expect(inside.items.map((i) => i.name).sort()).toEqual(['dua.pdf', 'satu.pdf']);
    expect(inside.items.every((i) => i.serial_number !== null)).toBe(true);

    // A root file that holds the next batch's name: its files share one folder named apart.
    const next = await createBatch(session, 'first');
    const nextName = (await detail(session, next)).batch.name;
    await uploadFile(ctx, session, { name: nextName, content: Buffer.from('catatan\n') });
    // The user's own folder of a like name is not the batch's: it stays empty.
    await createFolder(ctx, session, `${nextName} (draft)`);
    for (const name of ['tiga.pdf', 'empat.pdf', 'lima.pdf'])
      expect((await addFile(session, next, await makePdf(1), name)).statusCode).toBe(201);
    expect((await act(session, 'stamp-batch-process', next)).statusCode).toBe(200);
    await until(session, next, (x) => x.batch.status === 'done');
    const apart = (await lockerListing(ctx, session)).items.filter((i) =>
      i.name.startsWith(nextName),
    );
    // Folders are listed before files.
    expect(apart.map((i) => [i.name, i.type, i.item_count])).toEqual([
      [`${nextName} (1)`, 'folder', 3],
      [`${nextName} (draft)`, 'folder', 0],
      [nextName, 'file', 0],
    ]);

    // The notice follows the batch's last move (as the bell shows it a moment later).
    await vi.waitFor(
      async () => {
        const notices = (
          await callAs(ctx, session, 'GET', '/api/notification/list/all-data')
        ).json() as { header: string; content: string }[];
        const finished = notices.filter((n) => n.header === 'Batch finished');
        expect(
          finished.map((n) => n.content.match(/\d+ documents stamped, \d+ failed/)?.[0]),
        ).toEqual(['3 documents stamped, 0 failed', '2 documents stamped, 0 failed']);
      },
      { timeout: 30_000, interval: 200 },
    );
  });
});
