/**
 * RFC 3161 time-stamping: a local time-stamp authority (request DER in, response DER out) and
 * adapters to @libpdf/core's `TimestampAuthority` interface (`timestamp(digest, algorithm)`),
 * which the signing functions use for PAdES B-T.
 */

import type { KeyObject } from 'node:crypto';
import { createHash, createPrivateKey, randomBytes, sign, X509Certificate } from 'node:crypto';
import type { TimestampAuthority } from '@libpdf/core';
import { HttpTimestampAuthority } from '@libpdf/core';
import { PdfError } from './errors.ts';
import {
  certificateIssuerAndSerial,
  DIGEST_OID,
  digestAlgorithmFromOid,
  OID,
} from './internal/cms.ts';
import * as der from './internal/der.ts';
import { certificatesFrom } from './internal/pem.ts';
import type { DigestAlgorithm } from './signers.ts';

export type { TimestampAuthority };

/** Serializable TSA key material (certificate must carry the critical timeStamping EKU). */
export type LocalTsaCredential = {
  kind: 'local-tsa';
  privateKeyPem: string;
  certificatePem: string;
  chainPem?: string;
};

/** A remote RFC 3161 TSA reached over HTTP(S) (uses libpdf's `HttpTimestampAuthority`). */
export type HttpTsaOptions = { url: string; headers?: Record<string, string>; timeoutMs?: number };

/** Anything the signing functions accept for `tsa`. */
export type TsaInput = TimestampAuthority | LocalTsaCredential | HttpTsaOptions;

/** ETSI EN 319 421 best-practices time-stamp policy. */
export const DEFAULT_TSA_POLICY = '0.4.0.2023.1.1';

type LoadedTsa = { key: KeyObject; certificate: Uint8Array; chain: Uint8Array[]; ec: boolean };
const tsaCache = new Map<string, LoadedTsa>();

function loadTsa(credential: LocalTsaCredential): LoadedTsa {
  const id = createHash('sha256')
    .update(credential.privateKeyPem)
    .update(credential.certificatePem)
    .update(credential.chainPem ?? '')
    .digest('hex');
  const hit = tsaCache.get(id);
  if (hit) return hit;
  try {
    const key = createPrivateKey(credential.privateKeyPem);
    const certs = [
      ...certificatesFrom(credential.certificatePem),
      ...(credential.chainPem ? certificatesFrom(credential.chainPem) : []),
    ];
    const [certificate, ...chain] = certs;
    if (!certificate) throw new Error('no TSA certificate');
    new X509Certificate(certificate); // validates
    const loaded = { key, certificate, chain, ec: key.asymmetricKeyType === 'ec' };
    if (tsaCache.size > 16) tsaCache.clear();
    tsaCache.set(id, loaded);
    return loaded;
  } catch (error) {
    throw new PdfError(
      'INVALID_CREDENTIAL',
      'The time-stamp authority key or certificate cannot be read.',
      error instanceof Error ? error.message : String(error),
    );
  }
}

function rejection(status: number, failInfoBit: number, text: string): Uint8Array {
  // PKIFailureInfo BIT STRING with one bit set
  const byteIndex = Math.floor(failInfoBit / 8);
  const bytes = new Uint8Array(byteIndex + 1);
  bytes[byteIndex] = 0x80 >> (failInfoBit % 8);
  const unused = 7 - (failInfoBit % 8);
  const bitString = der.tlv(0x03, Uint8Array.of(unused), bytes);
  const statusInfo = der.seq(
    der.integer(status),
    der.seq(der.tlv(0x0c, new TextEncoder().encode(text))),
    bitString,
  );
  return der.seq(statusInfo);
}

export type TimestampResponseOptions = {
  /** Time to certify. Default: now. */
  now?: Date;
  /** TSA policy OID when the request names none. */
  policy?: string;
};

/**
 * The local RFC 3161 time-stamp authority: takes a DER `TimeStampReq`, returns a DER
 * `TimeStampResp` (granted, with a token signed by the TSA key; rejection for malformed requests
 * or unsupported hash algorithms).
 */
