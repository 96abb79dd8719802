import { ZApiError, ZLockerItemsResponse } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockerItems, subscriptions } from '../src/db/schema.ts';
import type { TMethod } from './auth-helpers.ts';
import { makePdf } from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';
import {
  createFolder,
  lockerCall,
  lockerCompany,
  lockerListing,
  makeDocx,
  PNG,
  storageUse,
  type TLockerCompany,
  unzipEntries,
  uploadFile,
} from './locker-helpers.ts';

let ctx: TTestContext;
let acme: TLockerCompany;
let other: TLockerCompany;

beforeAll(async () => {
  ctx = await createTestContext({ env: { LOG_LEVEL: 'error', ...RELAXED_LIMITS } });
  acme = await lockerCompany(ctx);
  other = await lockerCompany(ctx);
});
afterAll(() => ctx.close());

const listing = (session: TLockerCompany['user'], url: string) => lockerListing(ctx, session, url);

/** `method` on `/api/v1/file-manager/<route>` as `session`, without a body. */
const fileManager = (session: TLockerCompany['user'], method: TMethod, route: string) =>
  lockerCall(ctx, session, method, `/api/v1/file-manager/${route}`);

describe('folders', () => {
  it('creates nested folders with the spec toast, and numbers duplicates', async () => {
    const { res, item: kontrak } = await createFolder(ctx, acme.user, 'Kontrak 2026');
    expect(res.json().message).toBe('Berhasil tambah data Folder');
    const { item: vendor } = await createFolder(ctx, acme.user, 'Vendor', kontrak?.file_manager_id);
    const { item: again } = await createFolder(ctx, acme.user, 'vendor', kontrak?.file_manager_id);
    expect(again?.name).toBe('vendor (1)');
    const inside = await listing(
      acme.user,
      `/api/v1/file-manager/folder/${kontrak?.file_manager_id}`,
    );
    expect(inside.items.map((i) => i.name)).toEqual(['Vendor', 'vendor (1)']);
    expect(inside.breadcrumbs.map((b) => b.name)).toEqual(['Kontrak 2026']);
    const deeper = await listing(
      acme.user,
      `/api/v1/file-manager/folder/${vendor?.file_manager_id}`,
    );
    expect(deeper.breadcrumbs.map((b) => b.name)).toEqual(['Kontrak 2026', 'Vendor']);
    const root = await listing(acme.user, '/api/v1/file-manager');
    expect(root.items.find((i) => i.name === 'Kontrak 2026')?.item_count).toBe(2);
  });

  it('numbers copies of a file past the ones already there, wildcards in the name taken literally', async () => {
    const { item: folder } = await createFolder(ctx, acme.user, 'Salinan');
    const parent = { parent_id: folder?.file_manager_id ?? 0 };
    const names: string[] = [];
    for (const name of [
      '50%_off.pdf',
      '50%_off.pdf',
      '50xyoff (7).pdf',
      '50%_off.pdf',
      'Laporan',
    ]) {
      const { item } = await uploadFile(
        ctx,
        acme.user,
        { name, content: await makePdf(1) },
        parent,
      );
      names.push(item?.name ?? '');
    }
    expect(names).toEqual([
      '50%_off.pdf',
      '50%_off (1).pdf',
      '50xyoff (7).pdf',
      '50%_off (2).pdf',
      'Laporan',
    ]);
  });

  it('names parallel uploads and folders of one name apart, whatever the case, and a renamed item too', async () => {
    const { item: folder } = await createFolder(ctx, acme.user, 'Serentak');
    const parent = { parent_id: folder?.file_manager_id ?? 0 };
    const content = Buffer.from('sama\n');
    const uploads = await Promise.all(
      ['sama.txt', 'SAMA.txt', 'sama.txt', 'Sama.txt', 'sama.txt', 'sama.txt'].map((name) =>
        uploadFile(ctx, acme.user, { name, content }, parent),
      ),
    );
    const folders = await Promise.all(
      ['Arsip', 'arsip', 'ARSIP', 'Arsip'].map((name) =>
        createFolder(ctx, acme.user, name, folder?.file_manager_id),
      ),
    );
    expect([...uploads, ...folders].map((u) => u.res.statusCode)).toEqual(Array(10).fill(201));
    const names = (
      await listing(acme.user, `/api/v1/file-manager/folder/${folder?.file_manager_id}`)
    ).items.map((i) => i.name.toLowerCase());
    // One of each name as typed, the others numbered; no two the same, whatever the case.
    expect(names).toHaveLength(10);
    expect(new Set(names).size).toBe(10);
    expect(names.filter((n) => /^sama( \(\d\))?\.txt$/.test(n))).toHaveLength(6);
    expect(names.filter((n) => /^arsip( \(\d\))?$/.test(n))).toHaveLength(4);
    // A rename to a taken name (another case) is numbered as well.
    const renamed = await lockerCall(ctx, acme.user, 'POST', '/api/digital-loker/rename-file', {
      file_manager_id: uploads[0]?.item?.file_manager_id,
      name: 'ARSIP',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toMatch(/^ARSIP \(\d\)$/);
  });

  it('accepts any Unicode name and refuses path tricks with a clear message', async () => {
    const { item } = await createFolder(ctx, acme.user, 'Dokumen 日本 ✓ Ünïcödé');
    expect(item?.name).toBe('Dokumen 日本 ✓ Ünïcödé');
    for (const name of ['../etc', 'a/b', 'a\\b', '..', 'CON', 'nul.txt', 'tab\there', '']) {
      const { res } = await createFolder(ctx, acme.user, name);
      expect(res.statusCode, name).toBe(400);
      expect(ZApiError.parse(res.json()).errors.status).toBe('VALIDATION_FAILED');
    }
  });

  it("answers 404 for another company's folder, whatever the call", async () => {
    const { item } = await createFolder(ctx, other.user, 'Rahasia');
    const id = item?.file_manager_id;
    const calls = [
      fileManager(acme.admin, 'GET', `folder/${id}`),
      lockerCall(ctx, acme.admin, 'POST', '/api/digital-loker/rename-file', {
        file_manager_id: id,
        name: 'x',
      }),
      fileManager(acme.admin, 'DELETE', `${id}`),
      fileManager(acme.admin, 'GET', `folder/${id}/zip`),
      lockerCall(ctx, acme.user, 'POST', '/api/v1/file-manager', { name: 'x', parent_id: id }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    // A colleague's private folder is not visible either.
    const { item: mine } = await createFolder(ctx, acme.user, 'Pribadi');
    const res = await fileManager(acme.admin, 'GET', `folder/${mine?.file_manager_id}`);
    expect(res.statusCode).toBe(404);
  });

  it('lets only company admins change the shared space; colleagues see it', async () => {
    const { res: refused } = await createFolder(ctx, acme.user, 'Bersama', null, 'shared');
    expect(refused.statusCode).toBe(403);
    const { item } = await createFolder(ctx, acme.admin, 'Bersama', null, 'shared');
    expect(item?.can_manage).toBe(true);
    const seen = await listing(acme.user, '/api/v1/file-manager?space=shared');
    expect(seen.items.map((i) => [i.name, i.can_manage])).toEqual([['Bersama', false]]);
    const rename = await lockerCall(ctx, acme.user, 'POST', '/api/digital-loker/rename-file', {
      file_manager_id: item?.file_manager_id,
      name: 'Punyaku',
    });
    expect(rename.statusCode).toBe(403);
  });
});

describe('files', () => {
  it('keeps PDF, image, Word and text files by their content and refuses other content', async () => {
    const { item: folder } = await createFolder(ctx, acme.user, 'Campuran');
    const parent = { parent_id: folder?.file_manager_id ?? 0 };
    const pdf = await uploadFile(
      ctx,
      acme.user,
      { name: 'kontrak.pdf', content: await makePdf(1) },
      parent,
    );
    const png = await uploadFile(ctx, acme.user, { name: 'scan', content: PNG }, parent);
    const docx = await uploadFile(
      ctx,
      acme.user,
      { name: 'surat.docx', content: await makeDocx() },
      parent,
    );
    const txt = await uploadFile(
      ctx,
      acme.user,
      { name: 'catatan.txt', content: Buffer.from('Halo dunia — ✓\n') },
      parent,
    );
    expect([pdf, png, docx, txt].map((u) => [u.res.statusCode, u.item?.mime_type])).toEqual([
      [201, 'application/pdf'],
      [201, 'image/png'],
      [201, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [201, 'text/plain'],
    ]);
    // An executable named like a PDF, and a plain ZIP named like a Word file: refused.
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(400, 1)]);
    const fakePdf = await uploadFile(
      ctx,
      acme.user,
      { name: 'invoice.pdf', content: exe, type: 'application/pdf' },
      parent,
    );
    expect(fakePdf.res.statusCode).toBe(415);
    expect(fakePdf.res.json().message).toBe(
      'The locker keeps PDF, images, Office documents and plain text only',
    );
    const zip = await uploadFile(
      ctx,
      acme.user,
      { name: 'x.docx', content: Buffer.from('PK\x03\x04garbage') },
      parent,
    );
    expect(zip.res.statusCode).toBe(415);
    const inside = await listing(
      acme.user,
      `/api/v1/file-manager/folder/${folder?.file_manager_id}`,
    );
    expect(inside.items.map((i) => i.name).sort()).toEqual([
      'catatan.txt',
      'kontrak.pdf',
      'scan',
      'surat.docx',
    ]);
  });

  it('renames, moves, searches across folders, downloads and zips a folder', async () => {
    const { item: arsip } = await createFolder(ctx, acme.user, 'Arsip');
    const { item: tahun } = await createFolder(ctx, acme.user, '2025', arsip?.file_manager_id);
    const text = Buffer.from('Laporan keuangan Q4\n');
    const { item: file } = await uploadFile(ctx, acme.user, { name: 'laporan.txt', content: text });
    const rename = await lockerCall(ctx, acme.user, 'POST', '/api/digital-loker/rename-file', {
      file_manager_id: file?.file_manager_id,
      name: 'laporan-q4.txt',
    });
    expect(rename.json().message).toBe('Berhasil update data File');
    const move = await lockerCall(ctx, acme.user, 'POST', '/api/v1/file-manager/move', {
      ids: [file?.file_manager_id],
      parent_id: tahun?.file_manager_id,
    });
    expect(move.statusCode, move.body).toBe(200);
    expect(ZLockerItemsResponse.parse(move.json()).data[0]?.path).toEqual(['Arsip', '2025']);
    // A folder cannot go inside itself.
    const loop = await lockerCall(ctx, acme.user, 'POST', '/api/v1/file-manager/move', {
      ids: [arsip?.file_manager_id],
      parent_id: tahun?.file_manager_id,
    });
    expect(loop.statusCode).toBe(400);

    const found = await listing(acme.user, '/api/v1/file-manager?search=Q4');
    expect(found.items.map((i) => [i.name, i.path])).toEqual([
      ['laporan-q4.txt', ['Arsip', '2025']],
    ]);
    const within = await listing(
      acme.user,
      `/api/v1/file-manager/folder/${arsip?.file_manager_id}?search=laporan`,
    );
    expect(within.items).toHaveLength(1);

    const download = await fileManager(acme.user, 'GET', `download/${file?.file_manager_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(text)).toBe(true);
    expect(download.headers['content-disposition']).toContain(
      'attachment; filename="laporan-q4.txt"',
    );

    await uploadFile(
      ctx,
      acme.user,
      { name: 'foto.png', content: PNG },
      { parent_id: arsip?.file_manager_id ?? 0 },
    );
    await createFolder(ctx, acme.user, 'Kosong', arsip?.file_manager_id);
    const zip = await fileManager(acme.user, 'GET', `folder/${arsip?.file_manager_id}/zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipEntries(ctx.dir, zip.rawPayload);
    expect(entries.names.sort()).toEqual(['2025/', '2025/laporan-q4.txt', 'Kosong/', 'foto.png']);
    expect(entries.read('2025/laporan-q4.txt').equals(text)).toBe(true);
    expect(entries.read('foto.png').equals(PNG)).toBe(true);
  });

  it('trashes a folder with its content, lists it in the trash and restores it', async () => {
    const { item: folder } = await createFolder(ctx, acme.user, 'Sementara');
    await uploadFile(
      ctx,
      acme.user,
      { name: 'sementara-a.txt', content: Buffer.from('a\n') },
      { parent_id: folder?.file_manager_id ?? 0 },
    );
    const removed = await fileManager(acme.user, 'DELETE', `${folder?.file_manager_id}`);
    expect(removed.json().message).toBe('Berhasil hapus data Folder');
    const root = await listing(acme.user, '/api/v1/file-manager');
    expect(root.items.some((i) => i.name === 'Sementara')).toBe(false);
    expect(
      (await listing(acme.user, '/api/v1/file-manager?search=sementara-a.txt')).items,
    ).toHaveLength(0);
    const trash = ZLockerItemsResponse.parse(
      (await fileManager(acme.user, 'GET', 'trash')).json(),
    ).data;
    expect(trash.map((i) => i.name)).toContain('Sementara');
    expect(trash.some((i) => i.name === 'sementara-a.txt')).toBe(false);
    // A new folder takes the name meanwhile: the restored one gets " (1)".
    await createFolder(ctx, acme.user, 'Sementara');
    const restore = await fileManager(acme.user, 'POST', `restore/${folder?.file_manager_id}`);
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().data.name).toBe('Sementara (1)');
    const inside = await listing(
      acme.user,
      `/api/v1/file-manager/folder/${folder?.file_manager_id}`,
    );
    expect(inside.items.map((i) => i.name)).toEqual(['sementara-a.txt']);
  });
});

describe('limits', () => {
  it('refuses writes without the locker in the plan, and keeps an expired locker read-only', async () => {
    const none = await lockerCompany(ctx, { locker: false });
    const refused = await createFolder(ctx, none.user, 'X');
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json().message).toContain('Choose a plan with the digital locker');
    expect((await storageUse(ctx, none.user)).is_digital_locker).toBe(false);

    const expiring = await lockerCompany(ctx);
    const { item } = await uploadFile(ctx, expiring.user, {
      name: 'a.txt',
      content: Buffer.from('a\n'),
    });
    await ctx.database.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.companyId, expiring.companyId));
    const use = await storageUse(ctx, expiring.user);
    expect(use.read_only).toBe(true);
    const upload = await uploadFile(ctx, expiring.user, {
      name: 'b.txt',
      content: Buffer.from('b\n'),
    });
    expect(upload.res.statusCode).toBe(403);
    expect(upload.res.json().message).toContain('expired');
    const download = await fileManager(expiring.user, 'GET', `download/${item?.file_manager_id}`);
    expect(download.statusCode).toBe(200);
    const remove = await fileManager(expiring.user, 'DELETE', `${item?.file_manager_id}`);
    expect(remove.statusCode).toBe(403);
  });

  it('counts bytes toward the plan, says how much is free, and lets only one of two racing uploads pass', async () => {
    const small = await lockerCompany(ctx, { maxBytes: 50_000 });
    const first = await uploadFile(ctx, small.user, {
      name: 'a.txt',
      content: Buffer.alloc(20_000, 'a'),
    });
    expect(first.res.statusCode).toBe(201);
    const use = await storageUse(ctx, small.admin);
    expect([use.size_use_user, use.max_size_digital_loker, use.free_bytes]).toEqual([
      20_000, 50_000, 30_000,
    ]);
    const tooBig = await uploadFile(ctx, small.user, {
      name: 'b.txt',
      content: Buffer.alloc(40_000, 'b'),
    });
    expect(tooBig.res.statusCode).toBe(413);
    expect(tooBig.res.json().message).toBe('Not enough storage in the locker: 0.0 MB free');
    const race = await Promise.all(
      [small.user, small.admin].map((s, n) =>
        uploadFile(ctx, s, { name: `race-${n}.txt`, content: Buffer.alloc(20_000, 'r') }),
      ),
    );
    expect(race.map((r) => r.res.statusCode).sort()).toEqual([201, 413]);
    expect((await storageUse(ctx, small.user)).size_use_user).toBe(40_000);
    // Trash keeps the bytes until the item is deleted for good.
    const id = first.item?.file_manager_id ?? 0;
    await fileManager(small.user, 'DELETE', `${id}`);
    expect((await storageUse(ctx, small.user)).size_use_user).toBe(40_000);
    const purge = await lockerCall(ctx, small.user, 'POST', '/api/v1/file-manager/trash/purge', {
      ids: [id],
    });
    expect(purge.statusCode, purge.body).toBe(200);
    expect((await storageUse(ctx, small.user)).size_use_user).toBe(20_000);
    // A file whose name is taken is named apart, and its bytes count once.
    const named = [];
    for (const n of [1, 2]) {
      const { res, item } = await uploadFile(ctx, small.user, {
        name: 'c.txt',
        content: Buffer.alloc(2_500 * n, 'c'),
      });
      expect(res.statusCode).toBe(201);
      named.push(item?.name);
    }
    expect(named).toEqual(['c.txt', 'c (1).txt']);
    expect((await storageUse(ctx, small.user)).size_use_user).toBe(27_500);
    // One past the maximum under a taken name is refused, and nothing is counted for it.
    const over = await uploadFile(ctx, small.user, {
      name: 'c.txt',
      content: Buffer.alloc(22_501, 'y'),
    });
    expect(over.res.statusCode).toBe(413);
    expect((await storageUse(ctx, small.user)).size_use_user).toBe(27_500);
  });

  it('removes trash older than 30 days for good and gives its bytes back', async () => {
    const co = await lockerCompany(ctx);
    const { item } = await uploadFile(ctx, co.user, {
      name: 'lama.txt',
      content: Buffer.alloc(1_000, 'o'),
    });
    const id = item?.file_manager_id ?? 0;
    await fileManager(co.user, 'DELETE', `${id}`);
    expect((await storageUse(ctx, co.user)).size_use_user).toBe(1_000);
    await ctx.database.db
      .update(lockerItems)
      .set({ trashedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(lockerItems.id, id));
    const trash = ZLockerItemsResponse.parse(
      (await fileManager(co.user, 'GET', 'trash')).json(),
    ).data;
    expect(trash.some((i) => i.name === 'lama.txt')).toBe(false);
    expect((await storageUse(ctx, co.user)).size_use_user).toBe(0);
    const restore = await fileManager(co.user, 'POST', `restore/${id}`);
    expect(restore.statusCode).toBe(404);
  });
});
