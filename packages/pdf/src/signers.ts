/**
 * Signers: where the private key lives.
 *
 * A `Signer` gives a certificate (chain) and produces a raw signature. Two shapes exist:
 *
 * - `DataSigner`: signs the to-be-signed bytes (the DER of the CMS signed attributes) and hashes
 *   them itself. This is exactly @libpdf/core's `Signer` interface, so libpdf's `P12Signer`,
 *   `CryptoKeySigner` and `GoogleKmsSigner` can be passed in as they are.
 * - `DigestSigner`: signs a precomputed digest. This is how KMS/HSM and remote "hash signing"
 *   providers (e.g. Peruri's `docSigningM`) work: only the 32-byte SHA-256 leaves the process.
 *
 * Signer objects are not structured-cloneable. To run signing in a worker thread, pass a
 * `SignerCredential` (PEM strings) or `Pkcs8Credential` (DER bytes) instead; the worker builds
 * a local signer from it with `createLocalSigner()` (cached per worker).
 */

import type { KeyObject } from 'node:crypto';
import { createHash, createPrivateKey, createPublicKey, sign, X509Certificate } from 'node:crypto';
import type { Signer as LibpdfSigner } from '@libpdf/core';
import { PdfError } from './errors.ts';
import { certificatesFrom } from './internal/pem.ts';

export type DigestAlgorithm = 'SHA-256' | 'SHA-384' | 'SHA-512';
export type KeyType = 'RSA' | 'EC';
/** RSA-PSS exists in libpdf's type; this engine signs with PKCS#1 v1.5 or ECDSA. */
export type SignatureAlgorithm = 'RSASSA-PKCS1-v1_5' | 'RSA-PSS' | 'ECDSA';

type SignerBase = {
  /** DER X.509 signing certificate. */
  readonly certificate: Uint8Array;
  /** DER certificates of the chain above the signing certificate: [intermediate, ..., root]. */
  readonly certificateChain?: Uint8Array[];
  readonly keyType: KeyType;
  readonly signatureAlgorithm: SignatureAlgorithm;
};

/** Signs data (hashing it itself). Structurally identical to @libpdf/core's `Signer`. */
export type DataSigner = SignerBase & {
  sign(data: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array>;
};

/**
 * Signs a digest computed by the engine. RSA: return the PKCS#1 v1.5 signature over the
 * DigestInfo of `digest`. ECDSA: return a DER `SEQUENCE { r, s }`.
 */
export type DigestSigner = SignerBase & {
  signDigest(digest: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array>;
};

export type Signer = DataSigner | DigestSigner;

/** Serializable key material: PEM private key (PKCS#8 or PKCS#1/SEC1) and PEM certificates. */
export type SignerCredential = {
  privateKeyPem: string;
  /** The signing certificate, optionally followed by its chain. */
  certificatePem: string;
  /** Extra chain certificates (intermediates, root), PEM. */
  chainPem?: string;
};

/** Serializable key material as DER bytes. */
export type Pkcs8Credential = {
  /** PKCS#8 PrivateKeyInfo, DER. */
  pkcs8: Uint8Array;
  /** Signing certificate first, then the chain, DER. */
  certificates: Uint8Array[];
};

/** Anything the signing functions accept for `signer`. */
export type SignerInput = Signer | SignerCredential | Pkcs8Credential;

export function isDigestSigner(signer: Signer): signer is DigestSigner {
  return typeof (signer as Partial<DigestSigner>).signDigest === 'function';
}

export function isSignerCredential(value: unknown): value is SignerCredential {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SignerCredential).privateKeyPem === 'string' &&
    typeof (value as SignerCredential).certificatePem === 'string'
  );
}

export function isPkcs8Credential(value: unknown): value is Pkcs8Credential {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Pkcs8Credential).pkcs8 instanceof Uint8Array &&
    Array.isArray((value as Pkcs8Credential).certificates)
  );
}

const NODE_HASH: Record<DigestAlgorithm, string> = {
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};

export function nodeHashName(algorithm: DigestAlgorithm): string {
  return NODE_HASH[algorithm];
}

export function digest(algorithm: DigestAlgorithm, data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash(NODE_HASH[algorithm]).update(data).digest());
}

type LocalKey = {
  key: KeyObject;
  certificate: Uint8Array;
  chain: Uint8Array[];
  keyType: KeyType;
};

const cache = new Map<string, LocalKey>();
const CACHE_LIMIT = 64;

