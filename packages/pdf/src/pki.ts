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
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  X509Certificate as NodeX509Certificate,
  randomBytes,
  sign,
} from 'node:crypto';
import { promisify } from 'node:util';
import { PdfError } from './errors.ts';
import { OID } from './internal/cms.ts';
import {
  children,
  concatBytes,
  content,
  ctx,
  generalizedTime,
  integer,
  nullValue,
  octetString,
  oid,
  readNode,
  seq,
  set,
  slice,
  tlv,
  utcTime,
} from './internal/der.ts';
import { certificatesFrom, toPem } from './internal/pem.ts';
import type { SignerCredential } from './signers.ts';
import type { LocalTsaCredential } from './tsa.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

export type KeyAlgorithm = 'RSA-2048' | 'RSA-3072' | 'ECDSA-P256';

/**
 * A certificate with its private key: `certificatePem` (leaf), `chainPem` (issuers up to the
 * root, empty for a root) and `privateKeyPem` (PKCS#8). Usable directly as a `SignerCredential`.
 */
export type Credential = SignerCredential & { chainPem: string };

export type SubjectInput = {
  commonName: string;
  organization?: string;
  organizationalUnit?: string;
  country?: string;
  email?: string;
  /** Indonesian NIK (16 digits), stored as the subject serialNumber attribute "NIK:<nik>". */
  nik?: string;
};

export type CertificateProfile = 'root' | 'intermediate' | 'emeterai' | 'user' | 'tsa';

export type IssueOptions = {
  subject: SubjectInput;
  profile: CertificateProfile;
  keyAlgorithm?: KeyAlgorithm;
  /** Validity in days. Defaults: root 3650, intermediate 1825, others 730. */
  validityDays?: number;
  notBefore?: Date;
};

const NAME_OID = {
  cn: '2.5.4.3',
  o: '2.5.4.10',
  ou: '2.5.4.11',
  c: '2.5.4.6',
  serialNumber: '2.5.4.5',
  email: '1.2.840.113549.1.9.1',
};

const EXT = {
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  subjectAltName: '2.5.29.17',
};

const EKU = {
  clientAuth: '1.3.6.1.5.5.7.3.2',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  timeStamping: '1.3.6.1.5.5.7.3.8',
};

const enc = new TextEncoder();

function rdn(type: string, value: Uint8Array): Uint8Array {
  return set(seq(oid(type), value));
}

function encodeName(s: SubjectInput): Uint8Array {
  if (typeof s.commonName !== 'string' || s.commonName.trim() === '' || s.commonName.length > 64) {
    throw new PdfError('INVALID_ARGUMENT', 'The certificate common name must be 1-64 characters.');
  }
  if (s.nik !== undefined && !/^\d{16}$/.test(s.nik)) {
    throw new PdfError('INVALID_ARGUMENT', 'The NIK must be 16 digits.');
  }
  if (s.country !== undefined && !/^[A-Z]{2}$/.test(s.country)) {
    throw new PdfError('INVALID_ARGUMENT', 'The country must be a 2-letter code.');
  }
  const parts: Uint8Array[] = [];
  if (s.country) parts.push(rdn(NAME_OID.c, tlv(0x13, enc.encode(s.country))));
  if (s.organization) parts.push(rdn(NAME_OID.o, tlv(0x0c, enc.encode(s.organization))));
  if (s.organizationalUnit)
    parts.push(rdn(NAME_OID.ou, tlv(0x0c, enc.encode(s.organizationalUnit))));
  parts.push(rdn(NAME_OID.cn, tlv(0x0c, enc.encode(s.commonName.trim()))));
  if (s.nik) parts.push(rdn(NAME_OID.serialNumber, tlv(0x13, enc.encode(`NIK:${s.nik}`))));
  if (s.email) parts.push(rdn(NAME_OID.email, tlv(0x16, enc.encode(s.email))));
  return seq(...parts);
}

function extension(id: string, critical: boolean, value: Uint8Array): Uint8Array {
  return critical
    ? seq(oid(id), Uint8Array.of(0x01, 0x01, 0xff), octetString(value))
    : seq(oid(id), octetString(value));
}

/** DER BIT STRING for KeyUsage bits (bit 0 = digitalSignature). */
function keyUsageBits(bits: number[]): Uint8Array {
  let value = 0;
  for (const b of bits) value |= 0x8000 >> b;
  const bytes = value & 0xff ? [value >> 8, value & 0xff] : [value >> 8];
  const last = bytes[bytes.length - 1] ?? 0;
  let unused = 0;
  while (unused < 8 && (last & (1 << unused)) === 0) unused++;
  return tlv(0x03, Uint8Array.of(unused === 8 ? 0 : unused, ...bytes));
}

const KU = { digitalSignature: 0, nonRepudiation: 1, keyCertSign: 5, cRLSign: 6 };

