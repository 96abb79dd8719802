/**
 * `inspectPdf`: the upload gate. Reads page geometry, version and existing signatures, and turns
 * every kind of bad input into a typed `PdfError` (see `guard.ts` for the limits).
 */

import type { PDF } from '@libpdf/core';
import { PdfName } from '@libpdf/core';
import { commonNameOf, parseCms } from './internal/cms-verify.ts';
import { deref, openDocument, pageGeometry } from './internal/document.ts';
import type { JavaScriptAction } from './internal/javascript.ts';
import { findJavaScript } from './internal/javascript.ts';
import type { MeteraiClaim } from './internal/meterai-claim.ts';
import { classifyClaim, meteraiIssuersFrom } from './internal/meterai-claim.ts';
import { meteraiSerial, readSignatures, signedEnd } from './internal/signatures.ts';
import type { PdfLimits } from './limits.ts';
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
  /** As in `verifyPdf`: a claim refused by `meteraiIssuers` is `esign`. */
  kind: 'emeterai' | 'esign' | 'timestamp';
  /** e-Meterai serial, only for kind `emeterai`. */
  serial: string | null;
  /** The serial claimed by the reason / field name, whether or not the claim holds. */
  claimedSerial: string | null;
  /** `verified` / `unverified` against `meteraiIssuers`, `unchecked` without; null: no claim. */
  meteraiClaim: MeteraiClaim | null;
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
  /**
   * JavaScript actions found (document open/close/save/print, named scripts, page, annotation
   * and form-field actions), at most 100; `javaScriptCount` counts them all. The engine never
   * runs or removes them: see "JavaScript in uploads" in the README for the portal's policy.
   */
  javaScript: JavaScriptAction[];
  javaScriptCount: number;
};

export type InspectOptions = {
  limits?: Partial<PdfLimits>;
  /**
   * Report encrypted documents (that open without a password) instead of rejecting them with
   * `ENCRYPTED`. Default false: the portal cannot stamp encrypted files, so they are refused.
   */
  allowEncrypted?: boolean;
  /** As in `verifyPdf`: e-Meterai certificate(s) / dedicated issuing CA(s), PEM or DER. */
  meteraiIssuers?: (string | Uint8Array)[];
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

/** The catalog's /Version (PDF 1.4+: overrides an older header after an incremental update). */
function catalogVersion(pdf: PDF): string | undefined {
  const v = deref(pdf, pdf.getCatalog().get('Version'));
  return v instanceof PdfName && /^\d+\.\d+$/.test(v.value) ? v.value : undefined;
}

export async function inspectPdf(
  bytes: Uint8Array,
  options: InspectOptions = {},
): Promise<PdfInfo> {
  const issuers = meteraiIssuersFrom(options.meteraiIssuers);
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
    const timestamp = sig.type === 'DocTimeStamp' || sig.subFilter === 'ETSI.RFC3161';
    const claimedSerial = timestamp ? null : meteraiSerial(sig.fieldName, sig.reason);
    let signerName = sig.name;
    let signerCertificate: Uint8Array | undefined;
    try {
      if (sig.contents) {
        signerCertificate = parseCms(sig.contents).signerCertificate;
        signerName = commonNameOf(signerCertificate) ?? signerName;
      }
    } catch {
      // unparsable signature: keep /Name
    }
    const claim = timestamp
      ? { kind: 'timestamp' as const, serial: null, meteraiClaim: null }
      : classifyClaim(claimedSerial, signerCertificate, issuers);
    return {
      fieldName: sig.fieldName,
      ...claim,
      claimedSerial,
      signerName,
      reason: sig.reason,
      coversWholeDocument: sig.byteRange !== undefined && signedEnd(sig) === bytes.length,
    };
  });
  const javaScript = findJavaScript(pdf);
  return {
    pageCount: pages.length,
    pages,
    pdfVersion: newerVersion(
      newerVersion(report.headerVersion || pdf.version, pdf.version),
      catalogVersion(pdf),
    ),
    encrypted: pdf.isEncrypted,
    linearized: report.linearized,
    signatures,
    javaScript: javaScript.actions,
    javaScriptCount: javaScript.count,
  };
}
