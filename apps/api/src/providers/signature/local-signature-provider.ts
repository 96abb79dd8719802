import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  issueCertificate,
  issueUserCertificate,
  type LocalTsaCredential,
  localTsaCredential,
  type SignerCredential,
} from '@bubuh/pdf';
import { insertSecretIfAbsent, secretNamed } from '../../db/app-secrets.repository.ts';
import type { TDb } from '../../db/client.ts';
import { loadLocalPki } from '../meterai/local-pki.ts';
import { certificateOf, insertCertificateIfAbsent } from './user-certificates.repository.ts';

/** The signing identity of one user (design §2 `SignatureProvider`). */
export type TSignatureProvider = {
  readonly name: 'local';
  hasCertificate: (userId: number) => Promise<boolean>;
  /** Issues the user's certificate on first use (after they confirmed their identity fields). */
  credentialFor: (user: {
    id: number;
    fullName: string;
    email: string;
    nik: string | null;
  }) => Promise<SignerCredential>;
  /**
   * A certificate for one signature of a party outside the company (no account): it names them
   * and the e-mail they proved with a code. Issued for that signature only; its key is not kept.
   */
  credentialForParty: (party: { name: string; email: string }) => Promise<SignerCredential>;
  /** The time-stamp authority that makes e-signatures PAdES B-T. */
  tsa: () => Promise<LocalTsaCredential>;
  /** Roots a verifier should trust for users' e-signatures. */
  trustRoots: () => Promise<string[]>;
  /**
   * The platform's own seal: the certificate that signs what the platform itself attests (the
   * completion certificate of a document), not any user's.
   */
  seal: () => Promise<SignerCredential>;
};

const seal = (key: Buffer, plain: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
};

const open = (key: Buffer, sealed: string): string => {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};

/**
 * The seal is issued once per installation from the local root and kept beside the local PKI,
 * as the PKI's own keys are (the root's key signs anything the seal could): every process of an
 * installation seals with it, whatever CERT_ENCRYPTION_KEY each one runs with.
 */
const SEAL_SECRET = 'platform-seal';

const loadSeal = async (db: TDb): Promise<SignerCredential> => {
  const read = async () => {
    const value = await secretNamed(db, SEAL_SECRET);
    return value === undefined ? undefined : (JSON.parse(value) as SignerCredential);
  };
  const existing = await read();
  if (existing) return existing;
  const pki = await loadLocalPki(db);
  const issued = await issueCertificate(pki.root, {
    profile: 'user',
    subject: { commonName: 'Bubuh Platform Seal (SPESIMEN)', organization: 'Bubuh', country: 'ID' },
  });
  await insertSecretIfAbsent(
    db,
    SEAL_SECRET,
    JSON.stringify({
      certificatePem: issued.certificatePem,
      chainPem: issued.chainPem,
      privateKeyPem: issued.privateKeyPem,
    }),
  );
  const stored = await read();
  if (!stored) throw new Error('the platform seal could not be stored');
  return stored;
};

/**
 * Local PSrE: one certificate per user, issued by the local root, private key kept encrypted at
 * rest (AES-256-GCM) under `CERT_ENCRYPTION_KEY`. Without it the key is generated once and kept
 * in `app_secrets`, apart from the certificates table: set it in production to keep the key out
 * of the database altogether.
 */
export const createLocalSignatureProvider = (deps: {
  db: TDb;
  encryptionKey: Buffer;
}): TSignatureProvider => ({
  name: 'local',
  seal: () => loadSeal(deps.db),
  credentialForParty: async (party) => {
    const pki = await loadLocalPki(deps.db);
    const issued = await issueUserCertificate(pki.root, { name: party.name, email: party.email });
    return {
      privateKeyPem: issued.privateKeyPem,
      certificatePem: issued.certificatePem,
      chainPem: issued.chainPem,
    };
  },
  tsa: async () => localTsaCredential((await loadLocalPki(deps.db)).tsa),
  trustRoots: async () => [(await loadLocalPki(deps.db)).root.certificatePem],
  hasCertificate: async (userId) => (await certificateOf(deps.db, userId)) !== undefined,
  credentialFor: async (user) => {
    const existing = await certificateOf(deps.db, user.id);
    if (existing) {
      return {
        privateKeyPem: open(deps.encryptionKey, existing.encryptedKey),
        certificatePem: existing.certificatePem,
        chainPem: existing.chainPem,
      };
    }
    const pki = await loadLocalPki(deps.db);
    const issued = await issueUserCertificate(pki.root, {
      name: user.fullName,
      email: user.email,
      ...(user.nik ? { nik: user.nik } : {}),
    });
    await insertCertificateIfAbsent(deps.db, {
      userId: user.id,
      certificatePem: issued.certificatePem,
      chainPem: issued.chainPem,
      encryptedKey: seal(deps.encryptionKey, issued.privateKeyPem),
      subjectName: user.fullName,
    });
    const stored = await certificateOf(deps.db, user.id);
    if (!stored) throw new Error('certificate could not be stored');
    return {
      privateKeyPem: open(deps.encryptionKey, stored.encryptedKey),
      certificatePem: stored.certificatePem,
      chainPem: stored.chainPem,
    };
  },
});
