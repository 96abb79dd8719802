import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfError } from '../src/errors.ts';
import { describeCertificate, issueUserCertificate, localTsaCredential } from '../src/pki.ts';
import { createDigestSigner, createLocalSigner, toLibpdfSigner } from '../src/signers.ts';
import {
  createLocalTsa,
  createTimestampRequest,
  createTimestampResponse,
  tokenFromResponse,
} from '../src/tsa.ts';
import type { TestPki } from './helpers.ts';
import { opensslTsVerify, requireTool, skipWithout, TOOLS, tempDir, testPki } from './helpers.ts';

let pki: TestPki;
const tmp = tempDir('bubuh-pki-');

beforeAll(async () => {
  pki = await testPki();
});
afterAll(() => tmp.cleanup());

describe('local CA', () => {
  it('issues a root, the e-Meterai issuer, a TSA and user certificates', () => {
    const root = describeCertificate(pki.root.certificatePem);
    expect(root.commonName).toBe('Bubuh Local Root CA (SPESIMEN)');
    expect(describeCertificate(pki.emeterai.certificatePem).commonName).toBe(
      'Bubuh e-Meterai Local Issuer (SPESIMEN)',
    );
    const andi = new X509Certificate(pki.users[0]?.certificatePem ?? '');
    expect(andi.subject).toContain('CN=Andi Pratama');
    expect(andi.subject).toContain('serialNumber=NIK:3171010101900001');
    expect(andi.subjectAltName).toBe('email:andi@example.id');
    expect(andi.issuer).toContain('CN=Bubuh Local Root CA (SPESIMEN)');
    expect(andi.checkIssued(new X509Certificate(pki.root.certificatePem))).toBe(true);
    expect(andi.verify(new X509Certificate(pki.root.certificatePem).publicKey)).toBe(true);
    expect(new X509Certificate(pki.root.certificatePem).ca).toBe(true);
    expect(andi.ca).toBe(false);
  });

  it.skipIf(skipWithout(TOOLS.openssl))(
    'produces certificates openssl accepts, TSA with critical timeStamping EKU',
    () => {
      requireTool(TOOLS.openssl);
      const root = join(tmp.dir, 'root.pem');
      writeFileSync(root, pki.root.certificatePem);
      for (const [name, cred] of [
        ['emeterai', pki.emeterai],
        ['tsa', pki.tsa],
        ['user', pki.users[1]],
      ] as const) {
        const file = join(tmp.dir, `${name}.pem`);
        writeFileSync(file, cred?.certificatePem ?? '');
        expect(
          execFileSync('openssl', ['verify', '-CAfile', root, file], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
        ).toContain(': OK');
      }
      const text = execFileSync(
        'openssl',
        ['x509', '-in', join(tmp.dir, 'tsa.pem'), '-noout', '-text'],
        {
          encoding: 'utf8',
        },
      );
      expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping/);
      expect(
        execFileSync(
          'openssl',
          ['verify', '-purpose', 'timestampsign', '-CAfile', root, join(tmp.dir, 'tsa.pem')],
          {
            encoding: 'utf8',
          },
        ),
      ).toContain(': OK');
    },
  );

  it('supports ECDSA P-256 keys and rejects a bad NIK', async () => {
    const ec = await issueUserCertificate(
      pki.root,
      { name: 'Eka EC' },
      { keyAlgorithm: 'ECDSA-P256' },
    );
    const signer = createLocalSigner(ec);
    expect(signer.keyType).toBe('EC');
    await expect(issueUserCertificate(pki.root, { name: 'X', nik: '123' })).rejects.toThrow(
      PdfError,
    );
  });

  it('refuses a key that does not belong to the certificate', () => {
    const mixed = {
      privateKeyPem: pki.users[0]?.privateKeyPem ?? '',
      certificatePem: pki.users[1]?.certificatePem ?? '',
    };
    expect(() => createLocalSigner(mixed)).toThrow(/does not belong/);
  });

  it('adapts digest signers to libpdf signers', async () => {
    const local = createLocalSigner(pki.users[0] as TestPki['root']);
    const remote = createDigestSigner({
      certificates: [pki.users[0]?.certificatePem ?? ''],
      // a "remote" provider that receives only the digest
      signDigest: async (digest) => {
        const { privateEncrypt, constants } = await import('node:crypto');
        const prefix = Buffer.from('3031300d060960864801650304020105000420', 'hex');
        return new Uint8Array(
          privateEncrypt(
            { key: pki.users[0]?.privateKeyPem ?? '', padding: constants.RSA_PKCS1_PADDING },
            Buffer.concat([prefix, digest]),
          ),
        );
      },
    });
    const data = new TextEncoder().encode('to be signed');
    const a = await local.sign(data, 'SHA-256');
    const b = await toLibpdfSigner(remote).sign(data, 'SHA-256');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe('local RFC 3161 TSA', () => {
  it('answers a TimeStampReq with a granted TimeStampResp', () => {
    const digest = createHash('sha256').update('hello').digest();
    const resp = createTimestampResponse(
      createTimestampRequest(digest, 'SHA-256'),
      localTsaCredential(pki.tsa),
    );
    expect(tokenFromResponse(resp).length).toBeGreaterThan(500);
  });

  it('rejects malformed requests and unsupported hashes', () => {
    const bad = createTimestampResponse(
      new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]),
      localTsaCredential(pki.tsa),
    );
    expect(() => tokenFromResponse(bad)).toThrow(/rejected/);
  });

  it.skipIf(skipWithout(TOOLS.openssl))(
    'produces tokens that openssl ts -verify accepts',
    async () => {
      requireTool(TOOLS.openssl);
      const data = new TextEncoder().encode('signature value bytes');
      const digest = createHash('sha256').update(data).digest();
      const reqFile = join(tmp.dir, 'req.tsq');
      const respFile = join(tmp.dir, 'resp.tsr');
      const dataFile = join(tmp.dir, 'data.bin');
      writeFileSync(dataFile, data);
      // a request made by openssl itself, answered by our TSA
      execFileSync(
        'openssl',
        ['ts', '-query', '-data', dataFile, '-sha256', '-cert', '-out', reqFile],
        { stdio: 'ignore' },
      );
      const { readFileSync } = await import('node:fs');
      writeFileSync(
        respFile,
        createTimestampResponse(new Uint8Array(readFileSync(reqFile)), localTsaCredential(pki.tsa)),
      );
      writeFileSync(join(tmp.dir, 'root.pem'), pki.root.certificatePem);
      const out = execFileSync(
        'openssl',
        [
          'ts',
          '-verify',
          '-queryfile',
          reqFile,
          '-in',
          respFile,
          '-CAfile',
          join(tmp.dir, 'root.pem'),
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(out).toContain('Verification: OK');
      // and the in-process adapter used for B-T signing
      const token = await createLocalTsa(localTsaCredential(pki.tsa)).timestamp(digest, 'SHA-256');
      writeFileSync(join(tmp.dir, 'token.der'), token);
      const out2 = opensslTsVerify(
        digest.toString('hex'),
        join(tmp.dir, 'token.der'),
        join(tmp.dir, 'root.pem'),
      );
      expect(out2).toContain('Verification: OK');
    },
  );
});
