/**
 * The signing ceremony: one incremental revision that adds a visible signature widget (with its
 * appearance) and the signature, then patches /ByteRange and /Contents in place.
 *
 * Built on @libpdf/core's document model and its incremental writer (`pdf.save({ incremental:
 * true })`); see README "Why not `pdf.sign()`" for what this replaces and why.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { PDF, PDFPage, TimestampAuthority } from '@libpdf/core';
import { PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, PdfString } from '@libpdf/core';
import { PdfError, toPdfError } from '../errors.ts';
import type { PdfRect, Rotation } from '../place.ts';
import { rectWithinPage } from '../place.ts';
import type { DigestAlgorithm, Signer } from '../signers.ts';
import { nodeHashName } from '../signers.ts';
import type { VectorAppearance } from '../specimen.ts';
import { buildCadesSignature } from './cms.ts';
import type { OpenedDocument } from './document.ts';
import { deref, pageGeometry } from './document.ts';
import { indexOfAscii } from './lexer.ts';
import type { EmbeddedImage } from './png.ts';
import { embedPngFast, isJpeg, isPng } from './png.ts';

/** What to draw in the signature widget. */
export type AppearanceInput =
  | {
      kind: 'image';
      bytes: Uint8Array;
      /** Drawn under the image (a band of the box's lower part): e.g. the name and caption. */
      label?: (width: number, height: number) => VectorAppearance;
    }
  | VectorAppearance
  /** Built once the widget size is known (e.g. text specimens fitted to the box). */
  | { kind: 'deferred'; build: (width: number, height: number) => VectorAppearance };

export type CeremonyOptions = {
  /** 1-based page; past the end means the last page. */
  page: number;
  rect: PdfRect;
  appearance: AppearanceInput;
  fieldName: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** Signer's name for /Name (informational; validators read the certificate). */
  name?: string;
  signer: Signer;
  tsa?: TimestampAuthority;
  signingTime: Date;
  digestAlgorithm: DigestAlgorithm;
  /** Add the CMS signing-time attribute (off: PAdES baseline puts the time in /M). */
  cmsSigningTime?: boolean;
  /** Software name in /Prop_Build /App /Name. */
  appName?: string;
};

const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;

