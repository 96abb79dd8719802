/**
 * Local CA toolkit (the embedded default behind `SignatureProvider` / `MeteraiProvider` /
 * `TimestampAuthority`): a root CA, the local e-Meterai issuer certificate, per-user signing
 * certificates and a TSA certificate, all as PEM strings (structured-cloneable, storable).
 *
 * Keys are RSA-2048 (default), RSA-3072 or ECDSA P-256, generated with node:crypto (OpenSSL).
 * Certificates are X.509 v3 encoded with the package's small DER writer and signed with
 * node:crypto (sha256WithRSAEncryption / ecdsa-with-SHA256). @peculiar/x509 was not used because
 * it needs a global `reflect-metadata` polyfill (tsyringe), which a library should not install.
 * The output is checked with `openssl verify` and node's X509Certificate in the tests.
 */

import type { KeyObject } from 'node:crypto';
import {
  createPrivateKey,
  createPublicKey,
  X509Certificate as NodeX509Certificate,
} from 'node:crypto';
import { PdfError } from './errors.ts';
import { seq, tlv } from './internal/der.ts';
import { certificatesFrom, toPem } from './internal/pem.ts';
import type { CertificateProfile, KeyAlgorithm, SubjectInput } from './internal/x509-build.ts';
import {
  buildCertificate,
  DAY,
  defaultValidity,
  EXT,
  enc,
  encodeName,
  extension,
  generateKeys,
  keyPem,
  profileExtensions,
  subjectKeyIdOf,
  subjectOf,
} from './internal/x509-build.ts';
import type { SignerCredential } from './signers.ts';
import type { LocalTsaCredential } from './tsa.ts';

export type { CertificateProfile, KeyAlgorithm, SubjectInput } from './internal/x509-build.ts';

/**
 * A certificate with its private key: `certificatePem` (leaf), `chainPem` (issuers up to the
 * root, empty for a root) and `privateKeyPem` (PKCS#8). Usable directly as a `SignerCredential`.
 */
export type Credential = SignerCredential & { chainPem: string };

export type IssueOptions = {
  subject: SubjectInput;
  profile: CertificateProfile;
  keyAlgorithm?: KeyAlgorithm;
  /** Validity in days. Defaults: root 3650, intermediate 1825, others 730. */
  validityDays?: number;
  notBefore?: Date;
};

/** Create a self-signed root CA. */
export async function createRootCa(
  subject: SubjectInput = {
    commonName: 'Bubuh Local Root CA (SPESIMEN)',
    organization: 'Bubuh',
    country: 'ID',
  },
  options: { keyAlgorithm?: KeyAlgorithm; validityDays?: number; notBefore?: Date } = {},
): Promise<Credential> {
  const name = encodeName(subject);
  const keys = await generateKeys(options.keyAlgorithm ?? 'RSA-2048');
  const der = buildCertificate({
    subject: name,
    issuer: name,
    publicKey: keys.publicKey,
    signingKey: keys.privateKey,
    notBefore: options.notBefore ?? new Date(Date.now() - DAY),
    days: options.validityDays ?? 3650,
    extensions: profileExtensions('root'),
  });
  return {
    certificatePem: toPem(der, 'CERTIFICATE'),
    privateKeyPem: keyPem(keys.privateKey),
    chainPem: '',
  };
}

/** Issue a certificate signed by `issuer` for the given profile. */
export async function issueCertificate(
  issuer: Credential,
  options: IssueOptions,
): Promise<Credential> {
  if (options.profile === 'root') {
    throw new PdfError('INVALID_ARGUMENT', 'Use createRootCa() for root certificates.');
  }
  const [issuerDer] = certificatesFrom(issuer.certificatePem);
  if (!issuerDer)
    throw new PdfError('INVALID_CREDENTIAL', 'The issuer certificate cannot be read.');
  let signingKey: KeyObject;
  try {
    signingKey = createPrivateKey(issuer.privateKeyPem);
    const matches =
      Buffer.compare(
        new NodeX509Certificate(issuerDer).publicKey.export({ type: 'spki', format: 'der' }),
        createPublicKey(signingKey).export({ type: 'spki', format: 'der' }),
      ) === 0;
    if (!matches) throw new Error('issuer key does not match issuer certificate');
  } catch (error) {
    throw new PdfError(
      'INVALID_CREDENTIAL',
      'The issuer key or certificate cannot be used.',
      error instanceof Error ? error.message : String(error),
    );
  }
  const keys = await generateKeys(options.keyAlgorithm ?? 'RSA-2048');
  const extensions = profileExtensions(options.profile);
  if (options.subject.email) {
    extensions.push(
      extension(EXT.subjectAltName, false, seq(tlv(0x81, enc.encode(options.subject.email)))),
    );
  }
  const der = buildCertificate({
    subject: encodeName(options.subject),
    issuer: subjectOf(issuerDer),
    publicKey: keys.publicKey,
    signingKey,
    notBefore: options.notBefore ?? new Date(Date.now() - DAY),
    days: options.validityDays ?? defaultValidity(options.profile),
    extensions,
    authorityKeyId: subjectKeyIdOf(issuerDer),
  });
  return {
    certificatePem: toPem(der, 'CERTIFICATE'),
    privateKeyPem: keyPem(keys.privateKey),
    chainPem: `${issuer.certificatePem.trim()}\n${issuer.chainPem ? `${issuer.chainPem.trim()}\n` : ''}`,
  };
}

