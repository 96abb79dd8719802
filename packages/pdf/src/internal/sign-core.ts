/**
 * The signing ceremony: one incremental revision that adds a visible signature widget (with its
 * appearance) and the signature, then patches /ByteRange and /Contents in place.
 *
 * Built on @libpdf/core's document model and its incremental writer (`pdf.save({ incremental:
 * true })`); see README "Why not `pdf.sign()`" for what this replaces and why.
 */
import { createHash } from 'node:crypto';
import type { PDF, TimestampAuthority } from '@libpdf/core';
import { PdfArray, PdfDict, PdfName, PdfNumber, PdfString } from '@libpdf/core';
import { PdfError, toPdfError } from '../errors.ts';
import type { PdfRect } from '../place.ts';
import { rectWithinPage } from '../place.ts';
import type { DigestAlgorithm, Signer } from '../signers.ts';
import { nodeHashName } from '../signers.ts';
import { buildCadesSignature } from './cms.ts';
import type { OpenedDocument } from './document.ts';
import { pageGeometry } from './document.ts';
import { indexOfAscii } from './lexer.ts';
import type { AppearanceInput } from './sign-appearance.ts';
import { buildAppearance, round } from './sign-appearance.ts';
import {
  addToAcroForm,
  addToAnnots,
  checkRect,
  pdfDate,
  rectArray,
  resolvePage,
} from './sign-widget.ts';

export type { AppearanceInput } from './sign-appearance.ts';

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
 * PdfString builds the hex text character by character, a cost paid on every stamp for bytes
 * that are all zero (`npm run bench` times the stamp).
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
