/**
 * What the engine reports and writes, checked directly: `inspectPdf` fields, exactly one
 * incremental revision per signature, a stamp on a rotated page rendered upright where the viewer
 * placed it, and the hash-signing route (DigestSigner) accepted by pdfsig.
 */
import { spawnSync } from 'node:child_process';
import { constants, privateEncrypt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '../src/inspect.ts';
import { decodePng } from '../src/internal/png.ts';
import { readXrefChain } from '../src/internal/xref-chain.ts';
import { placeToPdf } from '../src/place.ts';
import { signPdf, stampMeterai } from '../src/sign.ts';
import { createDigestSigner } from '../src/signers.ts';
import { verifyPdf } from '../src/verify.ts';
import * as corpus from './fixtures/make-corpus.ts';
import { encodePng } from './fixtures/png.ts';
import type { TestPki } from './helpers.ts';
import {
  pdfsig,
  requireTool,
  skipWithout,
  stampSpecimen,
  TOOLS,
  tempDir,
  testPki,
} from './helpers.ts';

const SN = 'QWERTYUIOPASDFGHJKLZX1';
const A4 = { width: 595.28, height: 841.89 };
const tmp = tempDir('bubuh-output-');
let pki: TestPki;

beforeAll(async () => {
  pki = await testPki();
});
afterAll(() => tmp.cleanup());

describe('inspectPdf reports', () => {
  it('page sizes after /Rotate, rotation, version, not encrypted, not linearized', async () => {
    const info = await inspectPdf(await corpus.rotatedPages());
    expect(info).toEqual({
      pageCount: 4,
      pages: [
        { width: A4.width, height: A4.height, rotation: 0, x: 0, y: 0 },
        { width: A4.height, height: A4.width, rotation: 90, x: 0, y: 0 },
        { width: A4.width, height: A4.height, rotation: 180, x: 0, y: 0 },
        { width: A4.height, height: A4.width, rotation: 270, x: 0, y: 0 },
      ],
      pdfVersion: '1.7',
      encrypted: false,
      linearized: false,
      signatures: [],
      javaScript: [],
      javaScriptCount: 0,
    });
  });

  it('the catalog /Version wins over an older header; crop-box origin; inherited /Rotate', async () => {
    const bytes = corpus.rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /Version /2.0 >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 /Rotate 270 /MediaBox [0 0 600 800] >>',
      '<< /Type /Page /Parent 2 0 R /CropBox [50 100 550 700] >>',
    ]);
    const info = await inspectPdf(bytes);
    expect(info.pdfVersion).toBe('2.0');
    expect(info.pages).toEqual([{ width: 600, height: 500, rotation: 270, x: 50, y: 100 }]);
  });

  it.skipIf(skipWithout(TOOLS.qpdf))(
    'a qpdf-linearized file is reported as linearized',
    async () => {
      requireTool(TOOLS.qpdf);
      const lin = corpus.linearized(await corpus.onePage());
      if (!lin) throw new Error('qpdf failed');
      expect((await inspectPdf(lin)).linearized).toBe(true);
    },
  );

  it('the signatures of an already-signed file: field, signer, reason, kind', async () => {
    const external = await corpus.alreadySigned(pki.external);
    const info = await inspectPdf(external);
    expect(info.signatures).toEqual([
      {
        fieldName: 'External',
        kind: 'esign',
        serial: null,
        claimedSerial: null,
        meteraiClaim: null,
        signerName: 'External Signer',
        reason: 'Signed elsewhere',
        coversWholeDocument: true,
      },
    ]);
    const signed = await signPdf(external, {
      specimen: 'Andi',
      page: 1,
      rect: { x: 50, y: 50, width: 150, height: 50 },
      signer: pki.users[0] as TestPki['root'],
      reason: 'Setuju',
    });
    const after = await inspectPdf(signed.bytes);
    expect(
      after.signatures.map((s) => [s.fieldName, s.signerName, s.reason, s.coversWholeDocument]),
    ).toEqual([
      ['External', 'External Signer', 'Signed elsewhere', false],
      ['Signature1', 'Andi Pratama', 'Setuju', true],
    ]);
  });
});

