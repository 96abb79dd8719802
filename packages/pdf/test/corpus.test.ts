/**
 * The proof: for every document of the generated corpus, three e-signatures by three different
 * users and then the e-Meterai, each an incremental revision; pdfsig, mutool and verifyPdf must all
 * report every signature valid (earlier ones "edited since signing", the stamp covering the whole
 * file) and the stamp's serial must be read back from the signature.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '../src/inspect.ts';
import { parseCms } from '../src/internal/cms-verify.ts';
import { openDocument } from '../src/internal/document.ts';
import { readSignatures } from '../src/internal/signatures.ts';
import { localTsaCredential } from '../src/pki.ts';
import { signPdf, stampMeterai } from '../src/sign.ts';
import { createSpecimenStampAppearance } from '../src/specimen.ts';
import { verifyPdf } from '../src/verify.ts';
import * as corpus from './fixtures/make-corpus.ts';
import type { TestPki } from './helpers.ts';
import {
  mutoolVerify,
  nssDbWith,
  opensslTsVerify,
  pdfsig,
  requireTool,
  skipWithout,
  TOOLS,
  tempDir,
  testPki,
} from './helpers.ts';

type Case = {
  name: string;
  bytes: () => Promise<Uint8Array | undefined>;
  priorSignatures: number;
  pages?: number[];
};

let pki: TestPki;
let nssDir: string | undefined;
const tmp = tempDir('bubuh-corpus-');
const finals = new Map<string, { file: string; bytes: Uint8Array; serial: string }>();

function serialFor(name: string): string {
  const h = createHash('sha256').update(name).digest('hex').toUpperCase();
  return h.replace(/[^A-Z0-9]/g, '').slice(0, 22);
}

const cases: Case[] = [
  { name: '1 page', bytes: corpus.onePage, priorSignatures: 0 },
  {
    name: '100 pages',
    bytes: () => corpus.manyPages(100),
    priorSignatures: 0,
    pages: [1, 50, 100],
  },
  // signatures on the 90/180/270 pages, the stamp on the last (270) page
  { name: 'rotated pages', bytes: corpus.rotatedPages, priorSignatures: 0, pages: [2, 3, 4] },
  { name: 'xref stream + object streams', bytes: corpus.objectStreams, priorSignatures: 0 },
  { name: 'AcroForm fields', bytes: corpus.withForm, priorSignatures: 0 },
  { name: 'already signed', bytes: () => corpus.alreadySigned(pki.external), priorSignatures: 1 },
  { name: 'PDF/A-ish', bytes: corpus.pdfaIsh, priorSignatures: 0 },
  {
    name: 'linearized',
    bytes: async () => corpus.linearized(await corpus.onePage()),
    priorSignatures: 0,
  },
];

beforeAll(async () => {
  pki = await testPki();
  nssDir = nssDbWith(pki.root.certificatePem, tmp.dir);
  if (!nssDir)
    console.warn(
      '[bubuh-pdf tests] certutil not found: pdfsig runs without a trust store (apt-get install libnss3-tools)',
    );
});
afterAll(() => tmp.cleanup());

async function signThreeThenStamp(c: Case, input: Uint8Array) {
  const info = await inspectPdf(input);
  let bytes = input;
  const pages = c.pages ?? [1, 1, 1];
  for (let i = 0; i < 3; i++) {
    const user = pki.users[i];
    if (!user) throw new Error('missing user');
    const page = pages[i] ?? 1;
    const shown = info.pages[page - 1];
    if (!shown) throw new Error('missing page');
    // place along the bottom in *viewer* terms, converted like the web app does
    const { placeToPdf } = await import('../src/place.ts');
    const rect = placeToPdf(
      { x: 30 + i * 150, y: shown.height - 120, width: 140, height: 55, scale: 1 },
      shown,
      shown.rotation,
    );
    const out = await signPdf(bytes, {
      specimen: `Signer ${i + 1}`,
      page,
      rect,
      signer: user,
      reason: 'Menyetujui isi dokumen',
      location: 'Jakarta',
    });
    // incremental: the previous file is an exact prefix
    expect(Buffer.from(out.bytes.subarray(0, bytes.length)).equals(Buffer.from(bytes))).toBe(true);
    bytes = out.bytes;
  }
  const serial = serialFor(c.name);
  const last = info.pages[info.pages.length - 1];
  if (!last) throw new Error('no pages');
  const stamped = await stampMeterai(bytes, {
    serial,
    image: createSpecimenStampAppearance(serial, 'https://bubuh.local/verify'),
    page: 9999, // past the end: the last page
    rect: { x: last.x + 20, y: last.y + 20, width: 80, height: 80 },
    signer: pki.emeterai,
    tsa: localTsaCredential(pki.tsa),
    reason: 'Dokumen Perjanjian',
    location: 'Jakarta',
  });
  expect(stamped.page).toBe(info.pageCount);
  expect(stamped.fieldName).toBe(`Emet${serial}`);
  expect(Buffer.from(stamped.bytes.subarray(0, bytes.length)).equals(Buffer.from(bytes))).toBe(
    true,
  );
  return { bytes: stamped.bytes, serial };
}

describe('three e-signatures then the e-Meterai stay valid', () => {
  for (const c of cases) {
    const needsQpdf = c.name === 'linearized';
    it.skipIf(skipWithout(TOOLS.pdfsig, TOOLS.mutool, ...(needsQpdf ? [TOOLS.qpdf] : [])))(
      c.name,
      async () => {
        requireTool(TOOLS.pdfsig, TOOLS.mutool);
        const input = await c.bytes();
        if (!input) {
          requireTool(TOOLS.qpdf);
          return;
        }
        const { bytes, serial } = await signThreeThenStamp(c, input);
        const file = join(tmp.dir, `${c.name.replace(/[^a-z0-9]+/gi, '-')}.pdf`);
        writeFileSync(file, bytes);
        finals.set(c.name, { file, bytes, serial });
        const total = c.priorSignatures + 4;

        // pdfsig
        const ps = pdfsig(file, nssDir);
        expect(ps.signatures, ps.raw).toHaveLength(total);
        ps.signatures.forEach((s, i) => {
          expect(s.validation, `${s.fieldName}\n${ps.raw}`).toBe('Signature is Valid.');
          expect(s.total, s.fieldName).toBe(i === total - 1);
          if (nssDir) expect(s.certificate, s.fieldName).toBe('Certificate is Trusted.');
        });
        expect(ps.signatures[total - 1]?.fieldName).toBe(`Emet${serial}`);
        expect(ps.signatures[total - 1]?.commonName).toBe(
          'Bubuh e-Meterai Local Issuer (SPESIMEN)',
        );

        // mutool
        const mu = mutoolVerify(file);
        expect(mu.signatures, mu.raw).toHaveLength(total);
        mu.signatures.forEach((s, i) => {
          expect(s.problems, mu.raw).toEqual([]);
          expect(s.valid, mu.raw).toBe(true);
          if (i < total - 1) expect(s.edited, mu.raw).toBe(true);
          else expect(s.unchanged, mu.raw).toBe(true);
        });

        // our verifier agrees
        const v = await verifyPdf(bytes, {
          trustRoots: [pki.root.certificatePem],
          meteraiIssuers: [pki.emeterai.certificatePem],
        });
        expect(v.valid).toBe(true);
        expect(v.signatures).toHaveLength(total);
        v.signatures.forEach((s, i) => {
          expect(s.integrity, `${s.fieldName}: ${s.integrityDetail}`).toBe(true);
          expect(s.chain, `${s.fieldName}: ${s.chainDetail}`).toBe('trusted');
          expect(s.signingCertificateV2).toBe(true);
          expect(s.subFilter).toBe('ETSI.CAdES.detached');
          expect(s.coversWholeDocument).toBe(i === total - 1);
          expect(s.modifiedAfter, s.changes.join('; ')).toBe(i === total - 1 ? 'none' : 'allowed');
        });
        const esigns = v.signatures.slice(c.priorSignatures, c.priorSignatures + 3);
        expect(esigns.map((s) => s.signerName)).toEqual([
          'Andi Pratama',
          'Siti Rahmawati',
          'Budi Santoso',
        ]);
        expect(esigns.every((s) => s.kind === 'esign' && s.timestamp.present === false)).toBe(true);
        const stamp = v.signatures[total - 1];
        expect(stamp?.kind).toBe('emeterai');
        expect(stamp?.meteraiClaim).toBe('verified');
        expect(stamp?.serial).toBe(serial);
        expect(stamp?.reason).toBe(`[${serial}] Dokumen Perjanjian`);
        expect(stamp?.location).toBe('Jakarta');
        expect(stamp?.timestamp).toMatchObject({
          present: true,
          valid: true,
          signerName: 'Bubuh Local TSA (SPESIMEN)',
        });
        expect(stamp?.signingTimeSource).toBe('timestamp');

        // and inspectPdf lists them
        const info = await inspectPdf(bytes);
        expect(info.signatures.map((s) => s.kind).slice(-1)).toEqual(['emeterai']);
        expect(info.signatures.at(-1)).toMatchObject({ serial, coversWholeDocument: true });
      },
    );
  }
});

describe('tampering', () => {
  it.skipIf(skipWithout(TOOLS.pdfsig, TOOLS.mutool))(
    'one changed byte inside the signed range is detected by pdfsig, mutool and verifyPdf',
    async () => {
      requireTool(TOOLS.pdfsig, TOOLS.mutool);
      const base = finals.get('1 page') ?? {
        bytes: (await signThreeThenStamp(cases[0] as Case, await corpus.onePage())).bytes,
      };
      const tampered = new Uint8Array(base.bytes);
      // a byte of the first page's content area: inside every signature's first range
      const at = Buffer.from(tampered).indexOf('Halaman 1');
      const offset = at > 0 ? at + 1 : 12;
      tampered[offset] = (tampered[offset] ?? 0) ^ 0x01;
      const file = join(tmp.dir, 'tampered.pdf');
      writeFileSync(file, tampered);

      const ps = pdfsig(file, nssDir);
      expect(ps.signatures.length).toBe(4);
      for (const s of ps.signatures) expect(s.validation, ps.raw).toBe('Digest Mismatch.');

      const mu = mutoolVerify(file);
      expect(mu.signatures.length).toBe(4);
      for (const s of mu.signatures) expect(s.problems.length, mu.raw).toBeGreaterThan(0);

      const v = await verifyPdf(tampered, { trustRoots: [pki.root.certificatePem] });
      expect(v.valid).toBe(false);
      for (const s of v.signatures) {
        expect(s.integrity).toBe(false);
        expect(s.integrityDetail).toBe('digest mismatch');
      }
    },
  );
});

describe('CMS content (PAdES attributes)', () => {
  it.skipIf(skipWithout(TOOLS.openssl))(
    'has signing-certificate-v2, and a time-stamp token on the B-T stamp',
    async () => {
      requireTool(TOOLS.openssl);
      const doc =
        finals.get('1 page')?.bytes ??
        (await signThreeThenStamp(cases[0] as Case, await corpus.onePage())).bytes;
      const { pdf } = await openDocument(doc);
      const sigs = readSignatures(pdf);
      const esign = sigs[0];
      const stamp = sigs.at(-1);
      if (!esign?.contents || !stamp?.contents) throw new Error('no signatures');
      const print = (contents: Uint8Array, name: string) => {
        const file = join(tmp.dir, `${name}.p7s`);
        writeFileSync(
          file,
          contents.subarray(0, contents.length - (contents.length - trimmed(contents))),
        );
        return execFileSync(
          'openssl',
          ['cms', '-inform', 'DER', '-in', file, '-cmsout', '-print'],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
        );
      };
      const esignText = print(esign.contents, 'esign');
      expect(esignText).toContain('id-smime-aa-signingCertificateV2');
      expect(esignText).toContain('messageDigest');
      expect(esignText).not.toContain('id-smime-aa-timeStampToken');
      expect(esignText).not.toContain('signingTime');
      const stampText = print(stamp.contents, 'stamp');
      expect(stampText).toContain('id-smime-aa-signingCertificateV2');
      expect(stampText).toContain('id-smime-aa-timeStampToken');

      // the embedded token verifies with openssl ts against the signature value
      const cms = parseCms(stamp.contents);
      if (!cms.timestampToken) throw new Error('no token');
      writeFileSync(join(tmp.dir, 'stamp.tst'), cms.timestampToken);
      writeFileSync(join(tmp.dir, 'root.pem'), pki.root.certificatePem);
      const digest = createHash('sha256').update(cms.signature).digest('hex');
      const out = opensslTsVerify(digest, join(tmp.dir, 'stamp.tst'), join(tmp.dir, 'root.pem'));
      expect(out).toContain('Verification: OK');
    },
  );
});

function trimmed(contents: Uint8Array): number {
  // DER length of the CMS (the /Contents string is zero-padded)
  const first = contents[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (contents[2 + i] ?? 0);
  return 2 + count + length;
}
