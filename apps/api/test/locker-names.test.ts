import {
  cleanFileName,
  fileNameProblem,
  numberedName,
  ZApiError,
  ZBatchZipResponse,
  ZUploadDocumentResponse,
} from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, lockerItems } from '../src/db/schema.ts';
import { callAs } from './auth-helpers.ts';
import { createBatch, sendBatchFile } from './batch-helpers.ts';
import { makePdf, newDepartmentUser, type TSession, uploadPdf } from './documents-helpers.ts';
import { TEST_ENV, type TTestContext, testContextPerFile, unique } from './helpers.ts';
import {
  createFolder,
  lockerCall,
  lockerCompany,
  lockerListing,
  PNG,
  type TLockerCompany,
  uploadFile,
} from './locker-helpers.ts';
import { unzip, zipOf } from './zip.ts';

let ctx: TTestContext;
testContextPerFile({ env: TEST_ENV }, (built) => {
  ctx = built;
});

let acme: TLockerCompany;
beforeAll(async () => {
  acme = await lockerCompany(ctx);
});

/** Right-to-left override: "\u202Egnp.exe.pdf" is shown as "fdp.exe.png". */
const RLO = '\u202E';
const BIDI_CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];
const DIRECTION = 'must not contain characters that change the text direction';

/** The field errors of a 400 answer. */
const refusedWith = (res: { statusCode: number; json: () => unknown; body: string }) => {
  expect(res.statusCode, res.body).toBe(400);
  return ZApiError.parse(res.json()).errors;
};

/** A new folder at the root of acme's user: its name, or its field error. */
const folderNamed = async (name: string) => {
  const { res, item } = await createFolder(ctx, acme.user, name);
  return item ? { name: item.name } : { refused: refusedWith(res).name };
};