function profileExtensions(profile: CertificateProfile): Uint8Array[] {
  switch (profile) {
    case 'root':
      return [
        extension(EXT.basicConstraints, true, seq(Uint8Array.of(0x01, 0x01, 0xff))),
        extension(EXT.keyUsage, true, keyUsageBits([KU.keyCertSign, KU.cRLSign])),
      ];
    case 'intermediate':
      return [
        extension(EXT.basicConstraints, true, seq(Uint8Array.of(0x01, 0x01, 0xff), integer(0))),
        extension(EXT.keyUsage, true, keyUsageBits([KU.keyCertSign, KU.cRLSign])),
      ];
    case 'tsa':
      return [
        extension(EXT.basicConstraints, true, seq()),
        extension(EXT.keyUsage, true, keyUsageBits([KU.digitalSignature, KU.nonRepudiation])),
        extension(EXT.extKeyUsage, true, seq(oid(EKU.timeStamping))),
      ];
    case 'emeterai':
    case 'user':
      return [
        extension(EXT.basicConstraints, true, seq()),
        extension(EXT.keyUsage, true, keyUsageBits([KU.digitalSignature, KU.nonRepudiation])),
        extension(EXT.extKeyUsage, false, seq(oid(EKU.clientAuth), oid(EKU.emailProtection))),
      ];
  }
}

function defaultValidity(profile: CertificateProfile): number {
  return profile === 'root' ? 3650 : profile === 'intermediate' ? 1825 : 730;
}

function encodeTime(date: Date): Uint8Array {
  const y = date.getUTCFullYear();
  return y >= 1950 && y < 2050 ? utcTime(date) : generalizedTime(date);
}

/** SHA-1 of the subjectPublicKey BIT STRING contents (RFC 5280 §4.2.1.2 method 1). */
function keyIdentifier(spki: Uint8Array): Uint8Array {
  const [, bits] = children(spki, readNode(spki, 0));
  if (!bits) throw new Error('bad SubjectPublicKeyInfo');
  return new Uint8Array(createHash('sha1').update(content(spki, bits).subarray(1)).digest());
}

function subjectKeyIdOf(certDer: Uint8Array): Uint8Array {
  const spki = new NodeX509Certificate(certDer).publicKey.export({ type: 'spki', format: 'der' });
  return keyIdentifier(new Uint8Array(spki));
}

function sigAlgFor(key: KeyObject): Uint8Array {
  return key.asymmetricKeyType === 'ec'
    ? seq(oid(OID.ecdsaSha256))
    : seq(oid(OID.sha256WithRSA), nullValue());
}

function randomSerial(): Uint8Array {
  const b = randomBytes(16);
  b[0] = ((b[0] ?? 0) & 0x7f) | 0x10;
  return integer(new Uint8Array(b));
}

async function generateKeys(
  alg: KeyAlgorithm,
): Promise<{ privateKey: KeyObject; publicKey: KeyObject }> {
  if (alg === 'ECDSA-P256') return generateKeyPairAsync('ec', { namedCurve: 'P-256' });
  return generateKeyPairAsync('rsa', { modulusLength: alg === 'RSA-3072' ? 3072 : 2048 });
}

const DAY = 24 * 60 * 60 * 1000;

type BuildCert = {
  subject: Uint8Array;
  issuer: Uint8Array;
  publicKey: KeyObject;
  signingKey: KeyObject;
  notBefore: Date;
  days: number;
  extensions: Uint8Array[];
  authorityKeyId?: Uint8Array;
};

function buildCertificate(b: BuildCert): Uint8Array {
  const spki = new Uint8Array(b.publicKey.export({ type: 'spki', format: 'der' }));
  const exts = [
    ...b.extensions,
    extension(EXT.subjectKeyIdentifier, false, octetString(keyIdentifier(spki))),
  ];
  if (b.authorityKeyId) {
    exts.push(extension(EXT.authorityKeyIdentifier, false, seq(tlv(0x80, b.authorityKeyId))));
  }
  const sigAlg = sigAlgFor(b.signingKey);
  const tbs = seq(
    ctx(0, integer(2)),
    randomSerial(),
    sigAlg,
    b.issuer,
    seq(encodeTime(b.notBefore), encodeTime(new Date(b.notBefore.getTime() + b.days * DAY))),
    b.subject,
    spki,
    ctx(3, seq(...exts)),
  );
  const signature = sign('sha256', tbs, b.signingKey);
  return seq(tbs, sigAlg, tlv(0x03, concatBytes([Uint8Array.of(0), new Uint8Array(signature)])));
}

function keyPem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Subject Name (DER) of a certificate. */
function subjectOf(certDer: Uint8Array): Uint8Array {
  const [tbs] = children(certDer, readNode(certDer, 0));
  if (!tbs) throw new Error('bad certificate');
  const fields = children(certDer, tbs);
  const i = fields[0]?.tag === 0xa0 ? 1 : 0;
  const subject = fields[i + 4];
  if (!subject) throw new Error('bad certificate');
  return slice(certDer, subject);
}

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
