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