describe('locker names', () => {
  it('refuses every text-direction control, in a folder name, a rename and an upload', async () => {
    for (const mark of BIDI_CONTROLS) {
      const code = `U+${mark.codePointAt(0)?.toString(16).toUpperCase()}`;
      expect(await folderNamed(`${mark}gnp.exe.pdf`), code).toEqual({
        refused: DIRECTION,
      });
    }
    const { item } = await createFolder(ctx, acme.user, `Asli ${unique()}`);
    const rename = await lockerCall(ctx, acme.user, 'POST', '/api/digital-loker/rename-file', {
      file_manager_id: item?.file_manager_id,
      name: `${RLO}gnp.exe.pdf`,
    });
    expect(refusedWith(rename).name).toBe(DIRECTION);
    const upload = await uploadFile(ctx, acme.user, { name: `${RLO}gnp.exe.pdf`, content: PNG });
    const errors = refusedWith(upload.res);
    expect(ZApiError.parse(upload.res.json()).message).toBe('The file name is not allowed');
    expect(errors.file).toBe(DIRECTION);
  });

  it('words each refusal for what it is', async () => {
    const cases: [string, string][] = [
      ['.', 'must not be . or ..'],
      ['..', 'must not be . or ..'],
      ['  ', 'must not be empty'],
      ['a/b', 'must not contain a slash or backslash'],
      ['a\\b', 'must not contain a slash or backslash'],
      ['../etc', 'must not contain a slash or backslash'],
      ['tab\there', 'must not contain control characters such as tabs or line breaks'],
      ['line\u2028break', 'must not contain control characters such as tabs or line breaks'],
      ['bel\u0085', 'must not contain control characters such as tabs or line breaks'],
      ['CON', 'is a device name Windows reserves (CON, PRN, AUX, NUL, COM1, LPT1 …)'],
      ['nul.txt', 'is a device name Windows reserves (CON, PRN, AUX, NUL, COM1, LPT1 …)'],
      ['x'.repeat(256), 'must be at most 255 characters'],
    ];
    for (const [name, reason] of cases) {
      expect(await folderNamed(name), JSON.stringify(name)).toEqual({ refused: reason });
      expect(fileNameProblem(name.trim())).toBe(reason);
    }
    // Two dots inside a name climb no folder (slashes are refused): a name like any other.
    const dots = `v1..final ${unique()}`;
    expect(await folderNamed(dots)).toEqual({ name: dots });
    // Right-to-left text itself is welcome.
    const arabic = `تقرير ${unique()}`;
    expect(await folderNamed(arabic)).toEqual({ name: arabic });
  });

  it('keeps numbered copies within 255 characters: the stem is cut, the extension kept', async () => {
    const { item: folder } = await createFolder(ctx, acme.user, `Panjang ${unique()}`);
    const parent = { parent_id: folder?.file_manager_id ?? 0 };
    const longFile = `${'a'.repeat(251)}.png`;
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { res, item } = await uploadFile(
        ctx,
        acme.user,
        { name: longFile, content: PNG },
        parent,
      );
      expect(res.statusCode, res.body).toBe(201);
      names.push(item?.name ?? '');
    }
    expect(names[0]).toBe(longFile);
    expect(names.slice(1)).toEqual([`${'a'.repeat(241)} (1).png`, `${'a'.repeat(241)} (2).png`]);

    // A folder (no extension), and a rename onto a long taken name.
    const longFolder = 'b'.repeat(255);
    const first = await createFolder(ctx, acme.user, longFolder, folder?.file_manager_id);
    const second = await createFolder(ctx, acme.user, longFolder, folder?.file_manager_id);
    expect(first.item?.name).toBe(longFolder);
    expect(second.item?.name).toBe(`${'b'.repeat(245)} (1)`);
    const other = await createFolder(ctx, acme.user, 'lain', folder?.file_manager_id);
    const renamed = await lockerCall(ctx, acme.user, 'POST', '/api/digital-loker/rename-file', {
      file_manager_id: other.item?.file_manager_id,
      name: longFolder,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe(`${'b'.repeat(245)} (2)`);

    // A dot early in a long name is no extension: the number goes at the end.
    const dotted = `v1.2 ${'c'.repeat(250)}`;
    await createFolder(ctx, acme.user, dotted, folder?.file_manager_id);
    const upload = await uploadFile(ctx, acme.user, { name: dotted, content: PNG }, parent);
    expect(upload.res.statusCode, upload.res.body).toBe(201);
    expect(upload.item?.name).toBe(`${dotted.slice(0, 245)} (1)`);

    const listed = await lockerListing(
      ctx,
      acme.user,
      `/api/v1/file-manager/folder/${folder?.file_manager_id}`,
    );
    for (const { name } of listed.items) expect(name.length).toBeLessThanOrEqual(255);
  });

  it('cleans a name stored before the rule where it is downloaded or zipped', async () => {
    const { item: folder } = await createFolder(ctx, acme.user, `Lama ${unique()}`);
    const { item: sub } = await createFolder(ctx, acme.user, 'sub', folder?.file_manager_id);
    const { item: file } = await uploadFile(
      ctx,
      acme.user,
      { name: 'scan.png', content: PNG },
      { parent_id: sub?.file_manager_id ?? 0 },
    );
    await ctx.database.db
      .update(lockerItems)
      .set({ name: `${RLO}gnp.exe.pdf` })
      .where(eq(lockerItems.id, file?.file_manager_id ?? 0));
    await ctx.database.db
      .update(lockerItems)
      .set({ name: '../..' })
      .where(eq(lockerItems.id, sub?.file_manager_id ?? 0));
    const download = await lockerCall(
      ctx,
      acme.user,
      'GET',
      `/api/v1/file-manager/download/${file?.file_manager_id}`,
    );
    expect(download.statusCode, download.body).toBe(200);
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toContain(`filename*=UTF-8''_gnp.exe.pdf`);
    expect(disposition).not.toContain(encodeURIComponent(RLO));
    const zip = await lockerCall(
      ctx,
      acme.user,
      'GET',
      `/api/v1/file-manager/folder/${folder?.file_manager_id}/zip`,
    );
    expect(zip.statusCode, zip.body).toBe(200);
    expect([...(await unzip(zip.rawPayload)).keys()].sort()).toEqual([
      '.._../',
      '.._../_gnp.exe.pdf',
    ]);
  });

  it('numbers a name of astral characters without splitting one', () => {
    const name = `${'😀'.repeat(127)}x.pdf`; // 254 + 1 + 4 UTF-16 units: 259 > 255
    const copy = numberedName(name.slice(0, 255), 1, 'file');
    expect(copy.length).toBeLessThanOrEqual(255);
    expect(copy).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('names of the other things that become file names', () => {
  let session: TSession;
  beforeAll(async () => {
    ({ session } = await newDepartmentUser(ctx, 0));
  });

  const createBatchNamed = (name: string) =>
    callAs(ctx, session, 'POST', '/api/v1/batch-stamp/create-batch', {
      name,
      doc_type: '3',
      doc_value: 10_000,
      placement: { page_mode: 'last', page: 1, x: 400, y: 100, width: 75, height: 75 },
    });

  it('refuses a batch name that would not make a folder or file name', async () => {
    expect(refusedWith(await createBatchNamed(`${RLO}gnp.exe.pdf`)).name).toBe(DIRECTION);
    expect(refusedWith(await createBatchNamed('..')).name).toBe('must not be . or ..');
    expect(refusedWith(await createBatchNamed('Faktur 2024/2025')).name).toBe(
      'must not contain a slash or backslash',
    );
    expect((await createBatchNamed(`Faktur ${unique()}`)).statusCode).toBe(201);
  });

  it('refuses control and direction characters in template names, slashes allowed', async () => {
    const template = (name: string) =>
      callAs(ctx, session, 'POST', '/api/v1/template/create-template', {
        name,
        type: 'Surat Dokumen',
        emeterai: { page: 1, x: 440, y: 60, width: 75, height: 75 },
        esign: [],
      });
    expect(refusedWith(await template(`Kontrak ${RLO}fdp`)).name).toBe(DIRECTION);
    expect(refusedWith(await template('Kontrak\nbaru')).name).toBe(
      'must not contain control characters such as tabs or line breaks',
    );
    expect((await template(`Kontrak 2024/2025 ${unique()}`)).statusCode).toBe(201);

    const bulk = (name: string) =>
      callAs(ctx, session, 'POST', '/api/v1/batch-stamp/create-template', {
        name,
        doc_type: '3',
        doc_value: 10_000,
        emeterai: { page_mode: 'last', page: 1, x: 400, y: 100, width: 75, height: 75 },
      });
    expect(refusedWith(await bulk(`Massal ${RLO}fdp`)).name).toBe(DIRECTION);
    expect((await bulk(`Massal ${unique()}`)).statusCode).toBe(201);
  });

  it('cleans an uploaded document name: direction and control characters, length', async () => {
    const pdf = await makePdf(1);
    const upload = async (name: string) => {
      const res = await uploadPdf(ctx, session, pdf, name);
      expect(res.statusCode, res.body).toBe(201);
      const id = ZUploadDocumentResponse.parse(res.json()).data.document_id;
      const [row] = await ctx.database.db
        .select({ fileName: documents.fileName })
        .from(documents)
        .where(eq(documents.id, id));
      return { fileName: row?.fileName };
    };
    expect((await upload(`${RLO}gnp.exe.pdf`)).fileName).toBe('_gnp.exe.pdf');
    expect((await upload('a\u200Fb\u0007c.pdf')).fileName).toBe('a_b_c.pdf');
    expect((await upload(`${'d'.repeat(300)}.pdf`)).fileName).toBe(`${'d'.repeat(251)}.pdf`);
  });

  it('cleans the names of a ZIP dropped into a batch', async () => {
    const batch = await createBatch(ctx, session);
    const zip = await zipOf([
      [`map/${RLO}gnp.exe.pdf`, await makePdf(1)],
      [`${RLO}txt.exe`, Buffer.from('bukan pdf')],
    ]);
    const res = await sendBatchFile(ctx, session, 'batch-zip-upload', batch.id, {
      name: 'berkas.zip',
      content: zip,
      type: 'application/zip',
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = ZBatchZipResponse.parse(res.json()).data;
    expect(result.items.map((i) => i.file_name)).toEqual(['_gnp.exe.pdf']);
    expect(result.refused.map((r) => r.file_name)).toEqual(['_txt.exe']);
  });

  it('cleanFileName: the rule for names that come with a file', () => {
    expect(cleanFileName(`${RLO}gnp.exe.pdf`, 'x.pdf')).toBe('_gnp.exe.pdf');
    expect(cleanFileName('a/b\\c.pdf', 'x.pdf')).toBe('a_b_c.pdf');
    expect(cleanFileName(' .. ', 'x.pdf')).toBe('x.pdf');
    expect(cleanFileName('', 'x.pdf')).toBe('x.pdf');
    expect(cleanFileName('CON.pdf', 'x.pdf')).toBe('_CON.pdf');
    expect(cleanFileName(`${'e'.repeat(260)}.pdf`, 'x.pdf', 200)).toBe(`${'e'.repeat(196)}.pdf`);
    expect(cleanFileName('Laporan 日本 ✓.pdf', 'x.pdf')).toBe('Laporan 日本 ✓.pdf');
  });
});
