/**
 * `inspectPdf`: the upload gate. Reads page geometry, version and existing signatures, and turns
 * every kind of bad input into a typed `PdfError` (see `guard.ts` for the limits).
 */
import type { PdfLimits } from './guard.ts';
import { commonNameOf, parseCms } from './internal/cms-verify.ts';
import { openDocument, pageGeometry } from './internal/document.ts';
import { meteraiSerial, readSignatures, signedEnd } from './internal/signatures.ts';
import type { Rotation } from './place.ts';

export type PageInfo = {
  /** Width in points as displayed, i.e. AFTER applying /Rotate. */
  width: number;
  /** Height in points as displayed, i.e. AFTER applying /Rotate. */
  height: number;
  rotation: Rotation;
  /** Origin of the visible box (crop box) in user space; usually 0. */
  x: number;
  y: number;
};

export type SignatureSummary = {
  fieldName: string;
  kind: 'emeterai' | 'esign' | 'timestamp';
  serial: string | null;
  signerName: string | null;
  reason: string | null;
  coversWholeDocument: boolean;
};

export type PdfInfo = {
  pageCount: number;
  pages: PageInfo[];
  /** Effective version: the catalog /Version if newer than the header. */
  pdfVersion: string;
  encrypted: boolean;
  linearized: boolean;
  signatures: SignatureSummary[];
};

export type InspectOptions = {
  limits?: Partial<PdfLimits>;
  /**
   * Report encrypted documents (that open without a password) instead of rejecting them with
   * `ENCRYPTED`. Default false: the portal cannot stamp encrypted files, so they are refused.
   */
  allowEncrypted?: boolean;
};

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function newerVersion(a: string, b: string | undefined): string {
  if (!b) return a;
  const pa = Number.parseFloat(a);
  const pb = Number.parseFloat(b);
  return Number.isFinite(pb) && (!Number.isFinite(pa) || pb > pa) ? b : a;
}

export async function inspectPdf(
  bytes: Uint8Array,
  options: InspectOptions = {},
): Promise<PdfInfo> {
  const { pdf, report } = await openDocument(bytes, {
    deep: true,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.allowEncrypted ? { allowEncrypted: true } : {}),
  });
  const pages: PageInfo[] = pdf.getPages().map((page) => {
    const { box, rotation } = pageGeometry(pdf, page);
    const turned = rotation === 90 || rotation === 270;
    return {
      width: round(turned ? box.height : box.width),
      height: round(turned ? box.width : box.height),
      rotation,
      x: round(box.x),
      y: round(box.y),
    };
  });
  const signatures: SignatureSummary[] = readSignatures(pdf).map((sig) => {
    const serial = meteraiSerial(sig.fieldName, sig.reason);
    let signerName = sig.name;
    try {
      if (sig.contents)
        signerName = commonNameOf(parseCms(sig.contents).signerCertificate) ?? signerName;
    } catch {
      // unparsable signature: keep /Name
    }
    return {
      fieldName: sig.fieldName,
      kind:
        sig.type === 'DocTimeStamp' || sig.subFilter === 'ETSI.RFC3161'
          ? 'timestamp'
          : serial
            ? 'emeterai'
            : 'esign',
      serial,
      signerName,
      reason: sig.reason,
      coversWholeDocument: sig.byteRange !== undefined && signedEnd(sig) === bytes.length,
    };
  });
  return {
    pageCount: pages.length,
    pages,
    pdfVersion: newerVersion(report.headerVersion || pdf.version, pdf.version),
    encrypted: pdf.isEncrypted,
    linearized: report.linearized,
    signatures,
  };
}