/** A per-user signing certificate (CN = the user's name; optional e-mail and NIK). */
export function issueUserCertificate(
  issuer: Credential,
  user: { name: string; email?: string; nik?: string; organization?: string },
  options: { keyAlgorithm?: KeyAlgorithm; validityDays?: number } = {},
): Promise<Credential> {
  return issueCertificate(issuer, {
    profile: 'user',
    subject: {
      commonName: user.name,
      country: 'ID',
      ...(user.organization ? { organization: user.organization } : {}),
      ...(user.email ? { email: user.email } : {}),
      ...(user.nik ? { nik: user.nik } : {}),
    },
    ...options,
  });
}

export type LocalPki = {
  root: Credential;
  /** The local e-Meterai issuer: "Bubuh e-Meterai Local Issuer (SPESIMEN)". */
  emeterai: Credential;
  /** The local TSA (timeStamping EKU). */
  tsa: Credential;
};

/** Root CA + e-Meterai signing certificate + TSA certificate. */
export async function createLocalPki(
  options: { keyAlgorithm?: KeyAlgorithm; organization?: string } = {},
): Promise<LocalPki> {
  const org = options.organization ?? 'Bubuh';
  const keyOpts = options.keyAlgorithm ? { keyAlgorithm: options.keyAlgorithm } : {};
  const root = await createRootCa(
    { commonName: `${org} Local Root CA (SPESIMEN)`, organization: org, country: 'ID' },
    keyOpts,
  );
  const emeterai = await issueCertificate(root, {
    profile: 'emeterai',
    subject: {
      commonName: `${org} e-Meterai Local Issuer (SPESIMEN)`,
      organization: org,
      country: 'ID',
    },
    ...keyOpts,
  });
  const tsa = await issueCertificate(root, {
    profile: 'tsa',
    subject: { commonName: `${org} Local TSA (SPESIMEN)`, organization: org, country: 'ID' },
    ...keyOpts,
  });
  return { root, emeterai, tsa };
}

/** Use a TSA `Credential` as the `tsa` option of the signing functions (in-process TSA). */
export function localTsaCredential(tsa: SignerCredential): LocalTsaCredential {
  return {
    kind: 'local-tsa',
    privateKeyPem: tsa.privateKeyPem,
    certificatePem: tsa.certificatePem,
    ...(tsa.chainPem ? { chainPem: tsa.chainPem } : {}),
  };
}

export type CertificateSummary = {
  subject: string;
  issuer: string;
  commonName: string | null;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  fingerprintSha256: string;
};

export function describeCertificate(input: string | Uint8Array): CertificateSummary {
  const [der] = certificatesFrom(input);
  if (!der) throw new PdfError('INVALID_CREDENTIAL', 'No certificate found.');
  const cert = new NodeX509Certificate(der);
  const cn = /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1] ?? null;
  return {
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    commonName: cn,
    serialNumber: cert.serialNumber,
    notBefore: new Date(cert.validFrom).toISOString(),
    notAfter: new Date(cert.validTo).toISOString(),
    fingerprintSha256: cert.fingerprint256,
  };
}

/** PEM ↔ DER helpers for certificates. */
export function certificateToPem(der: Uint8Array): string {
  return toPem(der, 'CERTIFICATE');
}

export function certificatesFromPem(pem: string): Uint8Array[] {
  return certificatesFrom(pem);
}
