/** Test helpers: external validators (pdfsig, mutool, openssl, certutil) and a shared PKI. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Credential, LocalPki } from '../src/pki.ts';
import { createLocalPki, issueUserCertificate } from '../src/pki.ts';
import { type StampMeteraiOptions, stampMeterai } from '../src/sign.ts';
import { createSpecimenStampAppearance } from '../src/specimen.ts';
import { which } from './fixtures/make-corpus.ts';

export const CI = process.env.CI === 'true';

export type Tool = { name: string; apt: string; available: boolean };

export const TOOLS = {
  pdfsig: { name: 'pdfsig', apt: 'poppler-utils', available: which('pdfsig') },
  mutool: { name: 'mutool', apt: 'mupdf-tools', available: which('mutool') },
  qpdf: { name: 'qpdf', apt: 'qpdf', available: which('qpdf') },
  openssl: { name: 'openssl', apt: 'openssl', available: which('openssl') },
  certutil: { name: 'certutil', apt: 'libnss3-tools', available: which('certutil') },
} satisfies Record<string, Tool>;

/**
 * `true` when the tests needing `tool` must be skipped (tool missing and not on CI). On CI a
 * missing tool is not skipped: `requireTool` then fails the test naming the apt package.
 */
export function skipWithout(...tools: Tool[]): boolean {
  const missing = tools.filter((t) => !t.available);
  if (missing.length === 0 || CI) return false;
  for (const t of missing) {
    console.warn(
      `[bubuh-pdf tests] ${t.name} not found: skipping tests that need it (apt-get install ${t.apt})`,
    );
  }
  return true;
}

export function requireTool(...tools: Tool[]): void {
  for (const t of tools) {
    if (!t.available) throw new Error(`${t.name} is required: apt-get install ${t.apt}`);
  }
}

export function tempDir(prefix = 'bubuh-pdf-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export type PdfsigSignature = {
  fieldName: string;
  commonName: string;
  validation: string;
  certificate: string;
  total: boolean;
};

/** Run pdfsig (exit code is always 0: the output is what counts) and parse it. */
export function pdfsig(
  file: string,
  nssDir?: string,
): { raw: string; signatures: PdfsigSignature[] } {
  const args = nssDir ? ['-nssdir', `sql:${nssDir}`, file] : [file];
  const res = spawnSync('pdfsig', args, { encoding: 'utf8' });
  const raw = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  const blocks = raw.split(/^Signature #\d+:$/m).slice(1);
  const signatures = blocks.map((b) => ({
    fieldName: /Signature Field Name: (.*)$/m.exec(b)?.[1]?.trim() ?? '',
    commonName: /Signer Certificate Common Name: (.*)$/m.exec(b)?.[1]?.trim() ?? '',
    validation: /Signature Validation: (.*)$/m.exec(b)?.[1]?.trim() ?? '',
    certificate: /Certificate Validation: (.*)$/m.exec(b)?.[1]?.trim() ?? '',
    total: /^\s*- Total document signed/m.test(b),
  }));
  return { raw, signatures };
}

export type MutoolSignature = {
  lines: string[];
  valid: boolean;
  unchanged: boolean;
  edited: boolean;
  problems: string[];
};

/**
 * Run `mutool sign -v`. mutool has no trust store, so "Certificate error: Self-signed certificate
 * in chain" is expected for a local CA and is not counted as a problem; anything else mentioning
 * error / invalid / mismatch is.
 */
export function mutoolVerify(file: string): { raw: string; signatures: MutoolSignature[] } {
  const res = spawnSync('mutool', ['sign', '-v', file], { encoding: 'utf8' });
  const raw = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  const blocks = raw.split(/^Verifying signature \d+:$/m).slice(1);
  const signatures = blocks.map((b) => {
    const lines = b
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const problems = lines.filter(
      (l) =>
        /error|invalid|mismatch|not valid|fail/i.test(l) &&
        !/^Certificate error: Self-signed certificate in chain\.?$/.test(l),
    );
    return {
      lines,
      valid: lines.some((l) => /The signature is valid|The document is unchanged/.test(l)),
      unchanged: lines.some((l) => /The document is unchanged since signing/.test(l)),
      edited: lines.some((l) => /there have been edits since signing/.test(l)),
      problems,
    };
  });
  return { raw, signatures };
}

/** An NSS database trusting `rootPem` (for pdfsig -nssdir), or undefined without certutil. */
export function nssDbWith(rootPem: string, dir: string): string | undefined {
  if (!TOOLS.certutil.available) return undefined;
  const db = join(dir, 'nssdb');
  execFileSync('mkdir', ['-p', db]);
  execFileSync('certutil', ['-N', '-d', `sql:${db}`, '--empty-password']);
  const rootFile = join(dir, 'root.pem');
  writeFileSync(rootFile, rootPem);
  execFileSync('certutil', [
    '-A',
    '-n',
    'Bubuh Test Root',
    '-t',
    'CT,C,C',
    '-i',
    rootFile,
    '-d',
    `sql:${db}`,
  ]);
  return db;
}

export type TestPki = LocalPki & { users: Credential[]; external: LocalPki['root'] };

let pkiPromise: Promise<TestPki> | undefined;

/** One PKI per test file: root, e-Meterai, TSA, three users and an "external" signer. */
export function testPki(): Promise<TestPki> {
  pkiPromise ??= (async () => {
    const pki = await createLocalPki();
    const users = await Promise.all([
      issueUserCertificate(pki.root, {
        name: 'Andi Pratama',
        email: 'andi@example.id',
        nik: '3171010101900001',
      }),
      issueUserCertificate(pki.root, { name: 'Siti Rahmawati', email: 'siti@example.id' }),
      issueUserCertificate(pki.root, { name: 'Budi Santoso' }),
    ]);
    const external = await issueUserCertificate(pki.root, {
      name: 'External Signer',
      organization: 'Other App',
    });
    return { ...pki, users, external };
  })();
  return pkiPromise;
}

/**
 * An e-Meterai stamp of `serial` in its specimen appearance, on page 1 at (400, 40), 90 pt
 * square; `options` adds to or overrides that.
 */
export const stampSpecimen = (
  bytes: Uint8Array,
  options: Pick<StampMeteraiOptions, 'serial' | 'signer'> & Partial<StampMeteraiOptions>,
) =>
  stampMeterai(bytes, {
    image: createSpecimenStampAppearance(options.serial, 'https://x'),
    page: 1,
    rect: { x: 400, y: 40, width: 90, height: 90 },
    ...options,
  });

/** `openssl ts -verify` of a timestamp token against the root in `caFile`; openssl's report. */
export function opensslTsVerify(digestHex: string, tokenFile: string, caFile: string): string {
  return execFileSync(
    'openssl',
    ['ts', '-verify', '-digest', digestHex, '-in', tokenFile, '-token_in', '-CAfile', caFile],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}