/** Revision markers: `startxref`, `%%EOF` and the cross-reference sections reachable from the end. */
function revisions(bytes: Uint8Array): { startxref: number; eof: number; sections: number } {
  const text = Buffer.from(bytes).toString('latin1');
  return {
    startxref: text.split('startxref').length - 1,
    eof: text.split('%%EOF').length - 1,
    sections: readXrefChain(bytes).length,
  };
}

function expectOneRevisionAdded(before: Uint8Array, after: Uint8Array): void {
  expect(Buffer.from(after.subarray(0, before.length)).equals(Buffer.from(before))).toBe(true);
  const a = revisions(before);
  const b = revisions(after);
  expect(b).toEqual({
    startxref: a.startxref + 1,
    eof: a.eof + 1,
    sections: a.sections + 1,
  });
  // the appended part is exactly one revision: one startxref, one %%EOF at the very end
  const tail = Buffer.from(after.subarray(before.length)).toString('latin1');
  expect(tail.split('startxref').length - 1).toBe(1);
  expect(tail.trimEnd().endsWith('%%EOF')).toBe(true);
}

describe('each signature is exactly one incremental revision', () => {
  for (const [name, make] of [
    ['classic xref table', corpus.onePage],
    ['xref stream + object streams', corpus.objectStreams],
  ] as const) {
    it(`signPdf then stampMeterai on a ${name}`, async () => {
      const input = await make();
      const signed = await signPdf(input, {
        specimen: 'Andi',
        page: 1,
        rect: { x: 50, y: 50, width: 150, height: 50 },
        signer: pki.users[0] as TestPki['root'],
      });
      expectOneRevisionAdded(input, signed.bytes);
      const stamped = await stampSpecimen(signed.bytes, {
        serial: SN,
        signer: pki.emeterai,
      });
      expectOneRevisionAdded(signed.bytes, stamped.bytes);
      expect((await verifyPdf(stamped.bytes)).valid).toBe(true);
    });
  }
});

describe('a stamp on a rotated page', () => {
  const hasPdftoppm = corpus.which('pdftoppm');

  it.skipIf(!hasPdftoppm && process.env.CI !== 'true')(
    'renders upright where the viewer placed it (pdftoppm -r 36)',
    async () => {
      if (!hasPdftoppm) throw new Error('pdftoppm is required: apt-get install poppler-utils');
      const doc = await corpus.rotatedPages();
      const info = await inspectPdf(doc);
      const page = info.pages[1]; // /Rotate 90, shown landscape
      if (!page) throw new Error('no page 2');
      expect(page.rotation).toBe(90);
      // left half red, right half blue, as the viewer shows it
      const png = encodePng({
        width: 10,
        height: 10,
        colorType: 2,
        pixel: (x) => (x < 5 ? [220, 20, 20] : [20, 20, 220]),
      });
      const box = { x: 300, y: 200, width: 120, height: 120, scale: 1 };
      const stamped = await stampMeterai(doc, {
        serial: SN,
        image: png,
        page: 2,
        rect: placeToPdf(box, page, page.rotation),
        signer: pki.emeterai,
      });
      const file = join(tmp.dir, 'rotated.pdf');
      writeFileSync(file, stamped.bytes);
      const res = spawnSync('pdftoppm', [
        '-png',
        '-r',
        '36',
        '-f',
        '2',
        '-l',
        '2',
        '-singlefile',
        file,
        join(tmp.dir, 'rotated'),
      ]);
      expect(res.status, String(res.stderr)).toBe(0);
      const image = decodePng(new Uint8Array(readFileSync(join(tmp.dir, 'rotated.png'))));
      if (!image) throw new Error('pdftoppm PNG cannot be decoded');
      // landscape at 36 dpi: 1 pixel = 2 points
      expect(image.width).toBe(Math.round(page.width / 2));
      expect(image.height).toBe(Math.round(page.height / 2));
      const at = (px: number, py: number): [number, number, number] => {
        const i = (py * image.width + px) * image.channels;
        return [image.pixels[i] ?? 0, image.pixels[i + 1] ?? 0, image.pixels[i + 2] ?? 0];
      };
      const count = (
        x0: number,
        y0: number,
        x1: number,
        y1: number,
        test: (c: number[]) => boolean,
      ) => {
        let hits = 0;
        let all = 0;
        for (let py = y0; py < y1; py++)
          for (let px = x0; px < x1; px++) {
            all++;
            if (test(at(px, py))) hits++;
          }
        return hits / all;
      };
      const red = (c: number[]) => (c[0] ?? 0) > 150 && (c[1] ?? 0) < 90 && (c[2] ?? 0) < 90;
      const blue = (c: number[]) => (c[2] ?? 0) > 150 && (c[0] ?? 0) < 90 && (c[1] ?? 0) < 90;
      // the box in pixels: x 150..210, y 100..160 (viewer origin top-left); 3 px margin
      const [x0, y0, x1, y1] = [
        box.x / 2,
        box.y / 2,
        (box.x + box.width) / 2,
        (box.y + box.height) / 2,
      ];
      const mid = (x0 + x1) / 2;
      expect(count(x0 + 3, y0 + 3, mid - 3, y1 - 3, red)).toBeGreaterThan(0.95);
      expect(count(mid + 3, y0 + 3, x1 - 3, y1 - 3, blue)).toBeGreaterThan(0.95);
      // and nowhere else
      const elsewhere =
        count(0, 0, image.width, y0 - 3, (c) => red(c) || blue(c)) +
        count(0, y1 + 3, image.width, image.height, (c) => red(c) || blue(c)) +
        count(0, 0, x0 - 3, image.height, (c) => red(c) || blue(c)) +
        count(x1 + 3, 0, image.width, image.height, (c) => red(c) || blue(c));
      expect(elsewhere).toBe(0);
      expect((await verifyPdf(stamped.bytes)).signatures[0]?.integrity).toBe(true);
    },
  );
});

