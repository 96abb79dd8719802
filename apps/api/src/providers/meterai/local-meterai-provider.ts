import { createHash, randomBytes, randomInt } from 'node:crypto';
import { localTsaCredential } from '@bubuh/pdf';
import type { TDb } from '../../db/client.ts';
import { loadLocalPki } from './local-pki.ts';
import { DEFAULT_DOC_TYPES, type TMeteraiProvider } from './meterai-provider.ts';

const SERIAL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const newLocalSerial = (): string => {
  let serial = '';
  for (let i = 0; i < 22; i += 1) serial += SERIAL_ALPHABET[randomInt(SERIAL_ALPHABET.length)];
  return serial;
};

/**
 * The embedded issuer (works offline, clearly a SPESIMEN): random serials, a vector SPESIMEN
 * stamp with a QR code pointing at our public verification page, signed by the local e-Meterai
 * certificate and time-stamped by the local TSA.
 */
export const createLocalMeteraiProvider = (deps: {
  db: TDb;
  publicUrl: string;
}): TMeteraiProvider => {
  const pki = () => loadLocalPki(deps.db);
  const imageOf = (serial: string) => ({
    kind: 'specimen-stamp' as const,
    verifyUrl: `${deps.publicUrl.replace(/\/$/, '')}/services/stamp?sn=${serial}`,
  });
  return {
    name: 'local',
    checkConnection: async () => {
      const started = performance.now();
      await new Promise<void>((resolve) => setImmediate(resolve));
      createHash('sha256').update(randomBytes(64)).digest();
      return { responseTimeMs: performance.now() - started };
    },
    documentTypes: async () => DEFAULT_DOC_TYPES,
    issueSerial: async () => {
      const serial = newLocalSerial();
      return { serial, image: imageOf(serial) };
    },
    stampImage: async (serial) => imageOf(serial),
    signing: async () => {
      const { emeterai, tsa } = await pki();
      return {
        kind: 'credential' as const,
        signer: {
          privateKeyPem: emeterai.privateKeyPem,
          certificatePem: emeterai.certificatePem,
          chainPem: emeterai.chainPem,
        },
        tsa: localTsaCredential(tsa),
      };
    },
    trustRoots: async () => [(await pki()).root.certificatePem],
    // Users' certificates share the local root: only the e-Meterai certificate itself counts.
    meteraiIssuers: async () => [(await pki()).emeterai.certificatePem],
  };
};
