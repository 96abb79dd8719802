/**
 * Is a signature that calls itself an e-Meterai (reason `[SN] ...` or field `Emet<SN>`) really
 * from the e-Meterai issuer? Anyone can write such a reason or field name into an ordinary
 * e-signature, so the claim only counts when the signing certificate is one of the caller's
 * e-Meterai certificates or was issued directly by one of them.
 */
import { X509Certificate } from 'node:crypto';
import { PdfError } from '../errors.ts';
import { certificatesFrom } from './pem.ts';

/**
 * - `verified`: the claim was checked and the signing certificate is (issued by) a listed
 *   e-Meterai certificate.
 * - `unverified`: the claim was checked and failed (the signer is not a listed e-Meterai issuer).
 * - `unchecked`: no `meteraiIssuers` were given; the claim rests on the reason / field name only.
 */
export type MeteraiClaim = 'verified' | 'unverified' | 'unchecked';

export type MeteraiIssuers = {
  certificates: X509Certificate[];
  fingerprints: Set<string>;
};

/** Parse `meteraiIssuers`; `undefined` when the option was not given. */
export function meteraiIssuersFrom(
  inputs: readonly (string | Uint8Array)[] | undefined,
): MeteraiIssuers | undefined {
  if (inputs === undefined) return undefined;
  const certificates: X509Certificate[] = [];
  for (const input of inputs) {
    const ders = certificatesFrom(input);
    if (ders.length === 0) {
      throw new PdfError('INVALID_CREDENTIAL', 'An e-Meterai issuer certificate cannot be read.');
    }
    for (const der of ders) {
      try {
        certificates.push(new X509Certificate(der));
      } catch (error) {
        throw new PdfError(
          'INVALID_CREDENTIAL',
          'An e-Meterai issuer certificate cannot be read.',
          error instanceof Error ? error.message : String(error),
        );
      }
    }
  }
  return { certificates, fingerprints: new Set(certificates.map((c) => c.fingerprint256)) };
}

/**
 * The signer certificate is a listed certificate, or was issued (signature checked) by a listed
 * CA certificate that is not self-signed. A self-signed root only matches itself: in a PKI where
 * users and the e-Meterai share one root, "issued under the root" proves nothing.
 */
export function isFromMeteraiIssuer(
  signerCertificate: Uint8Array | undefined,
  issuers: MeteraiIssuers,
): boolean {
  if (!signerCertificate) return false;
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(signerCertificate);
  } catch {
    return false;
  }
  if (issuers.fingerprints.has(leaf.fingerprint256)) return true;
  return issuers.certificates.some(
    (ca) => ca.ca && !ca.checkIssued(ca) && leaf.checkIssued(ca) && leaf.verify(ca.publicKey),
  );
}

export type ClaimResult = {
  kind: 'emeterai' | 'esign';
  /** The serial, only when the signature counts as an e-Meterai. */
  serial: string | null;
  meteraiClaim: MeteraiClaim | null;
};

/** Kind and serial of a (non-time-stamp) signature given its claimed serial and signer. */
export function classifyClaim(
  claimedSerial: string | null,
  signerCertificate: Uint8Array | undefined,
  issuers: MeteraiIssuers | undefined,
): ClaimResult {
  if (!claimedSerial) return { kind: 'esign', serial: null, meteraiClaim: null };
  if (!issuers) return { kind: 'emeterai', serial: claimedSerial, meteraiClaim: 'unchecked' };
  return isFromMeteraiIssuer(signerCertificate, issuers)
    ? { kind: 'emeterai', serial: claimedSerial, meteraiClaim: 'verified' }
    : { kind: 'esign', serial: null, meteraiClaim: 'unverified' };
}
