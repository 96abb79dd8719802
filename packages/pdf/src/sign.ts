/**
 * Public signing operations: `stampMeterai` (the e-Meterai) and `signPdf` (an e-signature).
 * Both append exactly one incremental revision holding the visible appearance and the PAdES
 * signature, so earlier signatures stay valid.
 */

import { X509Certificate } from 'node:crypto';
import { PdfError } from './errors.ts';
import { fieldNames, openDocument } from './internal/document.ts';
import type { AppearanceInput, CeremonyOptions } from './internal/sign-core.ts';
import { isPlaceholderTooSmall, signIncremental } from './internal/sign-core.ts';
import type { PdfLimits } from './limits.ts';
import type { PdfRect } from './place.ts';
import type { DigestAlgorithm, SignerInput } from './signers.ts';
import { resolveSigner } from './signers.ts';
import type { VectorAppearance } from './specimen.ts';
import {
  assertSerial,
  createSpecimenStampAppearance,
  createTextSpecimenAppearance,
} from './specimen.ts';
import type { TsaInput } from './tsa.ts';
import { resolveTsa } from './tsa.ts';

type CommonSignOptions = {
  /** 1-based page number; a number past the last page means the last page. */
  page: number;
  /** Where to draw, in PDF points, unrotated user space, bottom-left origin (see `placeToPdf`). */
  rect: PdfRect;
  signer: SignerInput;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** RFC 3161 TSA: makes the signature PAdES B-T. */
  tsa?: TsaInput;
  /** Claimed signing time (/M). Default: now. */
  signingTime?: Date;
  /** Default SHA-256. */
  digestAlgorithm?: DigestAlgorithm;
  /** Also add the CMS signing-time attribute (not PAdES-baseline conformant). Default false. */
  cmsSigningTime?: boolean;
  limits?: Partial<PdfLimits>;
};

export type StampMeteraiOptions = CommonSignOptions & {
  /** The 22-character e-Meterai serial (`[A-Z0-9]{22}`). */
  serial: string;
  /**
   * The stamp image: PNG/JPEG bytes (e.g. Peruri's), a vector appearance, or the recipe of the
   * local SPESIMEN stamp (drawn here, e.g. in the worker thread, from the serial and its QR URL).
   */
  image: Uint8Array | VectorAppearance | SpecimenStampRecipe;
};

/** The local SPESIMEN stamp of a serial, drawn by the engine (`createSpecimenStampAppearance`). */
export type SpecimenStampRecipe = { kind: 'specimen-stamp'; verifyUrl: string };

export type SignPdfOptions = CommonSignOptions & {
  /** The visible specimen: PNG/JPEG bytes, a typed name (text), or a vector appearance. */
  specimen: Uint8Array | string | VectorAppearance;
  /** Field name; default `Signature<N>` (first free N). */
  fieldName?: string;
  /** Caption under a text specimen. */
  caption?: string;
  /**
   * The signer's name under an image specimen, with the same caption as a typed one
   * ("Digitally signed" and the date, or `caption`), so drawn and typed signatures read alike.
   */
  imageLabel?: string;
};

export type SignedPdf = {
  bytes: Uint8Array;
  fieldName: string;
  /** The page actually used (1-based, after clamping to the last page). */
  page: number;
  rect: PdfRect;
};

export type StampedPdf = SignedPdf & { serial: string };

function appearanceFor(
  value: Uint8Array | VectorAppearance | SpecimenStampRecipe,
  serial?: string,
): AppearanceInput {
  if (value instanceof Uint8Array) return { kind: 'image', bytes: value };
  if (value && value.kind === 'specimen-stamp' && serial)
    return createSpecimenStampAppearance(serial, value.verifyUrl);
  if (value && value.kind === 'vector' && typeof value.content === 'string') return value;
  throw new PdfError(
    'INVALID_ARGUMENT',
    'The image must be PNG/JPEG bytes or a vector appearance.',
  );
}

function commonName(certificate: Uint8Array): string | undefined {
  try {
    const subject = new X509Certificate(certificate).subject;
    return /(?:^|\n)CN=([^\n]*)/.exec(subject)?.[1];
  } catch {
    return undefined;
  }
}

