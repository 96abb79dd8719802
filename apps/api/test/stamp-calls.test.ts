/**
 * The single-stamp calls on top of the draft flow: update-emet (a draft's e-Meterai details),
 * stamp-process (stamp with the caller's own quota), one-stamp-process (upload, place and stamp
 * in one multipart call) and embed-esign (one signer's box on a draft).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  latestIndonesianToday,
  type TSession as TDemoSession,
  type TDocument,
  ZApiError,
  ZDocumentResponse,
  ZEsignResponse,
  ZStampResponse,
} from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema.ts';
import { balanceOf, type TAccountRef } from '../src/modules/quota/ledger.ts';
import { bearer, callAs, seedDemoSessions } from './auth-helpers.ts';
import {
  getDocumentDetails,
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  pdfsig,
  signaturePng,
  stampDocument,
  stampRequest,
  type TSession,
  uploadedId,
  verifyThroughApi,
} from './documents-helpers.ts';
import {
  createTestContext,
  issuingFailsWhen,
  TEST_ENV,
  type TTestContext,
  unique,
} from './helpers.ts';
import { multipartBody, postSpecimen } from './multipart.ts';

let ctx: TTestContext;
let failIssuing = false;
let demo: Record<'company' | 'user' | 'personal', TDemoSession>;

beforeAll(async () => {
  // Local disk: a refused upload is checked to leave no file behind.
  ctx = await createTestContext({
    env: TEST_ENV,
    localFiles: true,
    meterai: issuingFailsWhen(() => failIssuing),
  });
  demo = await seedDemoSessions(ctx, ['company', 'user', 'personal']);
});
afterAll(() => ctx.close());

const details = async (session: TSession, id: number): Promise<TDocument> => {
  const res = await getDocumentDetails(ctx, session, id);
  expect(res.statusCode, res.body).toBe(200);
  return ZDocumentResponse.parse(res.json()).data;
};

const daysFromToday = (days: number) =>
  new Date(Date.parse(`${latestIndonesianToday()}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);

const ownDocuments = async (session: TSession) =>
  ctx.database.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.ownerUserId, session.userData.id));

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    : [];
const storedFiles = () => filesUnder(path.join(ctx.dir, 'data/files')).length;

const expectStampedAndValid = async (session: TSession, id: number, serial: string) => {
  const download = await callAs(ctx, session, 'GET', `/api/v1/single-stamp/download-file/${id}`);
  expect(download.statusCode).toBe(200);
  const report = pdfsig(download.rawPayload);
  expect(report).toContain(`Signature Field Name: Emet${serial}`);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  const verified = await verifyThroughApi(ctx, download.rawPayload, 'stamped.pdf');
  expect(verified.intact).toBe(true);
  expect(verified.signatures[0]).toMatchObject({
    kind: 'emeterai',
    serial_number: serial,
    integrity: true,
    trusted: true,
  });
};

describe('update-emet', () => {
  const updateEmet = (session: TSession, payload: Record<string, unknown>) =>
    callAs(ctx, session, 'POST', '/api/v1/single-stamp/update-emet', payload);

  it("stores a draft's type, value, number and date and returns the document", async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const id = await uploadedId(ctx, session, await makePdf(1));
    const res = await updateEmet(session, {
      document_id: id,
      doc_type: '4a',
      doc_value: 6_000_000,
      doc_number: '  INV/2026/001  ',
      doc_date: '2026-02-28',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZDocumentResponse.parse(res.json()).data).toMatchObject({
      document_id: id,
      status: 'nostamp',
      doc_type: '4a',
      doc_value: 6_000_000,
      doc_number: 'INV/2026/001',
      doc_date: '2026-02-28',
    });
    expect(await details(session, id)).toMatchObject({
      doc_number: 'INV/2026/001',
      doc_date: '2026-02-28',
    });

    // Left out: kept; null: cleared. Today (in Indonesia) is not the future.
    const today = latestIndonesianToday();
    const again = await updateEmet(session, { document_id: id, doc_type: '3', doc_date: today });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      doc_type: '3',
      doc_value: 6_000_000,
      doc_number: 'INV/2026/001',
      doc_date: today,
    });
    const cleared = await updateEmet(session, { document_id: id, doc_type: '3', doc_number: null });
    expect(cleared.json().data).toMatchObject({ doc_number: null, doc_date: today });
  });

  it('refuses an impossible date, a future date, an unknown type and unprintable numbers', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const id = await uploadedId(ctx, session, await makePdf(1));
    const refused: [Record<string, unknown>, string][] = [
      [{ doc_date: '2026-02-30' }, 'doc_date'],
      [{ doc_date: daysFromToday(2) }, 'doc_date'],
      [{ doc_date: '26-02-01' }, 'doc_date'],
      [{ doc_type: '99' }, 'doc_type'],
      [{ doc_number: '   ' }, 'doc_number'],
      [{ doc_number: 'INV\u202e001' }, 'doc_number'],
      [{ doc_number: 'x'.repeat(51) }, 'doc_number'],
      [{ doc_value: -1 }, 'doc_value'],
      [{ doc_value: 2 ** 53 }, 'doc_value'],
    ];
    for (const [change, field] of refused) {
      const res = await updateEmet(session, { document_id: id, doc_type: '3', ...change });
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
      expect(ZApiError.parse(res.json()).errors[field], res.body).toBeTruthy();
    }
    expect(await details(session, id)).toMatchObject({
      doc_type: null,
      doc_number: null,
      doc_date: null,
    });
  });

  it("answers 404 for another company's document and 409 for a stamped one", async () => {
    const owner = await newDepartmentUser(ctx, 1);
    const stranger = await newDepartmentUser(ctx, 0);
    const id = await uploadedId(ctx, owner.session, await makePdf(1));
    const payload = { document_id: id, doc_type: '3', doc_number: 'A-1' };
    const foreign = await updateEmet(stranger.session, payload);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().message).toBe('Document not found');

    const stamped = await stampDocument(ctx, owner.session, id, 1);
    expect(stamped.statusCode, stamped.body).toBe(200);
    const late = await updateEmet(owner.session, payload);
    expect(late.statusCode, late.body).toBe(409);
    expect((await details(owner.session, id)).doc_number).toBeNull();
  });
});

describe('stamp-process', () => {
  const stampProcess = (session: TSession, id: number) =>
    callAs(ctx, session, 'POST', '/api/v1/single-stamp/stamp-process', stampRequest(id, 1));

  /** The quota accounts of the demo company, its Finance department and the personal user. */
  const accounts = () => {
    const companyId = demo.company.userData.company_id ?? 0;
    return {
      company: { ownerType: 'company', ownerId: companyId, companyId },
      departement: {
        ownerType: 'departement',
        ownerId: demo.user.userData.departement_id ?? 0,
        companyId,
      },
      user: { ownerType: 'user', ownerId: demo.personal.userData.id, companyId: null },
    } satisfies Record<string, TAccountRef>;
  };
  const balances = async () => {
    const refs = accounts();
    return {
      company: await balanceOf(ctx.database.db, refs.company, 'emeterai'),
      departement: await balanceOf(ctx.database.db, refs.departement, 'emeterai'),
      user: await balanceOf(ctx.database.db, refs.user, 'emeterai'),
    };
  };

  for (const [who, account] of [
    ['company', 'company'],
    ['user', 'departement'],
    ['personal', 'user'],
  ] as const) {
    it(`stamps as the demo ${who} user with the ${account} quota, and the PDF validates`, async () => {
      const session = demo[who];
      const id = await uploadedId(ctx, session, await makePdf(1));
      const before = await balances();
      const res = await stampProcess(session, id);
      expect(res.statusCode, res.body).toBe(200);
      const { serial_number, status } = ZStampResponse.parse(res.json()).data;
      expect(status).toBe('stamp');
      expect(await balances()).toEqual({ ...before, [account]: before[account] - 1 });
      await expectStampedAndValid(session, id, serial_number);
      const again = await stampProcess(session, id);
      expect(again.statusCode).toBe(409);
      expect(await balances()).toEqual({ ...before, [account]: before[account] - 1 });
    });
  }

  it("answers 404 for another company's document and spends nothing", async () => {
    const owner = await newDepartmentUser(ctx, 1);
    const id = await uploadedId(ctx, owner.session, await makePdf(1));
    const before = await balances();
    expect((await stampProcess(demo.company, id)).statusCode).toBe(404);
    expect(await balances()).toEqual(before);
  });
});