function cacheKey(parts: readonly (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
}

function loadLocalKey(credential: SignerCredential | Pkcs8Credential): LocalKey {
  const id = isSignerCredential(credential)
    ? cacheKey([credential.privateKeyPem, credential.certificatePem, credential.chainPem ?? ''])
    : cacheKey([credential.pkcs8, ...credential.certificates]);
  const hit = cache.get(id);
  if (hit) return hit;

  let key: KeyObject;
  let certs: Uint8Array[];
  try {
    if (isSignerCredential(credential)) {
      key = createPrivateKey(credential.privateKeyPem);
      certs = [
        ...certificatesFrom(credential.certificatePem),
        ...(credential.chainPem ? certificatesFrom(credential.chainPem) : []),
      ];
    } else {
      key = createPrivateKey({ key: Buffer.from(credential.pkcs8), format: 'der', type: 'pkcs8' });
      certs = [...credential.certificates];
    }
  } catch (error) {
    throw new PdfError(
      'INVALID_CREDENTIAL',
      'The private key cannot be read (expected an unencrypted PEM or PKCS#8 key).',
      error instanceof Error ? error.message : String(error),
    );
  }
  const [certificate, ...chain] = certs;
  if (!certificate) {
    throw new PdfError('INVALID_CREDENTIAL', 'No certificate was given for the signing key.');
  }
  let matches = false;
  try {
    const certKey = new X509Certificate(certificate).publicKey.export({
      type: 'spki',
      format: 'der',
    });
    const ownKey = createPublicKey(key).export({ type: 'spki', format: 'der' });
    matches = Buffer.compare(certKey, ownKey) === 0;
  } catch (error) {
    throw new PdfError(
      'INVALID_CREDENTIAL',
      'The signing certificate cannot be read.',
      error instanceof Error ? error.message : String(error),
    );
  }
  if (!matches) {
    throw new PdfError(
      'INVALID_CREDENTIAL',
      'The private key does not belong to the signing certificate.',
    );
  }
  const type = key.asymmetricKeyType;
  let keyType: KeyType;
  if (type === 'rsa') keyType = 'RSA';
  else if (type === 'ec') keyType = 'EC';
  else {
    throw new PdfError(
      'INVALID_CREDENTIAL',
      `Unsupported key type ${String(type)} (use RSA or EC).`,
    );
  }
  const loaded: LocalKey = { key, certificate, chain, keyType };
  if (cache.size >= CACHE_LIMIT) {
    const first = cache.keys().next();
    if (!first.done) cache.delete(first.value);
  }
  cache.set(id, loaded);
  return loaded;
}

/**
 * A signer over a local private key (node:crypto, synchronous native RSA/ECDSA). Cached per
 * process/worker by the credential's content, so repeated calls are cheap.
 */
export function createLocalSigner(credential: SignerCredential | Pkcs8Credential): DataSigner {
  const local = loadLocalKey(credential);
  return {
    certificate: local.certificate,
    certificateChain: local.chain,
    keyType: local.keyType,
    signatureAlgorithm: local.keyType === 'RSA' ? 'RSASSA-PKCS1-v1_5' : 'ECDSA',
    sign: async (data: Uint8Array, algorithm: DigestAlgorithm) =>
      new Uint8Array(sign(NODE_HASH[algorithm], data, local.key)),
  };
}

/**
 * Build a signer from a function that signs digests (KMS, HSM, remote hash-signing API).
 * `certificates` is the signing certificate first, then its chain (DER or PEM).
 */
export function createDigestSigner(options: {
  certificates: (Uint8Array | string)[];
  keyType?: KeyType;
  signDigest: (digest: Uint8Array, algorithm: DigestAlgorithm) => Promise<Uint8Array>;
}): DigestSigner {
  const certs = options.certificates.flatMap((c) => certificatesFrom(c));
  const [certificate, ...chain] = certs;
  if (!certificate) throw new PdfError('INVALID_CREDENTIAL', 'No signing certificate was given.');
  const keyType = options.keyType ?? detectKeyType(certificate);
  return {
    certificate,
    certificateChain: chain,
    keyType,
    signatureAlgorithm: keyType === 'RSA' ? 'RSASSA-PKCS1-v1_5' : 'ECDSA',
    signDigest: options.signDigest,
  };
}

function detectKeyType(certificate: Uint8Array): KeyType {
  try {
    const t = new X509Certificate(certificate).publicKey.asymmetricKeyType;
    return t === 'ec' ? 'EC' : 'RSA';
  } catch (error) {
    throw new PdfError(
      'INVALID_CREDENTIAL',
      'The signing certificate cannot be read.',
      error instanceof Error ? error.message : String(error),
    );
  }
}

/** Resolve any `SignerInput` into a `Signer`. */
export function resolveSigner(input: SignerInput): Signer {
  if (isSignerCredential(input) || isPkcs8Credential(input)) return createLocalSigner(input);
  if (!(input.certificate instanceof Uint8Array)) {
    throw new PdfError('INVALID_CREDENTIAL', 'The signer has no DER certificate.');
  }
  return input;
}

/** Produce the raw signature value over `toBeSigned` with either signer shape. */
export async function produceSignature(
  signer: Signer,
  toBeSigned: Uint8Array,
  algorithm: DigestAlgorithm,
): Promise<Uint8Array> {
  if (isDigestSigner(signer)) return signer.signDigest(digest(algorithm, toBeSigned), algorithm);
  return signer.sign(toBeSigned, algorithm);
}

/**
 * Adapt any signer to @libpdf/core's `Signer` interface (e.g. to use libpdf's own `pdf.sign()`
 * for B-LT/B-LTA flows with a digest-only provider).
 */
export function toLibpdfSigner(input: SignerInput): LibpdfSigner {
  const signer = resolveSigner(input);
  const base = {
    certificate: signer.certificate,
    certificateChain: signer.certificateChain ?? [],
    keyType: signer.keyType,
    signatureAlgorithm: signer.signatureAlgorithm,
  };
  if (isDigestSigner(signer)) {
    return {
      ...base,
      sign: (data: Uint8Array, algorithm: DigestAlgorithm) =>
        signer.signDigest(digest(algorithm, data), algorithm),
    };
  }
  return { ...base, sign: (data, algorithm) => signer.sign(data, algorithm) };
}