async function runCeremony(
  bytes: Uint8Array,
  options: CommonSignOptions,
  build: (
    names: Set<string>,
  ) => Omit<
    CeremonyOptions,
    'signer' | 'tsa' | 'signingTime' | 'digestAlgorithm' | 'page' | 'rect'
  >,
): Promise<SignedPdf> {
  const signer = resolveSigner(options.signer);
  const tsa = resolveTsa(options.tsa);
  const signingTime = options.signingTime ?? new Date();
  let contentsSize: number | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const opened = await openDocument(bytes, options.limits ? { limits: options.limits } : {});
    const specific = build(fieldNames(opened.pdf));
    const ceremony: CeremonyOptions = {
      ...specific,
      page: options.page,
      rect: options.rect,
      signer,
      signingTime,
      digestAlgorithm: options.digestAlgorithm ?? 'SHA-256',
      ...(tsa ? { tsa } : {}),
      ...(options.cmsSigningTime ? { cmsSigningTime: true } : {}),
    };
    try {
      const out = await signIncremental(opened, bytes, ceremony, contentsSize);
      const page = Math.min(options.page, opened.pdf.getPageCount());
      return { bytes: out, fieldName: ceremony.fieldName, page, rect: { ...options.rect } };
    } catch (error) {
      if (isPlaceholderTooSmall(error) && attempt === 0) {
        contentsSize = Math.ceil((error.needed + 4096) / 512) * 512;
        continue;
      }
      throw error;
    }
  }
  throw new PdfError('SIGNING_FAILED', 'The signature did not fit its placeholder.');
}

/**
 * Draw the e-Meterai stamp at (page, rect) and sign the document as the e-Meterai in the same
 * incremental revision: PAdES (ETSI.CAdES.detached, SHA-256, signing-certificate-v2), field
 * `Emet<SN>`, `/Reason` `[<SN>] <reason>`, `/Location`; B-T when `tsa` is given.
 */
export async function stampMeterai(
  bytes: Uint8Array,
  options: StampMeteraiOptions,
): Promise<StampedPdf> {
  assertSerial(options.serial);
  const appearance = appearanceFor(options.image, options.serial);
  const reasonText = (options.reason ?? 'e-Meterai').trim();
  const signed = await runCeremony(bytes, options, (names) => {
    const fieldName = `Emet${options.serial}`;
    if (names.has(fieldName)) {
      throw new PdfError(
        'FIELD_EXISTS',
        `The document is already stamped with e-Meterai ${options.serial}.`,
      );
    }
    return {
      fieldName,
      appearance,
      reason: reasonText ? `[${options.serial}] ${reasonText}` : `[${options.serial}]`,
      ...(options.location ? { location: options.location } : {}),
      ...(options.contactInfo ? { contactInfo: options.contactInfo } : {}),
      name: 'e-meterai_signatures',
      appName: 'Bubuh e-Meterai',
    };
  });
  return { ...signed, serial: options.serial };
}

/**
 * Sign with a visible specimen (image, typed name or vector appearance) in one incremental
 * revision: PAdES (ETSI.CAdES.detached, SHA-256, signing-certificate-v2); B-T when `tsa` is given.
 */
export async function signPdf(bytes: Uint8Array, options: SignPdfOptions): Promise<SignedPdf> {
  const { specimen } = options;
  const signerName = (() => {
    try {
      return commonName(resolveSigner(options.signer).certificate);
    } catch {
      return undefined;
    }
  })();
  let appearance: AppearanceInput;
  if (typeof specimen === 'string') {
    if (specimen.trim() === '')
      throw new PdfError('INVALID_ARGUMENT', 'The text specimen is empty.');
    const caption = options.caption;
    const date = options.signingTime ?? new Date();
    appearance = {
      kind: 'deferred',
      build: (w, h) =>
        createTextSpecimenAppearance(
          specimen,
          w,
          h,
          caption === undefined ? { date } : { caption, date },
        ),
    };
  } else if (specimen instanceof Uint8Array && options.imageLabel?.trim()) {
    const label = options.imageLabel;
    const caption = options.caption;
    const date = options.signingTime ?? new Date();
    appearance = {
      kind: 'image',
      bytes: specimen,
      label: (w, h) =>
        createTextSpecimenAppearance(
          label,
          w,
          h,
          caption === undefined ? { date } : { caption, date },
        ),
    };
  } else {
    appearance = appearanceFor(specimen);
  }
  if (
    options.fieldName !== undefined &&
    (options.fieldName.trim() === '' || options.fieldName.includes('.'))
  ) {
    throw new PdfError('INVALID_ARGUMENT', 'The field name must be non-empty and contain no dots.');
  }
  return runCeremony(bytes, options, (names) => {
    let fieldName = options.fieldName;
    if (fieldName === undefined) {
      let n = 1;
      while (names.has(`Signature${n}`)) n++;
      fieldName = `Signature${n}`;
    } else if (names.has(fieldName)) {
      throw new PdfError('FIELD_EXISTS', `The document already has a field named "${fieldName}".`);
    }
    return {
      fieldName,
      appearance,
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.location ? { location: options.location } : {}),
      ...(options.contactInfo ? { contactInfo: options.contactInfo } : {}),
      ...(signerName ? { name: signerName } : {}),
    };
  });
}