describe('one-stamp-process', () => {
  const URL = '/api/v1/stamp/one-stamp-process';
  const BOX = { page: '1', x: '400', y: '100', width: '75', height: '75' };

  const oneStamp = (
    session: TSession,
    content: Buffer,
    fields: Record<string, string>,
    name = 'kuitansi.pdf',
  ) => {
    const form = multipartBody(fields, { field: 'file', name, content, type: 'application/pdf' });
    return ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...bearer(session), ...form.headers },
      payload: form.payload,
    });
  };

  /** `run` refuses with a 4xx, and neither a document, a file nor a unit is gone or kept. */
  const expectNothingKept = async (
    session: TSession,
    ref: TAccountRef,
    run: () => Promise<{ statusCode: number; body: string }>,
  ) => {
    const documentsBefore = (await ownDocuments(session)).length;
    const filesBefore = storedFiles();
    const balanceBefore = await balanceOf(ctx.database.db, ref, 'emeterai');
    const res = await run();
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    const error = ZApiError.parse(JSON.parse(res.body));
    expect(error.errors.document_id, res.body).toBeUndefined();
    expect((await ownDocuments(session)).length).toBe(documentsBefore);
    expect(storedFiles()).toBe(filesBefore);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(balanceBefore);
    return error;
  };

  it('uploads, places and stamps a fresh PDF in one call', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 2);
    const res = await oneStamp(session, await makePdf(2), {
      ...BOX,
      page: '2',
      doc_type: '4a',
      doc_value: '7500000',
      doc_number: 'KW-0042',
      doc_date: '2026-03-01',
      location: 'Bandung',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { document_id, serial_number, status } = ZStampResponse.parse(res.json()).data;
    expect(status).toBe('stamp');
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
    expect(await details(session, document_id)).toMatchObject({
      document_file: 'kuitansi.pdf',
      status: 'stamp',
      signing_method: 'emeterai',
      serial_number,
      doc_type: '4a',
      doc_value: 7_500_000,
      doc_number: 'KW-0042',
      doc_date: '2026-03-01',
      placements: { emeterai: { page: 2, x: 400, y: 100, width: 75, height: 75 }, esign: [] },
    });
    await expectStampedAndValid(session, document_id, serial_number);
  });

  it('refuses broken, encrypted, truncated and lying files as the upload does, keeping nothing', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    const fields = { ...BOX, doc_type: '3' };
    const good = await makePdf(1);
    const html = await expectNothingKept(session, ref, () =>
      oneStamp(session, Buffer.from('<html><body>not a pdf</body></html>'), fields, 'fake.pdf'),
    );
    expect(html.errors.pdf).toBe('NOT_PDF');
    await expectNothingKept(session, ref, () =>
      oneStamp(session, good.subarray(0, Math.floor(good.length / 2)), fields),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bubuh-${unique()}-`));
    try {
      fs.writeFileSync(path.join(dir, 'in.pdf'), good);
      execFileSync('qpdf', ['--encrypt', 'rahasia', 'pemilik', '256', '--', 'in.pdf', 'out.pdf'], {
        cwd: dir,
      });
      const encrypted = fs.readFileSync(path.join(dir, 'out.pdf'));
      const locked = await expectNothingKept(session, ref, () =>
        oneStamp(session, encrypted, fields),
      );
      expect(locked.message).toContain('password');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const word = multipartBody(fields, {
      field: 'file',
      name: 'kontrak.docx',
      content: Buffer.from('PK\u0003\u0004docx'),
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await expectNothingKept(session, ref, () =>
      ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...bearer(session), ...word.headers },
        payload: word.payload,
      }),
    );
  });

  it('refuses missing, out-of-range and coerced fields with a 400 naming the field', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    const pdf = await makePdf(1);
    const refused: [Record<string, string>, string][] = [
      [{ ...BOX, page: '1e400', doc_type: '3' }, 'page'],
      [{ ...BOX, page: '0', doc_type: '3' }, 'page'],
      [{ ...BOX, x: 'NaN', doc_type: '3' }, 'x'],
      [{ ...BOX, y: 'Infinity', doc_type: '3' }, 'y'],
      [{ ...BOX, x: '0x10', doc_type: '3' }, 'x'],
      [{ ...BOX, x: '', doc_type: '3' }, 'x'],
      [{ ...BOX, width: '-75', doc_type: '3' }, 'width'],
      [{ ...BOX, height: '99999', doc_type: '3' }, 'height'],
      [{ ...BOX }, 'doc_type'],
      [{ ...BOX, doc_type: '99' }, 'doc_type'],
      [{ ...BOX, doc_type: '3', doc_value: '1.5' }, 'doc_value'],
      [{ ...BOX, doc_type: '3', doc_date: '2026-02-30' }, 'doc_date'],
      [{ ...BOX, doc_type: '3', doc_date: daysFromToday(3) }, 'doc_date'],
      [{ ...BOX, doc_type: '3', doc_number: 'INV\u0000001' }, 'doc_number'],
      [{ ...BOX, doc_type: '3', acknowledge_javascript: 'yes' }, 'acknowledge_javascript'],
      [{ ...BOX, width: '75', height: '120', doc_type: '3' }, 'height'],
    ];
    for (const [fields, field] of refused) {
      const error = await expectNothingKept(session, ref, () => oneStamp(session, pdf, fields));
      expect(
        error.errors[field],
        `${JSON.stringify(fields)}: ${JSON.stringify(error)}`,
      ).toBeTruthy();
    }
    // The fields come before the file: fields sent after it are not seen.
    const boundary = 'x-late';
    const part = (headers: string, body: Buffer | string) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body)]);
    const late = Buffer.concat([
      part(
        'Content-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf',
        pdf,
      ),
      Buffer.from('\r\n'),
      part('Content-Disposition: form-data; name="doc_type"', '3'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const error = await expectNothingKept(session, ref, () =>
      ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: {
          ...bearer(session),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: late,
      }),
    );
    expect(error.errors.page).toBeTruthy();
  });

  it('refuses malformed multipart and non-multipart bodies with a 4xx, keeping nothing', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    const boundary = 'x-bubuh';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="page"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 cut`;
    const bodies: [Record<string, string>, string][] = [
      [{ 'content-type': 'multipart/form-data' }, cut],
      [{ 'content-type': `multipart/form-data; boundary=${boundary}` }, cut],
      [{ 'content-type': `multipart/form-data; boundary=${boundary}` }, `--${boundary}--\r\n`],
      [{ 'content-type': 'application/json' }, JSON.stringify({ ...BOX, doc_type: '3' })],
      [{ 'content-type': 'text/plain' }, 'page=1'],
    ];
    for (const [headers, payload] of bodies) {
      await expectNothingKept(session, ref, () =>
        ctx.app.inject({
          method: 'POST',
          url: URL,
          headers: { ...bearer(session), ...headers },
          payload,
        }),
      );
    }
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('keeps the draft and names it when the stamp fails after the upload', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    failIssuing = true;
    let id: number;
    try {
      const res = await oneStamp(session, await makePdf(1), {
        ...BOX,
        doc_type: '3',
        doc_number: 'SP-7',
      });
      expect(res.statusCode, res.body).toBe(503);
      const error = ZApiError.parse(res.json());
      expect(error.message).toBe(
        'Pembubuhan e-Meterai gagal, kuota telah dikembalikan. Silakan coba lagi.',
      );
      id = Number(error.errors.document_id);
      expect(id).toBeGreaterThan(0);
    } finally {
      failIssuing = false;
    }
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
    const list = await callAs(ctx, session, 'GET', '/api/v1/single-stamp/get-document-user');
    expect(list.json().data.nostamp.map((d: TDocument) => d.document_id)).toContain(id);
    expect(await details(session, id)).toMatchObject({
      status: 'nostamp',
      signing_status: 'draft',
      doc_number: 'SP-7',
      placements: { emeterai: { page: 1, x: 400, y: 100, width: 75, height: 75 } },
    });
    // Nothing lost: the same draft stamps afterwards.
    const retry = await callAs(
      ctx,
      session,
      'POST',
      '/api/v1/single-stamp/stamp-process',
      stampRequest(id, 1),
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
  });
});

