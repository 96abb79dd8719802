import fs from 'node:fs';
import path from 'node:path';
import {
  type TNotification,
  ZFilingFolderResponse,
  ZUploadDocumentResponse,
} from '@bubuh/contracts';
import { describe, expect, it, vi } from 'vitest';
import { lockerUsage } from '../src/db/schema.ts';
import { DEFAULT_LOCKER_BYTES } from '../src/modules/locker/locker-access.ts';
import { callAs } from './auth-helpers.ts';
import { addBatchPdf, createBatch, runBatchToEnd } from './batch-helpers.ts';
import {
  makePdf,
  newDepartmentUser,
  pdfsig,
  stampDocument,
  uploadedId,
} from './documents-helpers.ts';
import { RELAXED_LIMITS, type TTestContext, testContextPerFile } from './helpers.ts';
import {
  createFolder,
  grantLocker,
  lockerCall,
  lockerListing,
  storageUse,
  uploadFile,
} from './locker-helpers.ts';

let ctx: TTestContext;
testContextPerFile({ env: { LOG_LEVEL: 'error', ...RELAXED_LIMITS } }, (built) => {
  ctx = built;
});

/** A user of another company POSTs `body` to `url`: 404, the item is never revealed. */
const expectHiddenFromStranger = async (url: string, body: Record<string, unknown>) => {
  const stranger = await newDepartmentUser(ctx, 0);
  const res = await lockerCall(ctx, stranger.session, 'POST', url, body);
  expect(res.statusCode).toBe(404);
};

