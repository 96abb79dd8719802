import {
  ZApiError,
  ZDocumentResponse,
  ZUploadDocumentResponse,
  ZVerifyResponse,
} from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, users } from '../src/db/schema.ts';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { callAs, type TMethod } from './auth-helpers.ts';
import {
  getDocumentDetails,
  makePdf,
  newDepartmentMember,
  newDepartmentUser as newDepartmentUserIn,
  pdfsig,
  purchase,
  signatureBox,
  stampDocument,
  type TSession,
  uploadedId,
  uploadPdf,
  verifyThroughApi,
} from './documents-helpers.ts';
import { createTestContext, issuingFailsWhen, TEST_ENV, type TTestContext } from './helpers.ts';
import { expectPages, expectRefusedQuery, pagedNames, readPages } from './list-helpers.ts';
import { multipartBody } from './multipart.ts';

let failIssuing = false;
let ctx: TTestContext;

const multipart = (name: string, content: Buffer, type = 'application/pdf') =>
  multipartBody({}, { field: 'file', name, content, type });
const newDepartmentUser = (units: number) => newDepartmentUserIn(ctx, units);
const upload = (session: TSession, content: Buffer, name?: string, type?: string) =>
  uploadPdf(ctx, session, content, name, type);
const stamp = (session: TSession, documentId: number, page = 2) =>
  stampDocument(ctx, session, documentId, page);
const uploaded = (session: TSession, content: Buffer, name?: string) =>
  uploadedId(ctx, session, content, name);
const call = (session: TSession, method: TMethod, url: string, payload?: unknown) =>
  callAs(ctx, session, method, url, payload);

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      ...TEST_ENV,
      UPLOAD_LIMIT_BYTES: String(2 * 1024 * 1024),
    },
    meterai: issuingFailsWhen(() => failIssuing),
  });
});
afterAll(() => ctx.close());