describe('embed-esign', () => {
  const embed = (session: TSession, payload: Record<string, unknown>) =>
    callAs(ctx, session, 'POST', '/api/v1/single-stamp/embed-esign', payload);
  const box = (x: number) => ({ page: 1, x, y: 150, width: 140, height: 56 });
  /**
   * An owner and a colleague of a company of their own: on PostgreSQL every test file shares the
   * database, and the demo users' specimens belong to the files that test them.
   */
  const team = async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    const colleague = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    return { owner, colleague };
  };
  const specimenOf = async (session: TSession) => {
    const res = await postSpecimen(ctx, session, await signaturePng(), {
      source: 'upload',
      name: `Paraf ${unique()}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZEsignResponse.parse(res.json()).data.id;
  };

  it("adds one signer's box and replaces it on a second call, leaving the others", async () => {
    const { owner, colleague } = await team();
    const id = await uploadedId(ctx, owner, await makePdf(2));
    const specimen = await specimenOf(colleague);
    const first = await embed(owner, {
      document_id: id,
      user_id: colleague.userData.id,
      specimen_id: specimen,
      ...box(60),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(ZDocumentResponse.parse(first.json()).data.placements.esign).toEqual([
      { user_id: colleague.userData.id, specimen_id: specimen, ...box(60) },
    ]);
    expect((await details(owner, id)).signing_method).toBe('esign');

    const mine = await embed(owner, { document_id: id, user_id: owner.userData.id, ...box(300) });
    expect(mine.statusCode, mine.body).toBe(200);
    const moved = await embed(owner, {
      document_id: id,
      user_id: colleague.userData.id,
      ...box(60),
      page: 2,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await details(owner, id)).placements.esign).toEqual([
      { user_id: colleague.userData.id, specimen_id: null, ...box(60), page: 2 },
      { user_id: owner.userData.id, specimen_id: null, ...box(300) },
    ]);
  });

  it('refuses a user of another company, a specimen that is not theirs, and a box off the page', async () => {
    const { owner, colleague } = await team();
    const id = await uploadedId(ctx, owner, await makePdf(1));
    const stranger = await newDepartmentUser(ctx, 0);
    const foreign = await embed(owner, {
      document_id: id,
      user_id: stranger.session.userData.id,
      ...box(60),
    });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json().message).toBe('Signers must be users of the same company');
    const personal = await embed(owner, {
      document_id: id,
      user_id: demo.personal.userData.id,
      ...box(60),
    });
    expect(personal.statusCode).toBe(400);

    const ownersSpecimen = await specimenOf(owner);
    const notTheirs = await embed(owner, {
      document_id: id,
      user_id: colleague.userData.id,
      specimen_id: ownersSpecimen,
      ...box(60),
    });
    expect(notTheirs.statusCode, notTheirs.body).toBe(404);
    expect(notTheirs.json().message).toBe('Esign not found');

    const pastTheEnd = await embed(owner, {
      document_id: id,
      user_id: colleague.userData.id,
      ...box(60),
      page: 2,
    });
    expect(pastTheEnd.statusCode).toBe(400);
    expect(pastTheEnd.json().errors.page).toBeTruthy();
    const offThePage = await embed(owner, {
      document_id: id,
      user_id: colleague.userData.id,
      ...box(500),
    });
    expect(offThePage.statusCode).toBe(400);
    expect(offThePage.json().message).toBe('The e-signature box falls outside the page');

    // Someone else's document: 404, nothing changed.
    const otherDoc = await uploadedId(ctx, stranger.session, await makePdf(1));
    const notMine = await embed(owner, {
      document_id: otherDoc,
      user_id: owner.userData.id,
      ...box(60),
    });
    expect(notMine.statusCode).toBe(404);
    expect((await details(owner, id)).placements.esign).toEqual([]);
    expect((await details(stranger.session, otherDoc)).placements.esign).toEqual([]);
  });

  it('keeps every box of parallel calls for different signers', async () => {
    const { owner, colleague } = await team();
    const id = await uploadedId(ctx, owner, await makePdf(1));
    const results = await Promise.all(
      [owner, colleague].map((who, i) =>
        embed(owner, { document_id: id, user_id: who.userData.id, ...box(60 + i * 200) }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const users = (await details(owner, id)).placements.esign.map((e) => e.user_id).sort();
    expect(users).toEqual([owner.userData.id, colleague.userData.id].sort());
  });
});