describe('automatic filing', () => {
  it('files every stamped document in the "e-Meterai" folder with its serial and document id', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 2);
    await grantLocker(ctx, ref.companyId);

    const documentId = await uploadedId(ctx, session, await makePdf(2), 'perjanjian-sewa.pdf');
    const stamped = await stampDocument(ctx, session, documentId);
    expect(stamped.statusCode, stamped.body).toBe(200);
    const serial = stamped.json().data.serial_number as string;

    const root = await lockerListing(ctx, session);
    const folder = root.items.find((i) => i.name === 'e-Meterai');
    expect(folder?.type).toBe('folder');
    const inside = await lockerListing(
      ctx,
      session,
      `/api/v1/file-manager/folder/${folder?.file_manager_id}`,
    );
    expect(inside.items.map((i) => [i.name, i.serial_number, i.document_id, i.mime_type])).toEqual([
      ['perjanjian-sewa.pdf', serial, documentId, 'application/pdf'],
    ]);
    // The copy is the stamped PDF itself (its signature checks out), and counts toward the usage.
    const file = inside.items[0];
    const download = await lockerCall(
      ctx,
      session,
      'GET',
      `/api/v1/file-manager/download/${file?.file_manager_id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(pdfsig(download.rawPayload)).toContain('Signature is Valid');
    expect((await storageUse(ctx, session)).size_use_user).toBe(download.rawPayload.length);
    // The very bytes of the stamped document, copied in storage (on local disk a second name of
    // the same file: the stamped PDF is kept once on the disk).
    const original = await lockerCall(
      ctx,
      session,
      'GET',
      `/api/v1/single-stamp/download-file/${documentId}`,
    );
    expect(original.statusCode).toBe(200);
    expect(Buffer.compare(original.rawPayload, download.rawPayload)).toBe(0);
    const stored = path.join(ctx.dir, 'data/files/locker');
    if (fs.existsSync(stored)) {
      const [folder] = fs.readdirSync(stored);
      expect(fs.statSync(path.join(stored, folder ?? '', 'file')).nlink).toBe(2);
    }
  });

  it('files into an "e-Meterai" folder the user made in another case, and parallel stamps make one folder', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 4);
    await grantLocker(ctx, ref.companyId);
    const ids = await Promise.all(
      ['a.pdf', 'b.pdf', 'c.pdf'].map(async (name) =>
        uploadedId(ctx, session, await makePdf(1), name),
      ),
    );
    const stamps = await Promise.all(ids.map((id) => stampDocument(ctx, session, id)));
    expect(stamps.map((s) => s.statusCode)).toEqual([200, 200, 200]);
    const folders = (await lockerListing(ctx, session)).items.filter((i) => i.type === 'folder');
    expect(folders.map((f) => f.name)).toEqual(['e-Meterai']);
    const inside = await lockerListing(
      ctx,
      session,
      `/api/v1/file-manager/folder/${folders[0]?.file_manager_id}`,
    );
    expect(inside.items.map((i) => i.name).sort()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);

    // Another user who made "E-METERAI" themselves finds their stamps there.
    const other = await newDepartmentUser(ctx, 1);
    await grantLocker(ctx, other.ref.companyId);
    const own = (await createFolder(ctx, other.session, 'E-METERAI')).item;
    const documentId = await uploadedId(ctx, other.session, await makePdf(1), 'd.pdf');
    expect((await stampDocument(ctx, other.session, documentId)).statusCode).toBe(200);
    const root = await lockerListing(ctx, other.session);
    expect(root.items.map((i) => i.name)).toEqual(['E-METERAI']);
    const theirs = await lockerListing(
      ctx,
      other.session,
      `/api/v1/file-manager/folder/${own?.file_manager_id}`,
    );
    expect(theirs.items.map((i) => i.name)).toEqual(['d.pdf']);
  });

  it('files nothing when the plan has no locker, and the stamp still succeeds', async () => {
    const { session } = await newDepartmentUser(ctx, 1);
    const documentId = await uploadedId(ctx, session, await makePdf(1));
    const stamped = await stampDocument(ctx, session, documentId, 1);
    expect(stamped.statusCode, stamped.body).toBe(200);
    const root = await lockerListing(ctx, session);
    expect(root.items).toEqual([]);
  });

  it('turns a locker PDF into a draft for a single stamp; other files and other lockers are refused', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 0);
    await grantLocker(ctx, ref.companyId);
    const pdf = await uploadFile(ctx, session, { name: 'kuitansi.pdf', content: await makePdf(1) });
    const txt = await uploadFile(ctx, session, { name: 'a.txt', content: Buffer.from('a\n') });
    const draft = await lockerCall(ctx, session, 'POST', '/api/v1/file-manager/to-document', {
      file_manager_id: pdf.item?.file_manager_id,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const documentId = ZUploadDocumentResponse.parse(draft.json()).data.document_id;
    const details = await lockerCall(
      ctx,
      session,
      'GET',
      `/api/v1/single-stamp/get-document-details/${documentId}`,
    );
    expect(details.json().data.document_file).toBe('kuitansi.pdf');
    const refused = await lockerCall(ctx, session, 'POST', '/api/v1/file-manager/to-document', {
      file_manager_id: txt.item?.file_manager_id,
    });
    expect(refused.statusCode).toBe(415);
    await expectHiddenFromStranger('/api/v1/file-manager/to-document', {
      file_manager_id: pdf.item?.file_manager_id,
    });
  });

  it('files in the folder the user chose, and back in "e-Meterai" once that folder is deleted', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 2);
    await grantLocker(ctx, ref.companyId);
    const setting = async () =>
      ZFilingFolderResponse.parse(
        (await lockerCall(ctx, session, 'GET', '/api/v1/file-manager/filing-folder')).json(),
      ).data;
    const namesIn = async (folderId: number | null | undefined) =>
      (await lockerListing(ctx, session, `/api/v1/file-manager/folder/${folderId}`)).items.map(
        (i) => i.name,
      );
    const rootFolder = async (name: string) =>
      (await lockerListing(ctx, session)).items.find((i) => i.name === name);

    expect(await setting()).toEqual({ file_manager_id: null, name: 'e-Meterai' });
    const clients = (await createFolder(ctx, session, 'Klien')).item;
    const contracts = (await createFolder(ctx, session, 'Kontrak', clients?.file_manager_id)).item;
    const chosen = await lockerCall(ctx, session, 'POST', '/api/v1/file-manager/filing-folder', {
      file_manager_id: contracts?.file_manager_id,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await setting()).toEqual({
      file_manager_id: contracts?.file_manager_id,
      name: 'Kontrak',
    });

    const first = await uploadedId(ctx, session, await makePdf(1), 'kontrak-a.pdf');
    expect((await stampDocument(ctx, session, first)).statusCode).toBe(200);
    expect(await namesIn(contracts?.file_manager_id)).toEqual(['kontrak-a.pdf']);
    expect(await rootFolder('e-Meterai')).toBeUndefined();

    // Another user's folder cannot be chosen (it is never revealed).
    await expectHiddenFromStranger('/api/v1/file-manager/filing-folder', {
      file_manager_id: contracts?.file_manager_id,
    });

    // Deleting the chosen folder (here its parent) sends the next stamp to "e-Meterai".
    const removed = await lockerCall(
      ctx,
      session,
      'DELETE',
      `/api/v1/file-manager/${clients?.file_manager_id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(await setting()).toEqual({ file_manager_id: null, name: 'e-Meterai' });
    const second = await uploadedId(ctx, session, await makePdf(1), 'kontrak-b.pdf');
    expect((await stampDocument(ctx, session, second)).statusCode).toBe(200);
    const fallback = await rootFolder('e-Meterai');
    expect(await namesIn(fallback?.file_manager_id)).toEqual(['kontrak-b.pdf']);
  });
});

