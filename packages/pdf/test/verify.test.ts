/**
 * verifyPdf beyond the happy path: what later revisions changed, trust anchors, serial parsing.
 */
import { PDF, rgb } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRootCa } from '../src/pki.ts';
import { signPdf, stampMeterai } from '../src/sign.ts';
import { createSpecimenStampAppearance } from '../src/specimen.ts';
import { verifyPdf } from '../src/verify.ts';
import * as corpus from './fixtures/make-corpus.ts';
import type { TestPki } from './helpers.ts';
import { testPki } from './helpers.ts';

let pki: TestPki;
let signed: Uint8Array;

beforeAll(async () => {
  pki = await testPki();
  const one = await corpus.onePage();
  signed = (
    await signPdf(one, {
      specimen: 'Andi',
      page: 1,
      rect: { x: 50, y: 50, width: 150, height: 50 },
      signer: pki.users[0] as TestPki['root'],
    })
  ).bytes;
});

async function incrementally(bytes: Uint8Array, edit: (pdf: PDF) => void): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  edit(pdf);
  return pdf.save({ incremental: true });
}

describe('modifiedAfter', () => {
  it('is "none" for a signature that covers the file', async () => {
    const v = await verifyPdf(signed);
    expect(v.signatures[0]).toMatchObject({
      coversWholeDocument: true,
      modifiedAfter: 'none',
      integrity: true,
    });
  });

  it('is "allowed" when later revisions only add signatures and annotations', async () => {
    const withNote = await incrementally(signed, (pdf) => {
      pdf.getPage(0)?.addTextAnnotation({
        rect: { x: 300, y: 700, width: 20, height: 20 },
        contents: 'Catatan',
      });
    });
    const stamped = await stampMeterai(withNote, {
      serial: 'AXCWSRL5JS0HJ15Z000299',
      image: createSpecimenStampAppearance('AXCWSRL5JS0HJ15Z000299', 'https://x'),
      page: 1,
      rect: { x: 400, y: 40, width: 90, height: 90 },
      signer: pki.emeterai,
    });
    const v = await verifyPdf(stamped.bytes);
    expect(v.valid).toBe(true);
    expect(v.signatures.map((s) => s.modifiedAfter)).toEqual(['allowed', 'none']);
  });

  it('is "disallowed" when a later revision changes page content, although the bytes still verify', async () => {
    const edited = await incrementally(signed, (pdf) => {
      pdf.getPage(0)?.drawText('DIUBAH', { x: 100, y: 400, size: 40, color: rgb(1, 0, 0) });
    });
    const v = await verifyPdf(edited);
    const sig = v.signatures[0];
    expect(sig?.integrity).toBe(true);
    expect(sig?.coversWholeDocument).toBe(false);
    expect(sig?.modifiedAfter).toBe('disallowed');
    expect(sig?.changes.join('\n')).toMatch(/page \/.*(Contents|Resources)/);
    expect(v.valid).toBe(false);
  });

  it('is "disallowed" for bytes appended after the signature that are not a revision', async () => {
    const junk = new Uint8Array([
      ...signed,
      ...new TextEncoder().encode('<script>alert(1)</script>\n'),
    ]);
    const v = await verifyPdf(junk);
    expect(v.signatures[0]).toMatchObject({
      integrity: true,
      coversWholeDocument: false,
      modifiedAfter: 'disallowed',
    });
    expect(v.valid).toBe(false);
  });
});

describe('chain', () => {
  it('is "unknown" without trust roots, "trusted" with the right root, "untrusted" with another', async () => {
    expect((await verifyPdf(signed)).signatures[0]?.chain).toBe('unknown');
    const trusted = await verifyPdf(signed, { trustRoots: [pki.root.certificatePem] });
    expect(trusted.signatures[0]?.chain).toBe('trusted');
    const other = await createRootCa({ commonName: 'Another Root' });
    const untrusted = await verifyPdf(signed, { trustRoots: [other.certificatePem] });
    expect(untrusted.signatures[0]?.chain).toBe('untrusted');
    // DER trust roots work too
    const { certificatesFromPem } = await import('../src/pki.ts');
    const der = certificatesFromPem(pki.root.certificatePem)[0];
    if (!der) throw new Error('no der');
    expect((await verifyPdf(signed, { trustRoots: [der] })).signatures[0]?.chain).toBe('trusted');
  });
});

describe('kinds and serials', () => {
  it('reads the e-Meterai serial from [SN] in the reason and from the field name', async () => {
    const sn = 'ACCTL6L1230GUAPI0001T9';
    const stamped = await stampMeterai(signed, {
      serial: sn,
      image: createSpecimenStampAppearance(sn, 'https://x'),
      page: 1,
      rect: { x: 400, y: 40, width: 90, height: 90 },
      signer: pki.emeterai,
      reason: 'Surat Pernyataan',
    });
    const v = await verifyPdf(stamped.bytes);
    expect(v.signatures.map((s) => [s.kind, s.serial])).toEqual([
      ['esign', null],
      ['emeterai', sn],
    ]);
    expect(v.signatures[1]?.reason).toBe(`[${sn}] Surat Pernyataan`);
    expect(v.signatures[1]?.page).toBe(1);
    expect(v.signatures[1]?.rect).toEqual([400, 40, 490, 130]);
  });

  it('an unsigned document has no signatures and is valid', async () => {
    const v = await verifyPdf(await corpus.onePage());
    expect(v).toEqual({ signatures: [], valid: true });
  });

  it('an image specimen (PNG) is drawn in the widget', async () => {
    // 1x1 red PNG
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const out = await signPdf(signed, {
      specimen: new Uint8Array(png),
      page: 1,
      rect: { x: 220, y: 50, width: 100, height: 50 },
      signer: pki.users[1] as TestPki['root'],
    });
    const v = await verifyPdf(out.bytes);
    expect(v.signatures.map((s) => s.integrity)).toEqual([true, true]);
    expect(out.fieldName).toBe('Signature2');
  });
});
