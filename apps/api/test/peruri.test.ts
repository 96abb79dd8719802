import { constants, privateEncrypt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalPki, type LocalPki } from '@bubuh/pdf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { createPeruriMeteraiProvider } from '../src/providers/meterai/peruri-meterai-provider.ts';
import { bearer } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentUser,
  pdfsig,
  stampDocument,
  uploadedId,
  verifyThroughApi,
} from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';

/** SHA-256 DigestInfo prefix: an RSA PKCS#1 v1.5 signature over a digest computed elsewhere. */
const DIGEST_INFO_SHA256 = Buffer.from('3031300d060960864801650304020105000420', 'hex');

type TRecorded = {
  method: string;
  url: string;
  auth?: string | undefined;
  body: Record<string, unknown>;
};

/**
 * A fake Peruri on loopback speaking the distributor wire format of research/domain.md §2:
 * login → JWT, jenisdoc, chanel/stampv2 (serial + base64 JPEG), docSigningM (hash signing).
 */
const startFakePeruri = async (pki: LocalPki, options: { failSigning: () => boolean }) => {
  const requests: TRecorded[] = [];
  const issued = new Set<string>();
  const jwt = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: 'emeterai', exp: Math.floor(Date.now() / 1000) + 86_400 })).toString('base64url')}.sig`;
  const image = (
    await sharp({ create: { width: 183, height: 183, channels: 3, background: '#f7b2c4' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      auth: req.headers.authorization,
      body,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const authorised = req.headers.authorization === `Bearer ${jwt}`;
    if (req.method === 'POST' && req.url === '/api/users/login') {
      if (body.user !== 'distributor@bubuh.test' || body.password !== 'rahasia')
        return send(200, { statusCode: '01', message: 'invalid login' });
      return send(200, {
        statusCode: '00',
        message: 'success',
        token: jwt,
        result: { data: { login: { token: jwt } } },
      });
    }
    if (!authorised) return send(401, { statusCode: '401', message: 'unauthorized' });
    if (req.method === 'GET' && req.url === '/jenisdoc') {
      return send(200, {
        statusCode: '00',
        result: [
          { id: 1, kode: '2', nama: 'Dokumen Transaksi' },
          { id: 2, kode: '3', nama: 'Surat Perjanjian' },
        ],
      });
    }
    if (req.method === 'POST' && req.url === '/chanel/stampv2') {
      const sn = `PERURI${String(issued.size + 1).padStart(16, '0')}`;
      issued.add(sn);
      return send(200, {
        statusCode: '00',
        message: 'success',
        result: { sn, image, filenameQR: `${sn}.png` },
      });
    }
    if (req.method === 'POST' && req.url === '/keystampv2/pdfsigning/rest/docSigningM') {
      if (options.failSigning())
        return send(200, { status: 'False', errorCode: '96', errorMessage: 'signing error' });
      if (
        !issued.has(String(body.refToken)) ||
        body.jwToken !== jwt ||
        body.profileName !== 'emeteraicertificateSigner'
      ) {
        return send(200, { status: 'False', errorCode: '90', errorMessage: 'invalid input' });
      }
      const digest = Buffer.from(String(body.data), 'base64');
      const signature = privateEncrypt(
        { key: pki.emeterai.privateKeyPem, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([DIGEST_INFO_SHA256, digest]),
      );
      return send(200, {
        status: 'True',
        errorCode: '00',
        data: signature.toString('base64'),
        crlEntries: [],
        ocspEntries: [],
      });
    }
    return send(404, { statusCode: '404' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

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
      meterai: () =>
        createPeruriMeteraiProvider({
          backendUrl: fake.base,
          stampv2Url: fake.base,
          stampServiceUrl: fake.base,
          user: 'distributor@bubuh.test',
          password: 'rahasia',
          profileName: 'emeteraicertificateSigner',
          signerChainPem: `${pki.emeterai.certificatePem}\n${pki.emeterai.chainPem}`,
          trustRootsPem: [pki.root.certificatePem],
        }),
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
    expect(serial).toBe('PERURI0000000000000001');

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
    const details = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/single-stamp/get-document-details/${id}`,
        headers: bearer(session),
      })
    ).json().data;
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
