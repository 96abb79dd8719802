/**
 * verifyPdf beyond the happy path: what later revisions changed, trust anchors, serial parsing.
 */
import type { PdfObject } from '@libpdf/core';
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, rgb } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '../src/inspect.ts';
import { certificatesFromPem, createRootCa, issueCertificate } from '../src/pki.ts';
import { signPdf } from '../src/sign.ts';
import { verifyPdf } from '../src/verify.ts';
import * as corpus from './fixtures/make-corpus.ts';
import type { TestPki } from './helpers.ts';
import { stampSpecimen, testPki } from './helpers.ts';

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
    const stamped = await stampSpecimen(withNote, {
      serial: 'AXCWSRL5JS0HJ15Z000299',
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

describe('modifiedAfter: an already-signed signature field and its widget are frozen', () => {
  function resolved(pdf: PDF, v: PdfObject | undefined): PdfObject | undefined {
    return v instanceof PdfRef ? (pdf.context.resolve(v) ?? undefined) : v;
  }

  /** The merged field/widget dict of the first (signed) signature field. */
  function signedWidget(pdf: PDF): PdfDict {
    const acro = resolved(pdf, pdf.getCatalog().get('AcroForm'));
    if (!(acro instanceof PdfDict)) throw new Error('no AcroForm');
    const fields = resolved(pdf, acro.get('Fields'));
    const widget = fields instanceof PdfArray ? resolved(pdf, fields.at(0)) : undefined;
    if (!(widget instanceof PdfDict) || !widget.has('V')) throw new Error('no signed widget');
    return widget;
  }

  async function expectDisallowed(bytes: Uint8Array, pattern: RegExp) {
    const v = await verifyPdf(bytes);
    const sig = v.signatures[0];
    expect(sig?.integrity).toBe(true); // the signed bytes are untouched...
    expect(sig?.modifiedAfter, sig?.changes.join('; ')).toBe('disallowed'); // ...but not what is shown
    expect(sig?.changes.join('\n')).toMatch(pattern);
    expect(v.valid).toBe(false);
  }

  it('a new appearance (/AP) on the signed widget (shadow attack) is disallowed', async () => {
    const shadow = await incrementally(signed, (pdf) => {
      const widget = signedWidget(pdf);
      const other = pdf.createStream(
        {
          Type: PdfName.of('XObject'),
          Subtype: PdfName.of('Form'),
          BBox: new PdfArray([
            PdfNumber.of(0),
            PdfNumber.of(0),
            PdfNumber.of(150),
            PdfNumber.of(50),
          ]),
        },
        new TextEncoder().encode('1 0 0 rg 0 0 150 50 re f'),
      );
      widget.set('AP', PdfDict.of({ N: other }));
    });
    await expectDisallowed(shadow, /signed signature field "Signature1".*\/AP/);
  });

  it('moving (/Rect) or hiding (/F) the signed widget is disallowed', async () => {
    const moved = await incrementally(signed, (pdf) => {
      signedWidget(pdf).set(
        'Rect',
        new PdfArray([PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(1), PdfNumber.of(1)]),
      );
    });
    await expectDisallowed(moved, /signed signature field "Signature1".*\/Rect/);
    const hidden = await incrementally(signed, (pdf) => {
      signedWidget(pdf).set('F', PdfNumber.of(2));
    });
    await expectDisallowed(hidden, /signed signature field "Signature1".*\/F/);
  });

  it('removing the signed widget from the page /Annots is disallowed', async () => {
    const removed = await incrementally(signed, (pdf) => {
      const page = pdf.getPage(0);
      if (!page) throw new Error('no page');
      page.dict.set('Annots', new PdfArray([]));
    });
    await expectDisallowed(removed, /page \/Annots changed/);
  });

  it('new signature fields, annotations and DSS/VRI stay allowed', async () => {
    const withDss = await incrementally(signed, (pdf) => {
      const vri = PdfDict.of({ VRI: PdfDict.of({}), Certs: new PdfArray([]) });
      pdf.getCatalog().set('DSS', pdf.register(vri));
      pdf.getPage(0)?.addTextAnnotation({
        rect: { x: 300, y: 700, width: 20, height: 20 },
        contents: 'Catatan',
      });
    });
    const again = await signPdf(withDss, {
      specimen: 'Siti',
      page: 1,
      rect: { x: 220, y: 50, width: 150, height: 50 },
      signer: pki.users[1] as TestPki['root'],
    });
    const v = await verifyPdf(again.bytes);
    expect(v.signatures.map((s) => s.modifiedAfter)).toEqual(['allowed', 'none']);
    expect(v.valid).toBe(true);
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
    const stamped = await stampSpecimen(signed, {
      serial: sn,
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

describe('e-Meterai claims are checked against the e-Meterai issuer', () => {
  const FAKE = 'ABCDEFGHIJKLMNOPQRSTUV';
  const REAL = 'ACCTL6L1230GUAPI0002T9';
  let fakeAndReal: Uint8Array;

  beforeAll(async () => {
    const user = pki.users[0] as TestPki['root'];
    // an ordinary user certificate dressed up as an e-Meterai: [SN] reason AND Emet<SN> field
    const byReason = await signPdf(signed, {
      specimen: 'Andi',
      page: 1,
      rect: { x: 220, y: 50, width: 100, height: 50 },
      signer: user,
      reason: `[${FAKE}] fake`,
      fieldName: `Emet${FAKE}`,
    });
    expect(byReason.fieldName).toBe(`Emet${FAKE}`);
    const real = await stampSpecimen(byReason.bytes, {
      serial: REAL,
      signer: pki.emeterai,
    });
    fakeAndReal = real.bytes;
  });

  it('without meteraiIssuers the claim is reported as unchecked (behaviour as before)', async () => {
    const v = await verifyPdf(fakeAndReal);
    expect(v.signatures.map((s) => [s.kind, s.serial, s.claimedSerial, s.meteraiClaim])).toEqual([
      ['esign', null, null, null],
      ['emeterai', FAKE, FAKE, 'unchecked'],
      ['emeterai', REAL, REAL, 'unchecked'],
    ]);
  });

  it('with the e-Meterai certificate, a user signature claiming [SN] / Emet<SN> is an unverified e-signature', async () => {
    const v = await verifyPdf(fakeAndReal, {
      trustRoots: [pki.root.certificatePem],
      meteraiIssuers: [pki.emeterai.certificatePem],
    });
    expect(v.signatures.map((s) => s.fieldName)).toEqual([
      'Signature1',
      `Emet${FAKE}`,
      `Emet${REAL}`,
    ]);
    const [plain, fake, real] = v.signatures;
    expect(plain).toMatchObject({ kind: 'esign', serial: null, meteraiClaim: null });
    expect(fake).toMatchObject({
      kind: 'esign',
      serial: null,
      claimedSerial: FAKE,
      meteraiClaim: 'unverified',
      signerName: 'Andi Pratama',
      reason: `[${FAKE}] fake`,
      integrity: true,
      chain: 'trusted', // a genuine user signature: only its e-Meterai claim is false
    });
    expect(real).toMatchObject({
      kind: 'emeterai',
      serial: REAL,
      claimedSerial: REAL,
      meteraiClaim: 'verified',
    });
    // DER works as well; inspectPdf applies the same rule
    const der = certificatesFromPem(pki.emeterai.certificatePem)[0];
    if (!der) throw new Error('no der');
    const byDer = await verifyPdf(fakeAndReal, { meteraiIssuers: [der] });
    expect(byDer.signatures.map((s) => s.meteraiClaim)).toEqual([null, 'unverified', 'verified']);
    const info = await inspectPdf(fakeAndReal, { meteraiIssuers: [pki.emeterai.certificatePem] });
    expect(info.signatures.map((s) => [s.kind, s.serial, s.claimedSerial, s.meteraiClaim])).toEqual(
      [
        ['esign', null, null, null],
        ['esign', null, FAKE, 'unverified'],
        ['emeterai', REAL, REAL, 'verified'],
      ],
    );
    expect((await inspectPdf(fakeAndReal)).signatures[1]).toMatchObject({
      kind: 'emeterai',
      meteraiClaim: 'unchecked',
    });
  });

  it('a root shared by users and the e-Meterai proves nothing: it only matches itself', async () => {
    const v = await verifyPdf(fakeAndReal, { meteraiIssuers: [pki.root.certificatePem] });
    expect(v.signatures.map((s) => s.meteraiClaim)).toEqual([null, 'unverified', 'unverified']);
    // an empty list accepts no claim
    const none = await verifyPdf(fakeAndReal, { meteraiIssuers: [] });
    expect(none.signatures.map((s) => s.kind)).toEqual(['esign', 'esign', 'esign']);
  });

  it('a dedicated e-Meterai intermediate CA accepts the certificates it issued, not the users of the root', async () => {
    const intermediate = await issueCertificate(pki.root, {
      profile: 'intermediate',
      subject: { commonName: 'Bubuh e-Meterai CA (test)', country: 'ID' },
    });
    const stampCert = await issueCertificate(intermediate, {
      profile: 'emeterai',
      subject: { commonName: 'e-Meterai signer 2 (test)', country: 'ID' },
    });
    const sn = 'ACCTL6L1230GUAPI0003T9';
    const stamped = await stampSpecimen(fakeAndReal, {
      serial: sn,
      rect: { x: 300, y: 200, width: 90, height: 90 },
      signer: stampCert,
    });
    const v = await verifyPdf(stamped.bytes, {
      trustRoots: [pki.root.certificatePem],
      meteraiIssuers: [intermediate.certificatePem],
    });
    expect(v.signatures.map((s) => [s.kind, s.meteraiClaim])).toEqual([
      ['esign', null],
      ['esign', 'unverified'],
      ['esign', 'unverified'], // the first e-Meterai cert was issued by the root, not this CA
      ['emeterai', 'verified'],
    ]);
    expect(v.signatures[3]?.chain).toBe('trusted');
  });

  it('an unreadable issuer certificate is INVALID_CREDENTIAL', async () => {
    await expect(
      verifyPdf(fakeAndReal, { meteraiIssuers: ['not a certificate'] }),
    ).rejects.toMatchObject({
      code: 'INVALID_CREDENTIAL',
    });
  });
});