describe('the hash-signing route (DigestSigner, as with a remote provider)', () => {
  it.skipIf(skipWithout(TOOLS.pdfsig))(
    'a stamp signed through signDigest is valid for pdfsig and verifyPdf',
    async () => {
      requireTool(TOOLS.pdfsig);
      const seen: string[] = [];
      const remote = createDigestSigner({
        certificates: [pki.emeterai.certificatePem, pki.emeterai.chainPem],
        // what an HSM / Peruri-style service does: PKCS#1 v1.5 over DigestInfo(SHA-256, digest)
        signDigest: async (digest, algorithm) => {
          seen.push(`${algorithm}:${digest.length}`);
          const prefix = Buffer.from('3031300d060960864801650304020105000420', 'hex');
          return new Uint8Array(
            privateEncrypt(
              { key: pki.emeterai.privateKeyPem, padding: constants.RSA_PKCS1_PADDING },
              Buffer.concat([prefix, digest]),
            ),
          );
        },
      });
      const input = await corpus.onePage();
      const stamped = await stampSpecimen(input, {
        serial: SN,
        signer: remote,
        reason: 'Dokumen',
      });
      expect(seen).toEqual(['SHA-256:32']);
      expectOneRevisionAdded(input, stamped.bytes);
      const file = join(tmp.dir, 'digest-signer.pdf');
      writeFileSync(file, stamped.bytes);
      const ps = pdfsig(file);
      expect(ps.signatures, ps.raw).toHaveLength(1);
      expect(ps.signatures[0]?.validation, ps.raw).toBe('Signature is Valid.');
      expect(ps.signatures[0]?.total, ps.raw).toBe(true);
      expect(ps.signatures[0]?.commonName).toBe('Bubuh e-Meterai Local Issuer (SPESIMEN)');
      const v = await verifyPdf(stamped.bytes, {
        trustRoots: [pki.root.certificatePem],
        meteraiIssuers: [pki.emeterai.certificatePem],
      });
      expect(v.signatures[0]).toMatchObject({
        kind: 'emeterai',
        serial: SN,
        meteraiClaim: 'verified',
        integrity: true,
        chain: 'trusted',
        signingCertificateV2: true,
      });
    },
  );
});