export function createTimestampResponse(
  requestDer: Uint8Array,
  credential: LocalTsaCredential,
  options: TimestampResponseOptions = {},
): Uint8Array {
  const tsa = loadTsa(credential);
  let imprint: Uint8Array;
  let algorithm: DigestAlgorithm | undefined;
  let nonce: Uint8Array | undefined;
  let certReq = false;
  let reqPolicy: Uint8Array | undefined;
  try {
    const root = der.readNode(requestDer, 0);
    const fields = der.children(requestDer, root);
    const mi = fields[1];
    if (mi?.tag !== 0x30) return rejection(2, 5, 'badDataFormat');
    imprint = der.slice(requestDer, mi);
    const [alg, hashed] = der.children(requestDer, mi);
    const algOid = alg ? der.children(requestDer, alg)[0] : undefined;
    algorithm = algOid
      ? digestAlgorithmFromOid(der.decodeOid(der.content(requestDer, algOid)))
      : undefined;
    if (!algorithm) return rejection(2, 0, 'badAlg');
    const hashedLen = hashed ? hashed.end - hashed.contentStart : 0;
    const expected = algorithm === 'SHA-256' ? 32 : algorithm === 'SHA-384' ? 48 : 64;
    if (hashedLen !== expected) return rejection(2, 5, 'badDataFormat');
    for (const f of fields.slice(2)) {
      if (f.tag === 0x06) reqPolicy = der.slice(requestDer, f);
      else if (f.tag === 0x02) nonce = der.slice(requestDer, f);
      else if (f.tag === 0x01) certReq = (requestDer[f.contentStart] ?? 0) !== 0;
    }
  } catch {
    return rejection(2, 5, 'badDataFormat');
  }

  const now = options.now ?? new Date();
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const tstInfo = der.seq(
    der.integer(1),
    reqPolicy ?? der.oid(options.policy ?? DEFAULT_TSA_POLICY),
    imprint,
    der.integer(serial),
    der.generalizedTime(now),
    der.seq(der.integer(1)), // accuracy: 1 second
    ...(nonce ? [nonce] : []),
  );

  const info = certificateIssuerAndSerial(tsa.certificate);
  const certHash = createHash('sha256').update(tsa.certificate).digest();
  const essV2 = der.seq(
    der.seq(
      der.seq(der.octetString(certHash), der.seq(der.seq(der.tlv(0xa4, info.issuer)), info.serial)),
    ),
  );
  const signedAttrs = der.setOf([
    der.seq(der.oid(OID.contentType), der.set(der.oid(OID.tstInfo))),
    der.seq(der.oid(OID.signingTime), der.set(generalizedTimeOrUtc(now))),
    der.seq(
      der.oid(OID.messageDigest),
      der.set(der.octetString(createHash('sha256').update(tstInfo).digest())),
    ),
    der.seq(der.oid(OID.signingCertificateV2), der.set(essV2)),
  ]);
  const signature = sign('sha256', signedAttrs, tsa.key);
  const sigAlg = tsa.ec
    ? der.seq(der.oid(OID.ecdsaSha256))
    : der.seq(der.oid(OID.rsaEncryption), der.nullValue());
  const signerInfo = der.seq(
    der.integer(1),
    der.seq(info.issuer, info.serial),
    der.seq(der.oid(DIGEST_OID['SHA-256'])),
    Uint8Array.of(0xa0, ...signedAttrs.subarray(1)),
    sigAlg,
    der.octetString(signature),
  );
  const certs = certReq ? [der.tlv(0xa0, tsa.certificate, ...tsa.chain)] : [];
  const signedData = der.seq(
    der.integer(3),
    der.set(der.seq(der.oid(DIGEST_OID['SHA-256']))),
    der.seq(der.oid(OID.tstInfo), der.ctx(0, der.octetString(tstInfo))),
    ...certs,
    der.set(signerInfo),
  );
  const token = der.seq(der.oid(OID.signedData), der.ctx(0, signedData));
  return der.seq(der.seq(der.integer(0)), token);
}

function generalizedTimeOrUtc(date: Date): Uint8Array {
  // signingTime uses UTCTime for 1950-2049 (RFC 5652 §11.3)
  const y = date.getUTCFullYear();
  if (y >= 1950 && y < 2050) {
    const p = (n: number) => String(n).padStart(2, '0');
    const s = `${p(y % 100)}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
    return der.tlv(0x17, new TextEncoder().encode(s));
  }
  return der.generalizedTime(date);
}

/** Build a DER `TimeStampReq` for `digest` (certReq true, random nonce). */
export function createTimestampRequest(digest: Uint8Array, algorithm: DigestAlgorithm): Uint8Array {
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0] ?? 0) & 0x7f;
  return der.seq(
    der.integer(1),
    der.seq(der.seq(der.oid(DIGEST_OID[algorithm])), der.octetString(digest)),
    der.integer(nonce),
    Uint8Array.of(0x01, 0x01, 0xff),
  );
}

/** Extract the `TimeStampToken` (DER ContentInfo) from a granted `TimeStampResp`. */
export function tokenFromResponse(responseDer: Uint8Array): Uint8Array {
  const root = der.readNode(responseDer, 0);
  const [status, token] = der.children(responseDer, root);
  if (!status) throw new Error('TSA response: missing status');
  const [code] = der.children(responseDer, status);
  const value = code ? (responseDer[code.contentStart] ?? 2) : 2;
  if (value !== 0 && value !== 1) throw new Error(`TSA rejected the request (status ${value})`);
  if (!token) throw new Error('TSA response: missing token');
  return der.slice(responseDer, token);
}

/** An in-process `TimestampAuthority` backed by the local TSA (no network). */
export function createLocalTsa(credential: LocalTsaCredential): TimestampAuthority {
  loadTsa(credential);
  return {
    timestamp: async (digest: Uint8Array, algorithm: DigestAlgorithm) =>
      tokenFromResponse(
        createTimestampResponse(createTimestampRequest(digest, algorithm), credential),
      ),
  };
}

export function isLocalTsaCredential(value: unknown): value is LocalTsaCredential {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as LocalTsaCredential).kind === 'local-tsa'
  );
}

function isHttpTsa(value: unknown): value is HttpTsaOptions {
  return (
    typeof value === 'object' && value !== null && typeof (value as HttpTsaOptions).url === 'string'
  );
}

export function resolveTsa(input: TsaInput | undefined): TimestampAuthority | undefined {
  if (input === undefined) return undefined;
  if (isLocalTsaCredential(input)) return createLocalTsa(input);
  if (isHttpTsa(input)) {
    return new HttpTimestampAuthority(input.url, {
      ...(input.headers ? { headers: input.headers } : {}),
      ...(input.timeoutMs ? { timeout: input.timeoutMs } : {}),
    });
  }
  if (typeof (input as TimestampAuthority).timestamp === 'function') return input;
  throw new PdfError('INVALID_ARGUMENT', 'The time-stamp authority option is not valid.');
}
