/**
 * The CLI's demo CA under ./data/pki: root, e-Meterai issuer and TSA created on first use, one
 * user certificate per signer name in ./data/pki/users (SPESIMEN certificates, not for production).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Credential, LocalPki } from './pki.ts';
import { createLocalPki, issueUserCertificate } from './pki.ts';

function slug(name: string): string {
  const s = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return s || 'user';
}

function readCredential(dir: string, base: string): Credential | undefined {
  const cert = join(dir, `${base}.pem`);
  const key = join(dir, `${base}.key`);
  if (!existsSync(cert) || !existsSync(key)) return undefined;
  const chain = join(dir, `${base}.chain.pem`);
  return {
    certificatePem: readFileSync(cert, 'utf8'),
    privateKeyPem: readFileSync(key, 'utf8'),
    chainPem: existsSync(chain) ? readFileSync(chain, 'utf8') : '',
  };
}

function writeCredential(dir: string, base: string, c: Credential): void {
  writeFileSync(join(dir, `${base}.pem`), c.certificatePem);
  writeFileSync(join(dir, `${base}.key`), c.privateKeyPem, { mode: 0o600 });
  if (c.chainPem) writeFileSync(join(dir, `${base}.chain.pem`), c.chainPem);
}

export async function loadDemoPki(dir: string, warn: (s: string) => void): Promise<LocalPki> {
  const root = readCredential(dir, 'root');
  const emeterai = readCredential(dir, 'emeterai');
  const tsa = readCredential(dir, 'tsa');
  if (root && emeterai && tsa) return { root, emeterai, tsa };
  mkdirSync(join(dir, 'users'), { recursive: true });
  const pki = await createLocalPki();
  writeCredential(dir, 'root', pki.root);
  writeCredential(dir, 'emeterai', pki.emeterai);
  writeCredential(dir, 'tsa', pki.tsa);
  warn(`bubuh-pdf: created a local demo CA in ${dir} (SPESIMEN certificates, not for production)`);
  return pki;
}

export async function loadDemoUser(dir: string, pki: LocalPki, name: string): Promise<Credential> {
  const base = slug(name);
  const existing = readCredential(dir, base);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true });
  const cred = await issueUserCertificate(pki.root, { name });
  writeCredential(dir, base, cred);
  return cred;
}
