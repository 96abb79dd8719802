/**
 * CAdES-detached CMS SignedData builder (PAdES baseline B-B / B-T).
 *
 * Signed attributes: content-type, message-digest, ESS signing-certificate-v2 (RFC 5035), and
 * optionally signing-time (off by default: ETSI EN 319 142-1 baseline signatures carry the claimed
 * time in the signature dictionary's /M instead). Unsigned attribute: RFC 3161 signature
 * time-stamp token when a TSA is given (B-T).
 */
import { createHash } from 'node:crypto';
import type { TimestampAuthority } from '@libpdf/core';
import type { DigestAlgorithm, Signer } from '../signers.ts';
import { nodeHashName, produceSignature } from '../signers.ts';
import {
  children,
  concatBytes,
  ctx,
  integer,
  nullValue,
  octetString,
  oid,
  readNode,
  seq,
  set,
  setOf,
  slice,
  tlv,
  utcTime,
} from './der.ts';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  sha384WithRSA: '1.2.840.113549.1.1.12',
  sha512WithRSA: '1.2.840.113549.1.1.13',
  rsaPss: '1.2.840.113549.1.1.10',
  ecdsaSha256: '1.2.840.10045.4.3.2',
  ecdsaSha384: '1.2.840.10045.4.3.3',
  ecdsaSha512: '1.2.840.10045.4.3.4',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
} as const;

export const DIGEST_OID: Record<DigestAlgorithm, string> = {
  'SHA-256': OID.sha256,
  'SHA-384': OID.sha384,
  'SHA-512': OID.sha512,
};

export function digestAlgorithmFromOid(value: string): DigestAlgorithm | undefined {
  if (value === OID.sha256) return 'SHA-256';
  if (value === OID.sha384) return 'SHA-384';
  if (value === OID.sha512) return 'SHA-512';
  return undefined;
}

function algId(dotted: string, params?: Uint8Array): Uint8Array {
  return params ? seq(oid(dotted), params) : seq(oid(dotted));
}

function attribute(type: string, value: Uint8Array): Uint8Array {
  return seq(oid(type), set(value));
}

type CertInfo = {
  issuer: Uint8Array;
  serial: Uint8Array;
  hashes: Map<DigestAlgorithm, Uint8Array>;
  /** The signing-certificate-v2 attribute per digest algorithm (constant for a certificate). */
  essAttributes: Map<DigestAlgorithm, Uint8Array>;
};

const certInfoCache = new WeakMap<Uint8Array, CertInfo>();

/** Issuer Name and serialNumber INTEGER (both as full DER elements) of a certificate. */
export function certificateIssuerAndSerial(cert: Uint8Array): CertInfo {
  const cached = certInfoCache.get(cert);
  if (cached) return cached;
  const root = readNode(cert, 0);
  const [tbs] = children(cert, root);
  if (!tbs) throw new Error('certificate: missing tbsCertificate');
  const fields = children(cert, tbs);
  let i = 0;
  if (fields[0]?.tag === 0xa0) i = 1; // explicit version
  const serial = fields[i];
  const issuer = fields[i + 2];
  if (!serial || !issuer) throw new Error('certificate: malformed tbsCertificate');
  const info: CertInfo = {
    issuer: slice(cert, issuer),
    serial: slice(cert, serial),
    hashes: new Map(),
    essAttributes: new Map(),
  };
  certInfoCache.set(cert, info);
  return info;
}

function certHash(info: CertInfo, cert: Uint8Array, algorithm: DigestAlgorithm): Uint8Array {
  let h = info.hashes.get(algorithm);
  if (!h) {
    h = new Uint8Array(createHash(nodeHashName(algorithm)).update(cert).digest());
    info.hashes.set(algorithm, h);
  }
  return h;
}

function signingCertificateV2(cert: Uint8Array, algorithm: DigestAlgorithm): Uint8Array {
  const info = certificateIssuerAndSerial(cert);
  const cached = info.essAttributes.get(algorithm);
  if (cached) return cached;
  const hash = certHash(info, cert, algorithm);
  const issuerSerial = seq(seq(tlv(0xa4, info.issuer)), info.serial);
  // hashAlgorithm DEFAULT sha256: DER omits the default.
  const essCertIdV2 =
    algorithm === 'SHA-256'
      ? seq(octetString(hash), issuerSerial)
      : seq(algId(DIGEST_OID[algorithm]), octetString(hash), issuerSerial);
  const encoded = attribute(OID.signingCertificateV2, seq(seq(essCertIdV2)));
  info.essAttributes.set(algorithm, encoded);
  return encoded;
}

function signatureAlgorithmId(signer: Signer, algorithm: DigestAlgorithm): Uint8Array {
  if (signer.signatureAlgorithm === 'ECDSA' || signer.keyType === 'EC') {
    const byDigest = {
      'SHA-256': OID.ecdsaSha256,
      'SHA-384': OID.ecdsaSha384,
      'SHA-512': OID.ecdsaSha512,
    };
    return algId(byDigest[algorithm]);
  }
  return algId(OID.rsaEncryption, nullValue());
}

export type CadesOptions = {
  signer: Signer;
  /** Digest of the signed byte ranges. */
  documentDigest: Uint8Array;
  algorithm: DigestAlgorithm;
  /** Include the signing-time signed attribute (not recommended for PAdES baseline). */
  signingTime?: Date;
  tsa?: TimestampAuthority;
};

/** Build a DER ContentInfo(SignedData), detached, CAdES (PAdES baseline). */
export async function buildCadesSignature(options: CadesOptions): Promise<Uint8Array> {
  const { signer, documentDigest, algorithm } = options;
  if (signer.signatureAlgorithm === 'RSA-PSS') {
    throw new Error('RSA-PSS signers are not supported; use PKCS#1 v1.5 or ECDSA');
  }
  const cert = signer.certificate;
  const chain = signer.certificateChain ?? [];
  const info = certificateIssuerAndSerial(cert);

  const attrs = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octetString(documentDigest)),
    signingCertificateV2(cert, algorithm),
  ];
  if (options.signingTime) attrs.push(attribute(OID.signingTime, utcTime(options.signingTime)));
  const signedAttrsSet = setOf(attrs);
  const signature = await produceSignature(signer, signedAttrsSet, algorithm);

  let unsigned: Uint8Array | undefined;
  if (options.tsa) {
    const imprint = new Uint8Array(createHash(nodeHashName(algorithm)).update(signature).digest());
    const token = await options.tsa.timestamp(imprint, algorithm);
    unsigned = tlv(0xa1, attribute(OID.timeStampToken, token));
  }

  // [0] IMPLICIT: same content as the SET, context tag.
  const signedAttrsImplicit = concatBytes([Uint8Array.of(0xa0), signedAttrsSet.subarray(1)]);
  const signerInfo = seq(
    integer(1),
    seq(info.issuer, info.serial),
    algId(DIGEST_OID[algorithm]),
    signedAttrsImplicit,
    signatureAlgorithmId(signer, algorithm),
    octetString(signature),
    ...(unsigned ? [unsigned] : []),
  );
  const signedData = seq(
    integer(1),
    set(algId(DIGEST_OID[algorithm])),
    seq(oid(OID.data)),
    tlv(0xa0, ...[cert, ...chain]),
    set(signerInfo),
  );
  return seq(oid(OID.signedData), ctx(0, signedData));
}