describe('upload', () => {
  it('keeps a PDF as a draft with its page sizes in points', async () => {
    const { session } = await newDepartmentUser(0);
    const res = await upload(session, await makePdf(3));
    expect(res.statusCode, res.body).toBe(201);
    const data = ZUploadDocumentResponse.parse(res.json()).data;
    expect(data.pages).toEqual([
      { width: 595, height: 842 },
      { width: 595, height: 842 },
      { width: 595, height: 842 },
    ]);
    const details = ZDocumentResponse.parse(
      (await getDocumentDetails(ctx, session, data.document_id)).json(),
    ).data;
    expect(details).toMatchObject({
      status: 'nostamp',
      signing_status: 'draft',
      serial_number: null,
    });
    const unsigned = await ctx.app.inject({ method: 'GET', url: details.file_path });
    expect(unsigned.statusCode).toBe(200);
    expect(unsigned.headers['content-type']).toBe('application/pdf');
    const noToken = await ctx.app.inject({
      method: 'GET',
      url: `/UNSIGNED/${data.document_id}.pdf`,
    });
    expect(noToken.statusCode).toBe(401);
  });

  it('refuses non-PDF, broken and oversized files without keeping anything', async () => {
    const { session } = await newDepartmentUser(0);
    const before = (
      await ctx.database.db
        .select()
        .from(documents)
        .where(eq(documents.ownerUserId, session.userData.id))
    ).length;
    const html = await upload(
      session,
      Buffer.from('<html><body>not a pdf</body></html>'),
      'fake.pdf',
    );
    expect(html.statusCode).toBe(422);
    expect(ZApiError.parse(html.json()).errors.pdf).toBe('NOT_PDF');
    const good = await makePdf(2);
    const truncated = await upload(session, good.subarray(0, Math.floor(good.length / 2)));
    expect(truncated.statusCode).toBe(422);
    const word = await upload(
      session,
      Buffer.from('PK\u0003\u0004docx'),
      'kontrak.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(word.statusCode).toBe(415);
    const big = await upload(session, Buffer.concat([good, Buffer.alloc(3 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    const after = (
      await ctx.database.db
        .select()
        .from(documents)
        .where(eq(documents.ownerUserId, session.userData.id))
    ).length;
    expect(after).toBe(before);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('stamping one document', () => {
  it('stamps on page 2, spends one unit, and the download validates in pdfsig with the serial in the reason', async () => {
    const { session, ref } = await newDepartmentUser(3);
    const id = await uploaded(session, await makePdf(2));
    const res = await stamp(session, id);
    expect(res.statusCode, res.body).toBe(200);
    const { serial_number, status } = res.json().data as { serial_number: string; status: string };
    expect(status).toBe('stamp');
    expect(serial_number).toMatch(/^[A-Z0-9]{22}$/);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(2);

    const download = await call(session, 'GET', `/api/v1/single-stamp/download-file/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const out = pdfsig(download.rawPayload);
    expect(out).toContain(`Signature Field Name: Emet${serial_number}`);
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Total document signed');
    expect(download.rawPayload.toString('latin1')).toContain(`[${serial_number}]`);

    const again = await stamp(session, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Dokumen sudah dibubuhi e-Meterai');
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(2);

    const list = await call(session, 'GET', '/api/v1/single-stamp/get-document-user?status=all');
    expect(list.json().data.stamp.map((d: { document_id: number }) => d.document_id)).toContain(id);
    const cancel = await call(session, 'POST', '/api/v1/single-stamp/canceled-stamp', {
      document_id: id,
    });
    expect(cancel.statusCode).toBe(409);
    const del = await call(session, 'DELETE', `/api/v1/single-stamp/delete-document/${id}`);
    expect(del.statusCode).toBe(409);

    const verify = multipart('stamped.pdf', download.rawPayload);
    const verified = ZVerifyResponse.parse(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/services/verify',
          headers: verify.headers,
          payload: verify.payload,
        })
      ).json(),
    ).data;
    expect(verified.intact).toBe(true);
    expect(verified.known_serials).toEqual([serial_number]);
    expect(verified.signatures[0]).toMatchObject({
      kind: 'emeterai',
      serial_number,
      integrity: true,
      trusted: true,
      timestamped: true,
    });
    const tampered = Buffer.from(download.rawPayload);
    const at = tampered.indexOf('halaman');
    const index = at > 0 ? at : 200;
    tampered[index] = (tampered[index] ?? 0) ^ 0x01;
    const bad = multipart('tampered.pdf', tampered);
    const badResult = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/services/verify',
      headers: bad.headers,
      payload: bad.payload,
    });
    if (badResult.statusCode === 200)
      expect(ZVerifyResponse.parse(badResult.json()).data.intact).toBe(false);
    else expect(badResult.statusCode).toBe(422);
  });

  it('returns the unit and leaves the draft as it was when the provider is down', async () => {
    const { session, ref } = await newDepartmentUser(1);
    const id = await uploaded(session, await makePdf(1));
    failIssuing = true;
    try {
      const res = await stamp(session, id, 1);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'Pembubuhan e-Meterai gagal, kuota telah dikembalikan. Silakan coba lagi.',
      );
    } finally {
      failIssuing = false;
    }
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
    const details = (await getDocumentDetails(ctx, session, id)).json().data;
    expect(details).toMatchObject({
      status: 'nostamp',
      signing_status: 'draft',
      serial_number: null,
    });
    expect(details.last_error).toBeTruthy();
    const retry = await stamp(session, id, 1);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
  });

  it('refuses without quota, and spends nothing', async () => {
    const { session, ref } = await newDepartmentUser(0);
    const id = await uploaded(session, await makePdf(1));
    const res = await stamp(session, id, 1);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Kuota tidak mencukupi');
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
    const details = (await getDocumentDetails(ctx, session, id)).json().data;
    expect(details.signing_status).toBe('draft');
  });

  it("answers 404 for another company's document", async () => {
    const owner = await newDepartmentUser(1);
    const stranger = await newDepartmentUser(1);
    const id = await uploaded(owner.session, await makePdf(1));
    expect((await stamp(stranger.session, id, 1)).statusCode).toBe(404);
    for (const url of [
      `/api/v1/single-stamp/get-document-details/${id}`,
      `/api/v1/single-stamp/download-file/${id}`,
    ]) {
      expect((await call(stranger.session, 'GET', url)).statusCode).toBe(404);
    }
    expect(
      (await call(stranger.session, 'DELETE', `/api/v1/single-stamp/delete-document/${id}`))
        .statusCode,
    ).toBe(404);
    expect(await balanceOf(ctx.database.db, stranger.ref, 'emeterai')).toBe(1);
    expect(await balanceOf(ctx.database.db, owner.ref, 'emeterai')).toBe(1);
  });

  it('stamps exactly 10 of 20 documents stamped in parallel with 10 units', async () => {
    const { session, ref } = await newDepartmentUser(10);
    const pdf = await makePdf(1);
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await uploaded(session, pdf, `doc-${i}.pdf`));
    const results = await Promise.all(ids.map((id) => stamp(session, id, 1)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.json().message).toBe('Kuota tidak mencukupi');
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
    const serials = new Set(ok.map((r) => r.json().data.serial_number));
    expect(serials.size).toBe(10);
    const stamped = await ctx.database.db
      .select()
      .from(documents)
      .where(eq(documents.ownerUserId, session.userData.id));
    expect(stamped.filter((d) => d.state === 'stamped')).toHaveLength(10);
  });

  it('cancels and deletes drafts', async () => {
    const { session } = await newDepartmentUser(0);
    const id = await uploaded(session, await makePdf(1));
    const cancel = await call(session, 'POST', '/api/v1/single-stamp/canceled-stamp', {
      document_id: id,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await stamp(session, id, 1)).statusCode).toBe(409);
    const del = await call(session, 'DELETE', `/api/v1/single-stamp/delete-document/${id}`);
    expect(del.statusCode).toBe(200);
    expect((await getDocumentDetails(ctx, session, id)).statusCode).toBe(404);
  });
});

describe('templates', () => {
  it('saves placements and stamps a document at the template position', async () => {
    const { session, ref } = await newDepartmentUser(1);
    const create = await call(session, 'POST', '/api/v1/template/create-template', {
      name: 'Kontrak standar',
      type: 'Surat Dokumen',
      emeterai: { page: 1, x: 450, y: 60, width: 75, height: 75 },
      esign: [],
    });
    expect(create.statusCode, create.body).toBe(201);
    expect(create.json().message).toBe('Berhasil tambah data Template');
    const templateId = create.json().data.id as number;
    const empty = await call(session, 'POST', '/api/v1/template/create-template', {
      name: 'Kosong',
      type: 'Surat Berharga',
      emeterai: null,
      esign: [],
    });
    expect(empty.statusCode).toBe(400);
    const list = await call(session, 'GET', '/api/v1/template');
    expect(list.json().data.data.map((t: { name: string }) => t.name)).toContain('Kontrak standar');

    const id = await uploaded(session, await makePdf(1));
    const stranger = await newDepartmentUser(1);
    const foreign = await call(
      stranger.session,
      'POST',
      `/api/v1/single-stamp/stamp-template-process-company/${templateId}`,
      { document_id: id, doc_type: '2' },
    );
    expect(foreign.statusCode).toBe(404);
    const res = await call(
      session,
      'POST',
      `/api/v1/single-stamp/stamp-template-process-company/${templateId}`,
      { document_id: id, doc_type: '2' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
    const details = (await getDocumentDetails(ctx, session, id)).json().data;
    expect(details.placements.emeterai).toMatchObject({
      page: 1,
      x: 450,
      y: 60,
      width: 75,
      height: 75,
    });
    const removed = await call(session, 'DELETE', `/api/v1/template/deleted/${templateId}`);
    expect(removed.json().message).toBe('Berhasil hapus data Template');
  });
});

describe('document and template list sorting', () => {
  it('sorts the documents on the server, across pages, NULLs last, newest first by default', async () => {
    const { session } = await newDepartmentUser(2);
    const ids: Record<string, number> = {};
    // Uploaded in this order (ids ascending).
    for (const name of ['delta', 'Alpha', 'echo', 'Charlie', 'bravo']) {
      const res = await upload(session, await makePdf(1), `${name}.pdf`);
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = ZUploadDocumentResponse.parse(res.json()).data.document_id;
    }
    for (const name of ['Alpha', 'Charlie']) {
      const res = await stamp(session, ids[name] ?? 0, 1);
      expect(res.statusCode, res.body).toBe(200);
    }
    const canceled = await call(session, 'POST', '/api/v1/single-stamp/canceled-stamp', {
      document_id: ids.echo,
    });
    expect(canceled.statusCode).toBe(200);

    type TRow = { document_file: string; serial_number: string | null };
    const read = pagedNames<TRow>(
      ctx,
      session,
      '/api/v1/single-stamp/get-document-user',
      (d) => d.document_file.replace(/\.pdf$/, ''),
      5,
    );
    await expectPages(read, [
      [{}, [['bravo', 'Charlie'], ['echo', 'Alpha'], ['delta']]],
      [{ sort: 'created' }, [['delta', 'Alpha'], ['echo', 'Charlie'], ['bravo']]],
      // File names sort without regard to case.
      [{ sort: 'document' }, [['Alpha', 'bravo'], ['Charlie', 'delta'], ['echo']]],
      [{ sort: 'document', order: 'desc' }, [['echo', 'delta'], ['Charlie', 'bravo'], ['Alpha']]],
      [{ sort: 'status' }, [['echo', 'delta'], ['bravo', 'Alpha'], ['Charlie']]],
      // Documents that are not stamped have no stamp date: last, in both directions.
      [{ sort: 'stamped', order: 'desc' }, [['Charlie', 'Alpha'], ['bravo', 'echo'], ['delta']]],
      [{ sort: 'stamped' }, [['Alpha', 'Charlie'], ['delta', 'echo'], ['bravo']]],
    ]);
    // Drafts have no serial: last.
    const bySerial = await readPages<TRow>(ctx, session, '/api/v1/single-stamp/get-document-user', {
      sort: 'serial',
    });
    const serials = bySerial.rows.map((d) => d.serial_number);
    const issued = serials.slice(0, 2) as string[];
    expect(issued.every((v) => typeof v === 'string')).toBe(true);
    expect(issued).toEqual([...issued].sort());
    expect(serials.slice(2)).toEqual([null, null, null]);
    // Sorting applies within the status filter.
    const draftsOnly = await readPages<TRow>(
      ctx,
      session,
      '/api/v1/single-stamp/get-document-user',
      { status: 'nostamp', sort: 'document', order: 'desc' },
      1,
    );
    expect(draftsOnly.pages.map((p) => p.map((d) => d.document_file))).toEqual([
      ['delta.pdf'],
      ['bravo.pdf'],
    ]);
    await expectRefusedQuery(
      ctx,
      session,
      '/api/v1/single-stamp/get-document-user?sort=owner',
      'sort',
    );
  });

  it('sorts the templates on the server, across pages, newest first by default', async () => {
    const { session } = await newDepartmentUser(0);
    const templates: [string, 'Surat Dokumen' | 'Surat Berharga'][] = [
      ['Delta', 'Surat Dokumen'],
      ['alpha', 'Surat Berharga'],
      ['Echo', 'Surat Dokumen'],
      ['Charlie', 'Surat Berharga'],
      ['Bravo', 'Surat Dokumen'],
    ];
    for (const [name, type] of templates) {
      const res = await call(session, 'POST', '/api/v1/template/create-template', {
        name,
        type,
        emeterai: { page: 1, x: 450, y: 60, width: 75, height: 75 },
        esign: [],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const read = pagedNames<{ name: string }>(ctx, session, '/api/v1/template', (t) => t.name, 5);
    await expectPages(read, [
      [{}, [['Bravo', 'Charlie'], ['Echo', 'alpha'], ['Delta']]],
      [{ sort: 'date' }, [['Delta', 'alpha'], ['Echo', 'Charlie'], ['Bravo']]],
      [{ sort: 'name' }, [['alpha', 'Bravo'], ['Charlie', 'Delta'], ['Echo']]],
      [{ sort: 'name', order: 'desc' }, [['Echo', 'Delta'], ['Charlie', 'Bravo'], ['alpha']]],
      [{ sort: 'type' }, [['alpha', 'Charlie'], ['Delta', 'Echo'], ['Bravo']]],
      [{ sort: 'type', order: 'desc' }, [['Bravo', 'Echo'], ['Delta', 'Charlie'], ['alpha']]],
    ]);
    await expectRefusedQuery(ctx, session, '/api/v1/template?sort=owner', 'sort');
  });
});

describe('e-signatures before the stamp', () => {
  it('signs three times in order and then stamps; pdfsig shows four valid signatures', async () => {
    const { session: owner, ref } = await newDepartmentUser(1);
    await purchase(ctx, ref, 'esign', 3);
    const [ownerRow] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, owner.userData.id));
    const colleagues: TSession[] = [];
    for (let i = 0; i < 2; i += 1) {
      colleagues.push(
        await newDepartmentMember(
          ctx,
          ownerRow?.companyId ?? null,
          ownerRow?.departementId ?? null,
        ),
      );
    }
    const [second, third] = colleagues as [TSession, TSession];
    const id = await uploaded(owner, await makePdf(1));
    const set = await call(owner, 'POST', '/api/v1/esign-only/update-signer-data', {
      document_id: id,
      signers: [
        { user_id: owner.userData.id, ...signatureBox(60) },
        { user_id: second.userData.id, ...signatureBox(200) },
        { user_id: third.userData.id, ...signatureBox(340) },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const sign = (who: TSession, x: number, confirm = true) =>
      call(who, 'POST', '/api/v1/esign-only/signer-process', {
        document_id: id,
        ...signatureBox(x),
        ...(confirm ? { identity_confirmed: true } : {}),
      });

    const outOfTurn = await sign(third, 340);
    expect(outOfTurn.statusCode).toBe(409);
    expect(outOfTurn.json().message).toBe('It is not your turn to sign yet');
    const unconfirmed = await sign(owner, 60, false);
    expect(unconfirmed.statusCode).toBe(409);
    expect(ZApiError.parse(unconfirmed.json()).errors.reason).toBe('IDENTITY_REQUIRED');
    expect((await stamp(owner, id, 1)).statusCode).toBe(409);

    for (const [who, x] of [
      [owner, 60],
      [second, 200],
      [third, 340],
    ] as const) {
      const res = await sign(who, x);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await balanceOf(ctx.database.db, ref, 'esign')).toBe(0);
    const stamped = await stamp(owner, id, 1);
    expect(stamped.statusCode, stamped.body).toBe(200);
    const download = await call(owner, 'GET', `/api/v1/single-stamp/download-file/${id}`);
    const out = pdfsig(download.rawPayload);
    expect(out.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(4);
    expect(out.match(/Total document signed/g)).toHaveLength(1);
    expect(out).toContain(`Emet${stamped.json().data.serial_number}`);
    // Our own verifier agrees: four intact, trusted signatures, three e-sign then the e-Meterai.
    const verified = await verifyThroughApi(ctx, download.rawPayload, 'signed-stamped.pdf');
    expect(verified.intact).toBe(true);
    expect(verified.signatures.map((sig) => [sig.kind, sig.integrity, sig.trusted])).toEqual([
      ['esign', true, true],
      ['esign', true, true],
      ['esign', true, true],
      ['emeterai', true, true],
    ]);
    expect(verified.signatures.slice(0, 3).every((sig) => sig.modified_after === 'allowed')).toBe(
      true,
    );
    const details = (await getDocumentDetails(ctx, second, id)).json().data;
    expect(details.signers.map((s: { status: string }) => s.status)).toEqual([
      'signed',
      'signed',
      'signed',
    ]);
    expect(details.signing_method).toBe('esign-emeterai');
  });
});
