import { constants, privateEncrypt, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalPki } from '@bubuh/pdf';
import sharp from 'sharp';
import {
  createPeruriMeteraiProvider,
  type TPeruriConfig,
} from '../src/providers/meterai/peruri-meterai-provider.ts';

const DIGEST_INFO_SHA256 = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export type TRecorded = {
  method: string;
  url: string;
  auth?: string | undefined;
  body: Record<string, unknown>;
  /** When the request arrived (ms since the epoch). */
  at: number;
};

/**
 * A fake Peruri on loopback speaking the distributor wire format of docs/product-rules.md §10:
 * login → JWT, jenisdoc, chanel/stampv2 (serial + base64 JPEG), docSigningM (hash signing).
 */
export type TFakePeruriOptions = {
  /** Answer the signing call with Peruri's error. */
  failSigning?: () => boolean;
  /** Never answer the signing call (a provider that hangs mid-stamp). */
  hangSigning?: () => boolean;
};

export const startFakePeruri = async (pki: LocalPki, options: TFakePeruriOptions = {}) => {
  const requests: TRecorded[] = [];
  const issued = new Set<string>();
  // Serials unique to this fake (PERURI + 16 digits, as Peruri's): test files sharing one
  // PostgreSQL database never issue the same serial twice.
  const prefix = `PERURI${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const serial = (n: number) => `${prefix}${String(n).padStart(8, '0')}`;
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
    const at = Date.now();
    const body = await readBody(req);
    requests.push({
      at,
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
      // Peruri's serial call requires the document's number and date.
      if (
        typeof body.nodoc !== 'string' ||
        body.nodoc === '' ||
        !/^\d{4}-\d{2}-\d{2}$/.test(String(body.tgldoc))
      ) {
        return send(200, { statusCode: '01', result: { err: 'nodoc and tgldoc are required' } });
      }
      const sn = serial(issued.size + 1);
      issued.add(sn);
      return send(200, {
        statusCode: '00',
        message: 'success',
        result: { sn, image, filenameQR: `${sn}.png` },
      });
    }
    if (req.method === 'POST' && req.url === '/keystampv2/pdfsigning/rest/docSigningM') {
      if (options.hangSigning?.()) return undefined;
      if (options.failSigning?.())
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
    /** The `n`th serial this fake issues (from 1). */
    serial,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** The Peruri provider pointed at a fake Peruri (its three hosts, its login and PKI). */
export const fakePeruriProvider = (
  fake: { base: string },
  pki: LocalPki,
  extra: Partial<TPeruriConfig> = {},
) =>
  createPeruriMeteraiProvider({
    backendUrl: fake.base,
    stampv2Url: fake.base,
    stampServiceUrl: fake.base,
    user: 'distributor@bubuh.test',
    password: 'rahasia',
    profileName: 'emeteraicertificateSigner',
    signerChainPem: `${pki.emeterai.certificatePem}\n${pki.emeterai.chainPem}`,
    trustRootsPem: [pki.root.certificatePem],
    ...extra,
  });
