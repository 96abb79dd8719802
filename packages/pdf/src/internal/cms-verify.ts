/**
 * CMS SignedData parsing (pkijs/asn1js) and verification (node:crypto) for PDF signatures and
 * RFC 3161 time-stamp tokens.
 */
import { constants, createHash, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { DigestAlgorithm } from '../signers.ts';
import { nodeHashName } from '../signers.ts';
import { digestAlgorithmFromOid, OID } from './cms.ts';
import { bytesEqual } from './der.ts';

export type ParsedCms = {
  digestAlgorithm: DigestAlgorithm | 'SHA-1' | undefined;
  digestAlgorithmOid: string;
  /** DER of the signed attributes as signed (SET tag), if present. */
  signedAttrs: Uint8Array | undefined;
  messageDigest: Uint8Array | undefined;
  contentType: string | undefined;
  cmsSigningTime: Date | undefined;
  hasSigningCertificateV2: boolean;
  /** SHA-256 from the signing-certificate-v2 attribute (when it uses SHA-256). */
  signingCertificateHash: Uint8Array | undefined;
  signature: Uint8Array;
  signatureAlgorithmOid: string;
  pssSaltLength: number | undefined;
  pssHash: string | undefined;
  certificates: Uint8Array[];
  signerCertificate: Uint8Array | undefined;
  /** Encapsulated content (time-stamp tokens carry TSTInfo here). */
  eContent: Uint8Array | undefined;
  eContentType: string;
  /** RFC 3161 token from the unsigned attributes. */
  timestampToken: Uint8Array | undefined;
};

function view(buf: ArrayBuffer | Uint8Array): Uint8Array {
  return buf instanceof Uint8Array ? buf : new Uint8Array(buf);
}

function asBlock(value: unknown): asn1js.AsnType | undefined {
  return value instanceof asn1js.BaseBlock ? (value as asn1js.AsnType) : undefined;
}

function children(block: asn1js.AsnType | undefined): asn1js.AsnType[] {
  if (!block) return [];
  const vb = (block as unknown as { valueBlock?: { value?: unknown } }).valueBlock;
  return Array.isArray(vb?.value) ? (vb.value as asn1js.AsnType[]) : [];
}

function octets(value: unknown): Uint8Array | undefined {
  if (value instanceof asn1js.OctetString) return view(value.getValue());
  return undefined;
}

/** Strip the zero padding of a /Contents value: the DER element's own length. */
export function trimDer(contents: Uint8Array): Uint8Array {
  if (contents.length < 2 || contents[0] !== 0x30) return contents;
  const first = contents[1] ?? 0;
  let length = first;
  let pos = 2;
  if (first === 0x80) return contents; // indefinite (BER): leave to the parser
  if (first > 0x80) {
    const count = first & 0x7f;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (contents[pos + i] ?? 0);
    pos += count;
  }
  return contents.subarray(0, Math.min(contents.length, pos + length));
}

export function parseCms(der: Uint8Array): ParsedCms {
  const asn = asn1js.fromBER(trimDer(der));
  if (asn.offset === -1) throw new Error('CMS: not valid BER');
  const ci = new pkijs.ContentInfo({ schema: asn.result });
  if (ci.contentType !== OID.signedData) throw new Error(`CMS: content type ${ci.contentType}`);
  const sd = new pkijs.SignedData({ schema: ci.content });
  const si = sd.signerInfos[0];
  if (!si) throw new Error('CMS: no SignerInfo');

  // raw certificate encodings from the ASN.1 tree
  const certificates: Uint8Array[] = [];
  for (const el of children(asBlock(ci.content))) {
    if (el.idBlock.tagClass === 3 && el.idBlock.tagNumber === 0) {
      for (const c of children(el)) {
        if (c.idBlock.tagClass === 1 && c.idBlock.tagNumber === 16)
          certificates.push(c.valueBeforeDecodeView);
      }
    }
  }

  let messageDigest: Uint8Array | undefined;
  let contentType: string | undefined;
  let cmsSigningTime: Date | undefined;
  let hasSigningCertificateV2 = false;
  let signingCertificateHash: Uint8Array | undefined;
  for (const attr of si.signedAttrs?.attributes ?? []) {
    const v = attr.values[0];
    if (attr.type === OID.messageDigest) messageDigest = octets(v);
    else if (attr.type === OID.contentType && v instanceof asn1js.ObjectIdentifier) {
      contentType = v.valueBlock.toString();
    } else if (attr.type === OID.signingTime) {
      if (v instanceof asn1js.UTCTime || v instanceof asn1js.GeneralizedTime)
        cmsSigningTime = v.toDate();
    } else if (attr.type === OID.signingCertificateV2) {
      hasSigningCertificateV2 = true;
      // SigningCertificateV2 ::= SEQ { certs SEQ OF ESSCertIDv2 { [hashAlg], certHash, ... } }
      const first = children(children(asBlock(v))[0])[0];
      const parts = children(first);
      const hashAlgIsDefault = parts[0] instanceof asn1js.OctetString;
      if (hashAlgIsDefault) signingCertificateHash = octets(parts[0]);
    }
  }
  let timestampToken: Uint8Array | undefined;
  for (const attr of si.unsignedAttrs?.attributes ?? []) {
    const v = asBlock(attr.values[0]);
    if (attr.type === OID.timeStampToken && v) timestampToken = v.valueBeforeDecodeView;
  }

  let signedAttrs: Uint8Array | undefined;
  if (si.signedAttrs) {
    signedAttrs = new Uint8Array(si.signedAttrs.encodedValue.slice(0));
    signedAttrs[0] = 0x31;
  }

  const sigAlg = si.signatureAlgorithm.algorithmId;
  let pssSaltLength: number | undefined;
  let pssHash: string | undefined;
  if (sigAlg === OID.rsaPss && si.signatureAlgorithm.algorithmParams) {
    const params = new pkijs.RSASSAPSSParams({ schema: si.signatureAlgorithm.algorithmParams });
    pssSaltLength = params.saltLength;
    pssHash = params.hashAlgorithm.algorithmId;
  }

  const digestOid = si.digestAlgorithm.algorithmId;
  const parsed: ParsedCms = {
    digestAlgorithm: digestOid === OID.sha1 ? 'SHA-1' : digestAlgorithmFromOid(digestOid),
    digestAlgorithmOid: digestOid,
    signedAttrs,
    messageDigest,
    contentType,
    cmsSigningTime,
    hasSigningCertificateV2,
    signingCertificateHash,
    signature: view(si.signature.valueBlock.valueHexView),
    signatureAlgorithmOid: sigAlg,
    pssSaltLength,
    pssHash,
    certificates,
    signerCertificate: findSigner(si, certificates),
    eContent: sd.encapContentInfo.eContent
      ? view(sd.encapContentInfo.eContent.getValue())
      : undefined,
    eContentType: sd.encapContentInfo.eContentType,
    timestampToken,
  };
  return parsed;
}

function findSigner(si: pkijs.SignerInfo, certificates: Uint8Array[]): Uint8Array | undefined {
  const sid = si.sid as unknown;
  for (const der of certificates) {
    let cert: pkijs.Certificate;
    try {
      cert = pkijs.Certificate.fromBER(der);
    } catch {
      continue;
    }
    if (sid instanceof pkijs.IssuerAndSerialNumber) {
      if (cert.issuer.isEqual(sid.issuer) && cert.serialNumber.isEqual(sid.serialNumber))
        return der;
    } else if (sid instanceof asn1js.Constructed || sid instanceof asn1js.Primitive) {
      // [0] SubjectKeyIdentifier
      const want = view((sid as asn1js.Primitive).valueBlock.valueHexView ?? new Uint8Array());
      const ski = cert.extensions?.find((e) => e.extnID === '2.5.29.14');
      const parsed = ski?.parsedValue;
      if (
        parsed instanceof asn1js.OctetString &&
        bytesEqual(view(parsed.valueBlock.valueHexView), want)
      ) {
        return der;
      }
    }
  }
  return certificates.length === 1 ? certificates[0] : undefined;
}

export function hashName(alg: DigestAlgorithm | 'SHA-1'): string {
  return alg === 'SHA-1' ? 'sha1' : nodeHashName(alg);
}

/** Verify the signer's signature over the signed attributes (or over `content` without them). */
export function verifySignatureValue(
  cms: ParsedCms,
  certificate: Uint8Array,
  content?: Uint8Array[],
): boolean {
  if (!cms.digestAlgorithm) return false;
  const key = new X509Certificate(certificate).publicKey;
  const data = cms.signedAttrs ? [cms.signedAttrs] : content;
  if (!data) return false;
  const oid = cms.signatureAlgorithmOid;
  let hash = hashName(cms.digestAlgorithm);
  let options: Parameters<typeof verify>[2] = key;
  if (oid === OID.rsaPss) {
    const pssHash = cms.pssHash ? digestAlgorithmFromOid(cms.pssHash) : 'SHA-256';
    if (!pssHash) return false;
    hash = hashName(pssHash);
    options = {
      key,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: cms.pssSaltLength ?? 20,
    };
  } else if (key.asymmetricKeyType === 'ec') {
    options = { key, dsaEncoding: 'der' };
  } else if (key.asymmetricKeyType === 'rsa') {
    options = { key, padding: constants.RSA_PKCS1_PADDING };
  }
  try {
    const joined = data.length === 1 && data[0] ? data[0] : Buffer.concat(data);
    return verify(hash, joined, options, cms.signature);
  } catch {
    return false;
  }
}

export type TimestampCheck = {
  present: boolean;
  valid: boolean | null;
  time: Date | null;
  signerName: string | null;
  detail?: string;
};

export function commonNameOf(certificate: Uint8Array | undefined): string | null {
  if (!certificate) return null;
  try {
    const subject = new X509Certificate(certificate).subject;
    return /(?:^|\n)CN=([^\n]*)/.exec(subject)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Check an RFC 3161 token against the signature value it time-stamps. */
export function checkTimestampToken(
  token: Uint8Array | undefined,
  signatureValue: Uint8Array,
): TimestampCheck {
  if (!token) return { present: false, valid: null, time: null, signerName: null };
  try {
    const cms = parseCms(token);
    if (cms.eContentType !== OID.tstInfo || !cms.eContent) {
      return { present: true, valid: false, time: null, signerName: null, detail: 'not a TSTInfo' };
    }
    const tst = pkijs.TSTInfo.fromBER(cms.eContent);
    const imprintAlg = digestAlgorithmFromOid(tst.messageImprint.hashAlgorithm.algorithmId);
    const imprint = view(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
    const expected = imprintAlg
      ? new Uint8Array(createHash(nodeHashName(imprintAlg)).update(signatureValue).digest())
      : undefined;
    const imprintOk = expected !== undefined && bytesEqual(expected, imprint);
    const digestOk =
      cms.digestAlgorithm !== undefined &&
      cms.messageDigest !== undefined &&
      bytesEqual(
        new Uint8Array(createHash(hashName(cms.digestAlgorithm)).update(cms.eContent).digest()),
        cms.messageDigest,
      );
    const sigOk = cms.signerCertificate ? verifySignatureValue(cms, cms.signerCertificate) : false;
    const valid = imprintOk && digestOk && sigOk;
    const result: TimestampCheck = {
      present: true,
      valid,
      time: tst.genTime,
      signerName: commonNameOf(cms.signerCertificate),
    };
    if (!valid) {
      result.detail = !imprintOk
        ? 'message imprint mismatch'
        : !digestOk
          ? 'token digest mismatch'
          : 'token signature invalid';
    }
    return result;
  } catch (error) {
    return {
      present: true,
      valid: false,
      time: null,
      signerName: null,
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}