function rectArray(r: PdfRect): PdfArray {
  return new PdfArray([
    PdfNumber.of(round(r.x)),
    PdfNumber.of(round(r.y)),
    PdfNumber.of(round(r.x + r.width)),
    PdfNumber.of(round(r.y + r.height)),
  ]);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function pdfDate(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
}

function compressed(
  pdf: PDF,
  entries: Record<string, PdfDict | PdfName | PdfNumber | PdfArray | PdfRef>,
  data: Uint8Array,
): PdfRef {
  if (data.length >= 512) {
    // native zlib at level 1: appearance streams are small; speed matters more than ratio here
    const packed = new Uint8Array(deflateSync(data, { level: 1 }));
    return pdf.createStream({ ...entries, Filter: PdfName.of('FlateDecode') }, packed);
  }
  return pdf.createStream(entries, data);
}
function standardFontDict(base: string): PdfDict {
  const entries: Record<string, PdfName> = {
    Type: PdfName.of('Font'),
    Subtype: PdfName.of('Type1'),
    BaseFont: PdfName.of(base),
  };
  if (base !== 'Symbol' && base !== 'ZapfDingbats')
    entries.Encoding = PdfName.of('WinAnsiEncoding');
  return PdfDict.of(entries);
}

function embedImage(pdf: PDF, bytes: Uint8Array): EmbeddedImage {
  if (isPng(bytes)) {
    const fast = embedPngFast(pdf, bytes);
    if (fast) return fast;
  } else if (!isJpeg(bytes)) {
    throw new Error('not a PNG or JPEG');
  }
  const image = pdf.embedImage(bytes);
  return { ref: image.ref, width: image.width, height: image.height };
}

/**
 * Build the widget's normal appearance: a Form XObject whose BBox is the box as the viewer shows
 * it (w × h) and whose /Matrix turns it upright on a rotated page.
 */
function buildAppearance(
  pdf: PDF,
  input: AppearanceInput,
  w: number,
  h: number,
  rotation: Rotation,
): PdfRef {
  const resources = new PdfDict();
  let body: string;
  if (input.kind === 'image') {
    let image: EmbeddedImage;
    try {
      image = embedImage(pdf, input.bytes);
    } catch (error) {
      throw new PdfError(
        'INVALID_ARGUMENT',
        'The stamp/specimen image must be a PNG or JPEG file.',
        error instanceof Error ? error.message : String(error),
      );
    }
    resources.set('XObject', PdfDict.of({ Im0: image.ref }));
    // With a label, the image keeps the upper part and the label the lower 30 %.
    const band = input.label ? h * 0.3 : 0;
    const ah = h - band;
    const s = Math.min(w / image.width, ah / image.height);
    const iw = image.width * s;
    const ih = image.height * s;
    body = `q ${round(iw)} 0 0 ${round(ih)} ${round((w - iw) / 2)} ${round(band + (ah - ih) / 2)} cm /Im0 Do Q\n`;
    if (input.label) {
      const label = input.label(w, band);
      const fonts = new PdfDict();
      for (const [name, base] of Object.entries(label.fonts))
        fonts.set(name, standardFontDict(base));
      if (Object.keys(label.fonts).length > 0) resources.set('Font', fonts);
      const ls = Math.min(w / label.width, band / label.height);
      body += `q ${round(ls)} 0 0 ${round(ls)} 0 0 cm\n${label.content}Q\n`;
    }
  } else {
    const vector = input.kind === 'deferred' ? input.build(w, h) : input;
    const fonts = new PdfDict();
    for (const [name, base] of Object.entries(vector.fonts))
      fonts.set(name, standardFontDict(base));
    if (Object.keys(vector.fonts).length > 0) resources.set('Font', fonts);
    const opacities = vector.opacities ?? {};
    if (Object.keys(opacities).length > 0) {
      const gs = new PdfDict();
      for (const [name, o] of Object.entries(opacities)) {
        gs.set(
          name,
          PdfDict.of({ Type: PdfName.of('ExtGState'), ca: PdfNumber.of(o), CA: PdfNumber.of(o) }),
        );
      }
      resources.set('ExtGState', gs);
    }
    const s = Math.min(w / vector.width, h / vector.height);
    const dx = (w - vector.width * s) / 2;
    const dy = (h - vector.height * s) / 2;
    body = `q ${round(s)} 0 0 ${round(s)} ${round(dx)} ${round(dy)} cm\n${vector.content}Q\n`;
  }
  const rad = (rotation * Math.PI) / 180;
  const cos = Math.round(Math.cos(rad));
  const sin = Math.round(Math.sin(rad));
  return compressed(
    pdf,
    {
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Form'),
      BBox: new PdfArray([
        PdfNumber.of(0),
        PdfNumber.of(0),
        PdfNumber.of(round(w)),
        PdfNumber.of(round(h)),
      ]),
      Matrix: new PdfArray([cos, sin, -sin, cos, 0, 0].map((v) => PdfNumber.of(v))),
      Resources: resources,
    },
    new Uint8Array(Buffer.from(body, 'latin1')),
  );
}

function resolvePage(pdf: PDF, page: number): PDFPage {
  if (!Number.isInteger(page) || page < 1) {
    throw new PdfError('INVALID_ARGUMENT', 'The page number must be 1 or more.');
  }
  const count = pdf.getPageCount();
  const target = pdf.getPage(Math.min(page, count) - 1);
  if (!target) throw new PdfError('NO_PAGES', 'The PDF has no pages.');
  return target;
}

function checkRect(rect: PdfRect): void {
  const values = [rect?.x, rect?.y, rect?.width, rect?.height];
  if (!values.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new PdfError(
      'INVALID_ARGUMENT',
      'The rectangle must be four numbers (x, y, width, height).',
    );
  }
  if (!(rect.width >= 1 && rect.height >= 1)) {
    throw new PdfError('INVALID_ARGUMENT', 'The rectangle must be at least 1 point wide and high.');
  }
}

/** Add the widget to the page's /Annots (which may be inline or an indirect array). */
function addToAnnots(pdf: PDF, page: PDFPage, ref: PdfRef): void {
  const raw = page.dict.get('Annots');
  const annots = deref(pdf, raw);
  if (annots instanceof PdfArray) {
    annots.push(ref);
    if (!(raw instanceof PdfRef)) page.dict.set('Annots', annots);
    return;
  }
  page.dict.set('Annots', new PdfArray([ref]));
}

function addToAcroForm(pdf: PDF, fieldRef: PdfRef): void {
  const catalog = pdf.getCatalog();
  const rawAcro = catalog.get('AcroForm');
  let acro = deref(pdf, rawAcro);
  if (!(acro instanceof PdfDict)) {
    acro = new PdfDict();
    catalog.set('AcroForm', pdf.register(acro));
  } else if (!(rawAcro instanceof PdfRef)) {
    catalog.set('AcroForm', acro); // inline AcroForm: mark the catalog as changed
  }
  const rawFields = acro.get('Fields');
  const fields = deref(pdf, rawFields);
  if (fields instanceof PdfArray) {
    fields.push(fieldRef);
    if (!(rawFields instanceof PdfRef)) acro.set('Fields', fields);
  } else {
    acro.set('Fields', new PdfArray([fieldRef]));
  }
  const flags = deref(pdf, acro.get('SigFlags'));
  const current = flags instanceof PdfNumber ? flags.value : 0;
  if ((current & 3) !== 3) acro.set('SigFlags', PdfNumber.of(current | 3));
}

/**
 * Bytes to reserve for the CMS: the certificates, up to 1 KiB of signature value (RSA-8192),
 * ~0.5 KiB of attributes and structure, and 12 KiB for a time-stamp token (token + TSA chain).
 * If the result does not fit, the ceremony is redone once with the exact size.
 */
function estimateContentsSize(signer: Signer, tsa: boolean): number {
  let size = 1536 + signer.certificate.length;
  for (const c of signer.certificateChain ?? []) size += c.length;
  if (tsa) size += 12_288;
  return Math.ceil(size / 256) * 256;
}

/** The bytes `<00…00>` of an all-zero hex string of `size` bytes, built once per size. */
const placeholderBytes = new Map<number, Uint8Array>();
function zeroHexBytes(size: number): Uint8Array {
  let bytes = placeholderBytes.get(size);
  if (!bytes) {
    bytes = new Uint8Array(size * 2 + 2).fill(0x30);
    bytes[0] = 0x3c; // <
    bytes[bytes.length - 1] = 0x3e; // >
    if (placeholderBytes.size > 32) placeholderBytes.clear();
    placeholderBytes.set(size, bytes);
  }
  return bytes;
}

/**
 * The /Contents placeholder: an all-zero hex string, written as one block of bytes. libpdf's own
 * PdfString builds the hex text character by character, which was a tenth of a 1-page stamp.
 */
class ContentsPlaceholder extends PdfString {
  constructor(size: number) {
    super(new Uint8Array(size), 'hex');
  }
  override toBytes(writer: Parameters<PdfString['toBytes']>[0]): void {
    writer.writeBytes(zeroHexBytes(this.bytes.length));
  }
}

class PlaceholderTooSmall extends Error {
  constructor(readonly needed: number) {
    super('signature placeholder too small');
  }
}

/** Run the ceremony on an opened document. Returns the new file. */
export async function signIncremental(
  opened: OpenedDocument,
  original: Uint8Array,
  options: CeremonyOptions,
  contentsSize?: number,
): Promise<Uint8Array> {
  const { pdf } = opened;
  checkRect(options.rect);
  const page = resolvePage(pdf, options.page);
  const geometry = pageGeometry(pdf, page);
  if (!rectWithinPage(options.rect, geometry.box)) {
    throw new PdfError(
      'INVALID_ARGUMENT',
      `The rectangle is outside page ${page.index + 1} (visible area ${round(geometry.box.x)},${round(geometry.box.y)} ${round(geometry.box.width)}x${round(geometry.box.height)} pt).`,
    );
  }

  const turned = geometry.rotation === 90 || geometry.rotation === 270;
  const w = turned ? options.rect.height : options.rect.width;
  const h = turned ? options.rect.width : options.rect.height;
  const apRef = buildAppearance(pdf, options.appearance, w, h, geometry.rotation);

  const size = contentsSize ?? estimateContentsSize(options.signer, options.tsa !== undefined);
  const sigDict = PdfDict.of({
    Type: PdfName.of('Sig'),
    Filter: PdfName.of('Adobe.PPKLite'),
    SubFilter: PdfName.of('ETSI.CAdES.detached'),
    ByteRange: new PdfArray(
      [0, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER].map((n) =>
        PdfNumber.of(n),
      ),
    ),
    Contents: new ContentsPlaceholder(size),
    M: PdfString.fromString(pdfDate(options.signingTime)),
  });
  if (options.reason) sigDict.set('Reason', PdfString.fromString(options.reason));
  if (options.location) sigDict.set('Location', PdfString.fromString(options.location));
  if (options.contactInfo) sigDict.set('ContactInfo', PdfString.fromString(options.contactInfo));
  if (options.name) sigDict.set('Name', PdfString.fromString(options.name));
  sigDict.set(
    'Prop_Build',
    PdfDict.of({
      App: PdfDict.of({ Name: PdfName.of(options.appName ?? 'Bubuh') }),
      Filter: PdfDict.of({ Name: PdfName.of('Adobe.PPKLite') }),
    }),
  );
  const sigRef = pdf.register(sigDict);

  const field = PdfDict.of({
    Type: PdfName.of('Annot'),
    Subtype: PdfName.of('Widget'),
    FT: PdfName.of('Sig'),
    T: PdfString.fromString(options.fieldName),
    V: sigRef,
    F: PdfNumber.of(132), // Print | Locked
    P: page.ref,
    Rect: rectArray(options.rect),
    AP: PdfDict.of({ N: apRef }),
  });
  const fieldRef = pdf.register(field);
  addToAnnots(pdf, page, fieldRef);
  addToAcroForm(pdf, fieldRef);

  // Incremental updates are always possible here: encrypted and brute-force-recovered inputs were
  // rejected when opening. libpdf would fall back to a full rewrite for *linearized* files, which
  // would break earlier signatures; an incremental update of a linearized file is valid PDF (it
  // merely stops being linearized), so that blocker is lifted for this document instance.
  const proto = Object.getPrototypeOf(pdf) as PDF;
  pdf.canSaveIncrementally = () => {
    const blocker = proto.canSaveIncrementally.call(pdf);
    return blocker === 'linearized' ? null : blocker;
  };

  let out: Uint8Array;
  try {
    out = await pdf.save({ incremental: true, compressStreams: false });
  } catch (error) {
    throw toPdfError(error, 'BROKEN');
  }
  if (
    out.length <= original.length ||
    Buffer.compare(
      Buffer.from(out.buffer, out.byteOffset, original.length),
      Buffer.from(original.buffer, original.byteOffset, original.length),
    ) !== 0
  ) {
    throw new PdfError(
      'BROKEN',
      'The document could not be updated incrementally.',
      'prefix changed',
    );
  }

  // Locate the placeholders inside the signature dictionary written in the new section.
  const header = `${sigRef.objectNumber} ${sigRef.generation} obj`;
  let objStart = indexOfAscii(out, header, original.length);
  while (
    objStart > 0 &&
    out[objStart - 1] !== 0x0a &&
    out[objStart - 1] !== 0x0d &&
    out[objStart - 1] !== 0x20
  ) {
    objStart = indexOfAscii(out, header, objStart + header.length);
  }
  const objEnd = objStart < 0 ? -1 : indexOfAscii(out, 'endobj', objStart);
  if (objStart < 0 || objEnd < 0) {
    throw new PdfError(
      'BROKEN',
      'The signature could not be placed.',
      'signature dictionary not found',
    );
  }
  const brKey = indexOfAscii(out, '/ByteRange', objStart);
  const brOpen = brKey < 0 ? -1 : indexOfAscii(out, '[', brKey);
  const brClose = brOpen < 0 ? -1 : indexOfAscii(out, ']', brOpen);
  const ctKey = indexOfAscii(out, '/Contents', objStart);
  const ctOpen = ctKey < 0 ? -1 : indexOfAscii(out, '<', ctKey);
  const ctClose = ctOpen < 0 ? -1 : indexOfAscii(out, '>', ctOpen);
  if ([brKey, brOpen, brClose, ctKey, ctOpen, ctClose].some((p) => p < 0 || p > objEnd)) {
    throw new PdfError('BROKEN', 'The signature could not be placed.', 'placeholders not found');
  }
  const contentsStart = ctOpen; // '<'
  const contentsEnd = ctClose + 1; // after '>'
  const hexLength = ctClose - ctOpen - 1;
  const byteRange = [0, contentsStart, contentsEnd, out.length - contentsEnd];
  const brText = `[${byteRange.join(' ')}`;
  const brSlot = brClose - brOpen; // chars before ']'
  if (brText.length > brSlot) {
    throw new PdfError('BROKEN', 'The signature could not be placed.', 'ByteRange slot too small');
  }
  out.set(new TextEncoder().encode(brText.padEnd(brSlot, ' ')), brOpen);

  const hash = createHash(nodeHashName(options.digestAlgorithm));
  hash.update(out.subarray(0, contentsStart));
  hash.update(out.subarray(contentsEnd));
  const documentDigest = new Uint8Array(hash.digest());

  let cms: Uint8Array;
  try {
    cms = await buildCadesSignature({
      signer: options.signer,
      documentDigest,
      algorithm: options.digestAlgorithm,
      ...(options.cmsSigningTime ? { signingTime: options.signingTime } : {}),
      ...(options.tsa ? { tsa: options.tsa } : {}),
    });
  } catch (error) {
    if (error instanceof PdfError) throw error;
    throw new PdfError(
      'SIGNING_FAILED',
      'Signing the document failed (signer or timestamp authority error).',
      error instanceof Error ? error.message : String(error),
    );
  }
  const hex = Buffer.from(cms).toString('hex');
  if (hex.length > hexLength) throw new PlaceholderTooSmall(cms.length);
  Buffer.from(out.buffer, out.byteOffset, out.byteLength).write(hex, contentsStart + 1, 'latin1');
  return out;
}

export function isPlaceholderTooSmall(error: unknown): error is { needed: number } {
  return error instanceof PlaceholderTooSmall;
}
