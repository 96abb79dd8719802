/**
 * X.509 v3 certificate building for the local CA toolkit (`pki.ts`): subject names, the
 * extensions of each profile, key generation and the signed TBSCertificate, written with the
 * package's small DER writer and signed with node:crypto.
 */
import type { KeyObject } from 'node:crypto';
import {
  createHash,
  generateKeyPair,
  X509Certificate as NodeX509Certificate,
  randomBytes,
  sign,
} from 'node:crypto';
import { promisify } from 'node:util';
import { PdfError } from '../errors.ts';
import { OID } from './cms.ts';
import * as der from './der.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

export type KeyAlgorithm = 'RSA-2048' | 'RSA-3072' | 'ECDSA-P256';

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

const NAME_OID = {
  cn: '2.5.4.3',
  o: '2.5.4.10',
  ou: '2.5.4.11',
  c: '2.5.4.6',
  serialNumber: '2.5.4.5',
  email: '1.2.840.113549.1.9.1',
};

export const EXT = {
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

export const enc = new TextEncoder();

function rdn(type: string, value: Uint8Array): Uint8Array {
  return der.set(der.seq(der.oid(type), value));
}

export function encodeName(s: SubjectInput): Uint8Array {
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
  if (s.country) parts.push(rdn(NAME_OID.c, der.tlv(0x13, enc.encode(s.country))));
  if (s.organization) parts.push(rdn(NAME_OID.o, der.tlv(0x0c, enc.encode(s.organization))));
  if (s.organizationalUnit)
    parts.push(rdn(NAME_OID.ou, der.tlv(0x0c, enc.encode(s.organizationalUnit))));
  parts.push(rdn(NAME_OID.cn, der.tlv(0x0c, enc.encode(s.commonName.trim()))));
  if (s.nik) parts.push(rdn(NAME_OID.serialNumber, der.tlv(0x13, enc.encode(`NIK:${s.nik}`))));
  if (s.email) parts.push(rdn(NAME_OID.email, der.tlv(0x16, enc.encode(s.email))));
  return der.seq(...parts);
}

export function extension(id: string, critical: boolean, value: Uint8Array): Uint8Array {
  return critical
    ? der.seq(der.oid(id), Uint8Array.of(0x01, 0x01, 0xff), der.octetString(value))
    : der.seq(der.oid(id), der.octetString(value));
}

/** DER BIT STRING for KeyUsage bits (bit 0 = digitalSignature). */
function keyUsageBits(bits: number[]): Uint8Array {
  let value = 0;
  for (const b of bits) value |= 0x8000 >> b;
  const bytes = value & 0xff ? [value >> 8, value & 0xff] : [value >> 8];
  const last = bytes[bytes.length - 1] ?? 0;
  let unused = 0;
  while (unused < 8 && (last & (1 << unused)) === 0) unused++;
  return der.tlv(0x03, Uint8Array.of(unused === 8 ? 0 : unused, ...bytes));
}

const KU = { digitalSignature: 0, nonRepudiation: 1, keyCertSign: 5, cRLSign: 6 };

export function profileExtensions(profile: CertificateProfile): Uint8Array[] {
  switch (profile) {
    case 'root':
      return [
        extension(EXT.basicConstraints, true, der.seq(Uint8Array.of(0x01, 0x01, 0xff))),
        extension(EXT.keyUsage, true, keyUsageBits([KU.keyCertSign, KU.cRLSign])),
      ];
    case 'intermediate':
      return [
        extension(
          EXT.basicConstraints,
          true,
          der.seq(Uint8Array.of(0x01, 0x01, 0xff), der.integer(0)),
        ),
        extension(EXT.keyUsage, true, keyUsageBits([KU.keyCertSign, KU.cRLSign])),
      ];
    case 'tsa':
      return [
        extension(EXT.basicConstraints, true, der.seq()),
        extension(EXT.keyUsage, true, keyUsageBits([KU.digitalSignature, KU.nonRepudiation])),
        extension(EXT.extKeyUsage, true, der.seq(der.oid(EKU.timeStamping))),
      ];
    case 'emeterai':
    case 'user':
      return [
        extension(EXT.basicConstraints, true, der.seq()),
        extension(EXT.keyUsage, true, keyUsageBits([KU.digitalSignature, KU.nonRepudiation])),
        extension(
          EXT.extKeyUsage,
          false,
          der.seq(der.oid(EKU.clientAuth), der.oid(EKU.emailProtection)),
        ),
      ];
  }
}

export function defaultValidity(profile: CertificateProfile): number {
  return profile === 'root' ? 3650 : profile === 'intermediate' ? 1825 : 730;
}

function encodeTime(date: Date): Uint8Array {
  const y = date.getUTCFullYear();
  return y >= 1950 && y < 2050 ? der.utcTime(date) : der.generalizedTime(date);
}

/** SHA-1 of the subjectPublicKey BIT STRING contents (RFC 5280 §4.2.1.2 method 1). */
function keyIdentifier(spki: Uint8Array): Uint8Array {
  const [, bits] = der.children(spki, der.readNode(spki, 0));
  if (!bits) throw new Error('bad SubjectPublicKeyInfo');
  return new Uint8Array(createHash('sha1').update(der.content(spki, bits).subarray(1)).digest());
}

export function subjectKeyIdOf(certDer: Uint8Array): Uint8Array {
  const spki = new NodeX509Certificate(certDer).publicKey.export({ type: 'spki', format: 'der' });
  return keyIdentifier(new Uint8Array(spki));
}

function sigAlgFor(key: KeyObject): Uint8Array {
  return key.asymmetricKeyType === 'ec'
    ? der.seq(der.oid(OID.ecdsaSha256))
    : der.seq(der.oid(OID.sha256WithRSA), der.nullValue());
}

function randomSerial(): Uint8Array {
  const b = randomBytes(16);
  b[0] = ((b[0] ?? 0) & 0x7f) | 0x10;
  return der.integer(new Uint8Array(b));
}

export async function generateKeys(
  alg: KeyAlgorithm,
): Promise<{ privateKey: KeyObject; publicKey: KeyObject }> {
  if (alg === 'ECDSA-P256') return generateKeyPairAsync('ec', { namedCurve: 'P-256' });
  return generateKeyPairAsync('rsa', { modulusLength: alg === 'RSA-3072' ? 3072 : 2048 });
}

export const DAY = 24 * 60 * 60 * 1000;

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

export function buildCertificate(b: BuildCert): Uint8Array {
  const spki = new Uint8Array(b.publicKey.export({ type: 'spki', format: 'der' }));
  const exts = [
    ...b.extensions,
    extension(EXT.subjectKeyIdentifier, false, der.octetString(keyIdentifier(spki))),
  ];
  if (b.authorityKeyId) {
    exts.push(
      extension(EXT.authorityKeyIdentifier, false, der.seq(der.tlv(0x80, b.authorityKeyId))),
    );
  }
  const sigAlg = sigAlgFor(b.signingKey);
  const tbs = der.seq(
    der.ctx(0, der.integer(2)),
    randomSerial(),
    sigAlg,
    b.issuer,
    der.seq(encodeTime(b.notBefore), encodeTime(new Date(b.notBefore.getTime() + b.days * DAY))),
    b.subject,
    spki,
    der.ctx(3, der.seq(...exts)),
  );
  const signature = sign('sha256', tbs, b.signingKey);
  return der.seq(
    tbs,
    sigAlg,
    der.tlv(0x03, der.concatBytes([Uint8Array.of(0), new Uint8Array(signature)])),
  );
}

export function keyPem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Subject Name (DER) of a certificate. */
export function subjectOf(certDer: Uint8Array): Uint8Array {
  const [tbs] = der.children(certDer, der.readNode(certDer, 0));
  if (!tbs) throw new Error('bad certificate');
  const fields = der.children(certDer, tbs);
  const i = fields[0]?.tag === 0xa0 ? 1 : 0;
  const subject = fields[i + 4];
  if (!subject) throw new Error('bad certificate');
  return der.slice(certDer, subject);
}
