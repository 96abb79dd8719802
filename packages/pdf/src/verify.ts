/**
 * `verifyPdf`: every signature of a document, checked independently of any external service.
 *
 * Per signature: CMS signature valid AND the ByteRange digest equals the signed message-digest
 * (`integrity`), whether it covers the whole file, what later revisions changed
 * (`modifiedAfter`), the certificate path to caller-given trust roots (`chain`), and the RFC 3161
 * signature time-stamp (B-T) if present. A signature claims to be an e-Meterai by the reason
 * `[SN] ...` or the field name `Emet<SN>`; with `meteraiIssuers` the claim is only accepted when the
 * signing certificate is (issued by) one of those certificates (`meteraiClaim`).
 */
import { createHash, X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { PdfError } from './errors.ts';
import type { ChainStatus } from './internal/chain.ts';
import { buildChain } from './internal/chain.ts';
import { digestAlgorithmFromOid, OID } from './internal/cms.ts';
import type { ParsedCms } from './internal/cms-verify.ts';
import {
  checkTimestampToken,
  commonNameOf,
  hashName,
  parseCms,
  verifySignatureValue,
} from './internal/cms-verify.ts';
import { bytesEqual } from './internal/der.ts';
import { openDocument } from './internal/document.ts';
import type { MeteraiClaim } from './internal/meterai-claim.ts';
import { classifyClaim, meteraiIssuersFrom } from './internal/meterai-claim.ts';
import { certificatesFrom } from './internal/pem.ts';
import { classifyChangesAfter } from './internal/revisions.ts';
import type { RawSignature } from './internal/signatures.ts';
import { meteraiSerial, parsePdfDate, readSignatures, signedEnd } from './internal/signatures.ts';
import { readXrefChain } from './internal/xref-chain.ts';
import type { PdfLimits } from './limits.ts';

export type SignatureKind = 'emeterai' | 'esign' | 'timestamp';
export type { MeteraiClaim };

export type TimestampInfo = {
  present: boolean;
  /** null when absent. */
  valid: boolean | null;
  /** ISO time from the token. */
  time: string | null;
  signerName: string | null;
};

export type SignatureVerification = {
  fieldName: string;
  /**
   * `emeterai` when the signature claims to be one (see `claimedSerial`) and the claim was not
   * refused (`meteraiClaim` `verified`, or `unchecked` without `meteraiIssuers`); a refused claim
   * is reported as `esign`.
   */
  kind: SignatureKind;
  /** e-Meterai serial, only for kind `emeterai` (so a refused claim never yields a serial). */
  serial: string | null;
  /**
   * The serial the signature claims (`[SN] ...` in the reason, else the field name `Emet<SN>`),
   * whether or not the claim holds; null when it makes no claim.
   */
  claimedSerial: string | null;
  /**
   * The e-Meterai claim check: `verified` (signer is / was issued by a `meteraiIssuers`
   * certificate), `unverified` (it is not: an ordinary signature dressed up as an e-Meterai),
   * `unchecked` (no `meteraiIssuers` given: the claim rests on the reason / field name alone);
   * null for signatures that make no claim and for document time-stamps.
   */
  meteraiClaim: MeteraiClaim | null;
  signerName: string | null;
  signerSubject: string | null;
  reason: string | null;
  location: string | null;
  subFilter: string | null;
  /** ISO time: from the time-stamp token if present, else the CMS signing-time, else /M. */
  signingTime: string | null;
  signingTimeSource: 'timestamp' | 'cms' | 'pdf' | null;
  /** The CMS signature is valid AND the ByteRange digest matches the signed message digest. */
  integrity: boolean;
  /** Why integrity failed (e.g. "digest mismatch"). */
  integrityDetail: string | null;
  coversWholeDocument: boolean;
  /**
   * What revisions after this signature changed: `none` (it covers the file), `allowed` (only
   * new signatures, annotations, form fields, DSS), `disallowed` (anything else).
   */
  modifiedAfter: 'none' | 'allowed' | 'disallowed';
  /** Descriptions of the disallowed changes. */
  changes: string[];
  /** `unknown` when no trust roots were given. */
  chain: ChainStatus;
  chainDetail: string;
  timestamp: TimestampInfo;
  /** PAdES: the ESS signing-certificate-v2 attribute is present and matches the signer. */
  signingCertificateV2: boolean;
  byteRange: [number, number, number, number] | null;
  /** Page (1-based) and rectangle of the visible widget, if any. */
  page: number | null;
  rect: [number, number, number, number] | null;
};

export type VerifyOptions = {
  /** Trust anchors: PEM text (one or more certificates) or DER bytes. */
  trustRoots?: (string | Uint8Array)[];
  /**
   * The e-Meterai signing certificate(s) and/or the CA certificate(s) dedicated to issuing them
   * (PEM text, any number of certificates, or DER). A signature claiming to be an e-Meterai is
   * then only reported as one when its signing certificate is one of these or was issued
   * directly by one of them (a self-signed root only matches itself, never its subordinates:
   * list the e-Meterai certificate or its dedicated intermediate, not a root shared with users).
   * An empty list accepts no claim. Not given: claims are `unchecked` (reason / field name only).
   */
  meteraiIssuers?: (string | Uint8Array)[];
  limits?: Partial<PdfLimits>;
};

export type VerifyResult = {
  signatures: SignatureVerification[];
  /** Every signature has integrity and no disallowed later changes (chain not considered). */
  valid: boolean;
};

function isDocumentTimestamp(sig: RawSignature): boolean {
  return sig.type === 'DocTimeStamp' || sig.subFilter === 'ETSI.RFC3161';
}

function rangeIsSane(br: [number, number, number, number], bytes: Uint8Array): string | null {
  const [o1, l1, o2, l2] = br;
  if (o1 !== 0) return 'byte range does not start at 0';
  if (l1 < 0 || o2 <= l1 || l2 < 0 || o2 + l2 > bytes.length) return 'byte range outside the file';
  if (bytes[l1] !== 0x3c || bytes[o2 - 1] !== 0x3e)
    return 'byte range gap is not the /Contents string';
  return null;
}

function digestRanges(
  alg: string,
  bytes: Uint8Array,
  br: [number, number, number, number],
): Uint8Array {
  const h = createHash(alg);
  h.update(bytes.subarray(br[0], br[0] + br[1]));
  h.update(bytes.subarray(br[2], br[2] + br[3]));
  return new Uint8Array(h.digest());
}

function checkIntegrity(
  sig: RawSignature,
  cms: ParsedCms,
  bytes: Uint8Array,
): { ok: boolean; detail: string | null } {
  const br = sig.byteRange;
  if (!br) return { ok: false, detail: 'no byte range' };
  const insane = rangeIsSane(br, bytes);
  if (insane) return { ok: false, detail: insane };
  if (!cms.digestAlgorithm)
    return { ok: false, detail: `unsupported digest ${cms.digestAlgorithmOid}` };
  if (!cms.signerCertificate)
    return { ok: false, detail: 'signer certificate not found in the signature' };
  const alg = hashName(cms.digestAlgorithm);
  if (sig.subFilter === 'adbe.pkcs7.sha1') {
    const docDigest = digestRanges('sha1', bytes, br);
    if (!cms.eContent || !bytesEqual(cms.eContent, docDigest))
      return { ok: false, detail: 'digest mismatch' };
    if (cms.signedAttrs) {
      const md = new Uint8Array(createHash(alg).update(cms.eContent).digest());
      if (!cms.messageDigest || !bytesEqual(md, cms.messageDigest))
        return { ok: false, detail: 'digest mismatch' };
    }
    const ok = verifySignatureValue(cms, cms.signerCertificate, [cms.eContent]);
    return ok ? { ok, detail: null } : { ok, detail: 'signature value invalid' };
  }
  if (sig.type === 'DocTimeStamp' || sig.subFilter === 'ETSI.RFC3161') {
    // document time-stamp: the token's imprint covers the byte ranges
    const docCheck = checkDocumentTimestamp(cms, bytes, br);
    return docCheck;
  }
  if (cms.signedAttrs) {
    const digest = digestRanges(alg, bytes, br);
    if (!cms.messageDigest || !bytesEqual(digest, cms.messageDigest))
      return { ok: false, detail: 'digest mismatch' };
    const ok = verifySignatureValue(cms, cms.signerCertificate);
    return ok ? { ok, detail: null } : { ok, detail: 'signature value invalid' };
  }
  const ok = verifySignatureValue(cms, cms.signerCertificate, [
    bytes.subarray(br[0], br[0] + br[1]),
    bytes.subarray(br[2], br[2] + br[3]),
  ]);
  return ok ? { ok, detail: null } : { ok, detail: 'signature value invalid' };
}

function checkDocumentTimestamp(
  cms: ParsedCms,
  bytes: Uint8Array,
  br: [number, number, number, number],
): { ok: boolean; detail: string | null } {
  // For ETSI.RFC3161 the CMS *is* the token; its imprint is over the ranges.
  if (!cms.eContent) return { ok: false, detail: 'not a time-stamp token' };
  try {
    const tst = pkijs.TSTInfo.fromBER(cms.eContent);
    const alg = tst.messageImprint.hashAlgorithm.algorithmId;
    const digestAlg = alg === OID.sha1 ? 'SHA-1' : digestAlgorithmFromOid(alg);
    if (!digestAlg) return { ok: false, detail: `unsupported digest ${alg}` };
    const name = hashName(digestAlg);
    const imprint = new Uint8Array(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (!bytesEqual(imprint, digestRanges(name, bytes, br)))
      return { ok: false, detail: 'digest mismatch' };
    if (!cms.signerCertificate || !verifySignatureValue(cms, cms.signerCertificate)) {
      return { ok: false, detail: 'signature value invalid' };
    }
    return { ok: true, detail: null };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

function signingCertificateMatches(cms: ParsedCms): boolean {
  if (!cms.hasSigningCertificateV2 || !cms.signerCertificate) return false;
  if (!cms.signingCertificateHash) return true; // non-SHA-256 ESSCertIDv2: present, not compared
  return bytesEqual(
    new Uint8Array(createHash('sha256').update(cms.signerCertificate).digest()),
    cms.signingCertificateHash,
  );
}

/**
 * Verify every signature of the document. Throws `PdfError` only for unreadable input (not PDF,
 * truncated, broken, encrypted, too complex); invalid signatures are reported, not thrown.
 */
export async function verifyPdf(
  bytes: Uint8Array,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  let roots: Uint8Array[] | undefined;
  if (options.trustRoots) {
    roots = options.trustRoots.flatMap((r) => certificatesFrom(r));
    if (options.trustRoots.length > 0 && roots.length === 0) {
      throw new PdfError('INVALID_CREDENTIAL', 'The trust roots contain no certificate.');
    }
  }
  const issuers = meteraiIssuersFrom(options.meteraiIssuers);
  const { pdf } = await openDocument(bytes, options.limits ? { limits: options.limits } : {});
  const raw = readSignatures(pdf);
  const chain = raw.some((s) => signedEnd(s) < bytes.length) ? readXrefChain(bytes) : [];
  const out: SignatureVerification[] = [];
  for (const sig of raw) {
    const timestampSig = isDocumentTimestamp(sig);
    const claimedSerial = timestampSig ? null : meteraiSerial(sig.fieldName, sig.reason);
    const base = {
      fieldName: sig.fieldName,
      claimedSerial,
      reason: sig.reason,
      location: sig.location,
      subFilter: sig.subFilter ?? null,
      byteRange: sig.byteRange ?? null,
      page: sig.page,
      rect: sig.rect,
    };
    const end = signedEnd(sig);
    const coversWholeDocument = sig.byteRange !== undefined && end === bytes.length;
    let cms: ParsedCms | undefined;
    let parseError: string | null = null;
    try {
      if (!sig.contents) throw new Error('no /Contents');
      cms = parseCms(sig.contents);
    } catch (error) {
      parseError = error instanceof Error ? error.message : String(error);
    }
    const changes =
      sig.byteRange && !coversWholeDocument
        ? await classifyChangesAfter(bytes, end, pdf, chain)
        : { modifiedAfter: 'none' as const, disallowed: [], allowed: [] };
    const claim = timestampSig
      ? { kind: 'timestamp' as const, serial: null, meteraiClaim: null }
      : classifyClaim(claimedSerial, cms?.signerCertificate, issuers);
    if (!cms) {
      out.push({
        ...base,
        ...claim,
        signerName: sig.name,
        signerSubject: null,
        signingTime: parsePdfDate(sig.m)?.toISOString() ?? null,
        signingTimeSource: sig.m ? 'pdf' : null,
        integrity: false,
        integrityDetail: `signature cannot be parsed: ${parseError ?? 'unknown'}`,
        coversWholeDocument,
        modifiedAfter: changes.modifiedAfter,
        changes: changes.disallowed,
        chain: roots ? 'untrusted' : 'unknown',
        chainDetail: 'signature cannot be parsed',
        timestamp: { present: false, valid: null, time: null, signerName: null },
        signingCertificateV2: false,
      });
      continue;
    }
    const integrity = checkIntegrity(sig, cms, bytes);
    const ts =
      claim.kind === 'timestamp'
        ? {
            present: true,
            valid: integrity.ok,
            time: null,
            signerName: commonNameOf(cms.signerCertificate),
          }
        : checkTimestampToken(cms.timestampToken, cms.signature);
    let signingTime: Date | null = null;
    let signingTimeSource: SignatureVerification['signingTimeSource'] = null;
    if (ts.time && ts.valid) {
      signingTime = ts.time;
      signingTimeSource = 'timestamp';
    } else if (cms.cmsSigningTime) {
      signingTime = cms.cmsSigningTime;
      signingTimeSource = 'cms';
    } else if (parsePdfDate(sig.m)) {
      signingTime = parsePdfDate(sig.m);
      signingTimeSource = 'pdf';
    }
    const chainResult = cms.signerCertificate
      ? buildChain(cms.signerCertificate, cms.certificates, roots, signingTime ?? new Date())
      : {
          status: (roots ? 'untrusted' : 'unknown') as ChainStatus,
          detail: 'signer certificate not found',
          path: [],
        };
    let subject: string | null = null;
    try {
      subject = cms.signerCertificate
        ? new X509Certificate(cms.signerCertificate).subject.replace(/\n/g, ', ')
        : null;
    } catch {
      subject = null;
    }
    out.push({
      ...base,
      ...claim,
      signerName: commonNameOf(cms.signerCertificate) ?? sig.name,
      signerSubject: subject,
      signingTime: signingTime?.toISOString() ?? null,
      signingTimeSource,
      integrity: integrity.ok,
      integrityDetail: integrity.detail,
      coversWholeDocument,
      modifiedAfter: changes.modifiedAfter,
      changes: changes.disallowed,
      chain: chainResult.status,
      chainDetail: chainResult.detail,
      timestamp: {
        present: ts.present,
        valid: ts.valid,
        time: ts.time ? ts.time.toISOString() : null,
        signerName: ts.signerName,
      },
      signingCertificateV2: signingCertificateMatches(cms),
    });
  }
  return {
    signatures: out,
    valid: out.every((s) => s.integrity && s.modifiedAfter !== 'disallowed'),
  };
}
