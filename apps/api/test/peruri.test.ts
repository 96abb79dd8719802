import { createLocalPki, type LocalPki } from '@bubuh/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { bearer } from './auth-helpers.ts';
import {
  getDocumentDetails,
  makePdf,
  newDepartmentUser,
  pdfsig,
  stampDocument,
  uploadedId,
  verifyThroughApi,
} from './documents-helpers.ts';
import { fakePeruriProvider, startFakePeruri } from './fake-peruri.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';
import { multipartBody } from './multipart.ts';

describe('Peruri adapter against a fake Peruri server', () => {
  let ctx: TTestContext;
  let fake: Awaited<ReturnType<typeof startFakePeruri>>;
  let pki: LocalPki;
  let failSigning = false;

  beforeAll(async () => {
    pki = await createLocalPki({ organization: 'Peruri Test' });
    fake = await startFakePeruri(pki, { failSigning: () => failSigning });
    ctx = await createTestContext({
      env: { ...RELAXED_LIMITS },
      meterai: () => fakePeruriProvider(fake, pki),
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it("stamps with Peruri's serial and image, signing by hash, and the result validates", async () => {
    const { session, ref } = await newDepartmentUser(ctx, 2);
    const types = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/single-stamp/doc-types',
      headers: bearer(session),
    });
    expect(types.json().data).toEqual([
      { kode: '2', nama: 'Dokumen Transaksi' },
      { kode: '3', nama: 'Surat Perjanjian' },
    ]);
    const id = await uploadedId(ctx, session, await makePdf(2));
    const res = await stampDocument(ctx, session, id);
    expect(res.statusCode, res.body).toBe(200);
    const serial = res.json().data.serial_number as string;
    expect(serial).toBe(fake.serial(1));

    const generate = fake.requests.find((r) => r.url === '/chanel/stampv2');
    expect(generate?.body).toMatchObject({
      isUpload: false,
      snOnly: false,
      namadoc: '3',
      namafile: 'perjanjian.pdf',
      nilaidoc: '10000',
      nodoc: String(id),
    });
    expect(String(generate?.body.tgldoc)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const signing = fake.requests.find((r) => r.url === '/keystampv2/pdfsigning/rest/docSigningM');
    expect(signing?.body).toMatchObject({
      profileName: 'emeteraicertificateSigner',
      refToken: serial,
    });
    expect(Buffer.from(String(signing?.body.data), 'base64')).toHaveLength(32);
    expect(String(signing?.body.shaChecksum)).toMatch(/^[0-9a-f]{64}$/);
    expect(fake.requests.filter((r) => r.url === '/api/users/login')).toHaveLength(1);

    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/single-stamp/download-file/${id}`,
      headers: bearer(session),
    });
    const report = pdfsig(download.rawPayload);
    expect(report).toContain(`Signature Field Name: Emet${serial}`);
    expect(report).toContain(
      'Signer Certificate Common Name: Peruri Test e-Meterai Local Issuer (SPESIMEN)',
    );
    expect(report).toContain('Signature Validation: Signature is Valid.');
    const verified = await verifyThroughApi(ctx, download.rawPayload, 'stamped.pdf');
    expect(verified.signatures[0]).toMatchObject({
      kind: 'emeterai',
      serial_number: serial,
      integrity: true,
      trusted: true,
    });
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);

    // A second stamp reuses the cached login token.
    const second = await stampDocument(
      ctx,
      session,
      await uploadedId(ctx, session, await makePdf(1)),
      1,
    );
    expect(second.statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.url === '/api/users/login')).toHaveLength(1);
  });

  it("gives Peruri the document's own number and date when its owner set them", async () => {
    const { session } = await newDepartmentUser(ctx, 2);
    const id = await uploadedId(ctx, session, await makePdf(1));
    const emet = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/single-stamp/update-emet',
      headers: bearer(session),
      payload: {
        document_id: id,
        doc_type: '2',
        doc_value: 7_500_000,
        doc_number: 'INV/2026/014',
        doc_date: '2026-03-02',
      },
    });
    expect(emet.statusCode, emet.body).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/single-stamp/stamp-process',
      headers: bearer(session),
      payload: { document_id: id, page: 1, x: 400, y: 100, width: 75, height: 75, doc_type: '2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const generate = fake.requests.filter((r) => r.url === '/chanel/stampv2').at(-1);
    expect(generate?.body).toMatchObject({
      namadoc: '2',
      nilaidoc: '7500000',
      nodoc: 'INV/2026/014',
      tgldoc: '2026-03-02',
    });

    // One call: the form's number and date go to Peruri the same way.
    const form = multipartBody(
      {
        page: '1',
        x: '400',
        y: '100',
        width: '75',
        height: '75',
        doc_type: '3',
        doc_number: 'SPK-9',
        doc_date: '2026-01-31',
      },
      { field: 'file', name: 'spk.pdf', content: await makePdf(1), type: 'application/pdf' },
    );
    const one = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stamp/one-stamp-process',
      headers: { ...bearer(session), ...form.headers },
      payload: form.payload,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(fake.requests.filter((r) => r.url === '/chanel/stampv2').at(-1)?.body).toMatchObject({
      namadoc: '3',
      namafile: 'spk.pdf',
      nodoc: 'SPK-9',
      tgldoc: '2026-01-31',
    });
  });

  it('returns the unit when Peruri refuses to sign', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    const id = await uploadedId(ctx, session, await makePdf(1));
    failSigning = true;
    try {
      const res = await stampDocument(ctx, session, id, 1);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain('signing error');
    } finally {
      failSigning = false;
    }
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
    const details = (await getDocumentDetails(ctx, session, id)).json().data;
    expect(details).toMatchObject({ status: 'nostamp', serial_number: null });

    // The retry stamps with the same serial and image (retryFlag "1"); Peruri issues no second.
    const issuedBefore = fake.requests.filter((r) => r.url === '/chanel/stampv2').length;
    const retry = await stampDocument(ctx, session, id, 1);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(fake.requests.filter((r) => r.url === '/chanel/stampv2')).toHaveLength(issuedBefore);
    const signings = fake.requests.filter(
      (r) => r.url === '/keystampv2/pdfsigning/rest/docSigningM',
    );
    expect(signings.at(-1)?.body).toMatchObject({
      refToken: retry.json().data.serial_number,
      retryFlag: '1',
    });
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
  });
});