describe('a batch whose stamped files the locker cannot take', () => {
  it('stamps them all, and tells the owner in the batch and by a notice which were not filed and why', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 2);
    await grantLocker(ctx, ref.companyId);
    // The company's locker is nearly full: 100 bytes left, less than any stamped PDF.
    await ctx.database.db
      .insert(lockerUsage)
      .values({ account: `c:${ref.companyId}`, usedBytes: DEFAULT_LOCKER_BYTES - 100 });
    const batch = await createBatch(ctx, session, 'Penuh');
    await addBatchPdf(ctx, session, batch.id, 'faktur-1.pdf');
    await addBatchPdf(ctx, session, batch.id, 'faktur-2.pdf');
    const done = await runBatchToEnd(ctx, session, batch.id);

    // The stamps stand; each file says it was not filed, and why; the batch counts them.
    expect(done.batch.counts).toMatchObject({ stamped: 2, failed: 0 });
    expect(done.data.map((i) => [i.file_name, i.status, i.locker_problem])).toEqual([
      ['faktur-1.pdf', 'stamped', 'full'],
      ['faktur-2.pdf', 'stamped', 'full'],
    ]);
    expect(done.batch.locker_unfiled).toBe(2);
    // Nothing of them in the locker (the batch's folder holds no file).
    const folders = (await lockerListing(ctx, session)).items;
    expect(folders.map((i) => i.type)).toEqual(['folder']);
    const inside = await lockerListing(
      ctx,
      session,
      `/api/v1/file-manager/folder/${folders[0]?.file_manager_id}`,
    );
    expect(inside.items).toEqual([]);

    // The owner hears which files, and why.
    const bell = async () =>
      (
        await callAs(ctx, session, 'GET', '/api/notification/list/all-data')
      ).json() as TNotification[];
    await vi.waitFor(
      async () => {
        const notes = (await bell()).filter((n) => n.header === 'Files not filed in the locker');
        expect(notes).toHaveLength(1);
        expect(notes[0]?.content).toBe(
          `Batch "${done.batch.name}": 2 stamped files were not filed in the digital locker: faktur-1.pdf (the locker is full), faktur-2.pdf (the locker is full). Download them from the batch page.`,
        );
        expect(notes[0]?.link).toBe(`/stamp/bulk/${batch.id}`);
      },
      { timeout: 30_000, interval: 200 },
    );
  });

  it('names nothing when every stamped file was filed', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    await grantLocker(ctx, ref.companyId);
    const batch = await createBatch(ctx, session, 'Muat');
    await addBatchPdf(ctx, session, batch.id, 'muat.pdf');
    const done = await runBatchToEnd(ctx, session, batch.id);
    expect(done.data.map((i) => [i.file_name, i.status, i.locker_problem])).toEqual([
      ['muat.pdf', 'stamped', null],
    ]);
    expect(done.batch.locker_unfiled).toBe(0);
  });
});
