import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalPki } from '@bubuh/pdf';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect } from 'vitest';
import { REPO_ROOT } from '../src/config/env.ts';
import { startFakePeruri } from './fake-peruri.ts';
import { freePort, stop, until } from './server-process.ts';

/**
 * Real server processes (embedded database) on one data folder, stamping through a fake Peruri
 * whose signing call hangs until `release()`: for the tests that SIGKILL a server mid-work and
 * check that the next process on the same data finishes it (*-kill.pglite.test.ts).
 */
const SERVER = path.join(REPO_ROOT, 'apps/api/src/server.ts');
export const SIGNING_URL = '/keystampv2/pdfsigning/rest/docSigningM';

export { stop, until };

/**
 * Call at describe level: makes the data folder and, after the file, kills what still runs,
 * closes the fake Peruri and removes the folder.
 */
export const useKillHarness = (prefix: string) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const children: ChildProcess[] = [];
  let closeFake = async () => {};
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) await stop(child, 'SIGKILL');
    }
    await closeFake();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The fake Peruri (signing hangs) and a port; `start` spawns a server on them. */
  const prepare = async () => {
    const pki = await createLocalPki({ organization: 'Peruri Test' });
    const chainFile = path.join(dataDir, 'peruri-chain.pem');
    const rootsFile = path.join(dataDir, 'peruri-roots.pem');
    fs.writeFileSync(chainFile, `${pki.emeterai.certificatePem}\n${pki.emeterai.chainPem}`);
    fs.writeFileSync(rootsFile, pki.root.certificatePem);
    let hang = true;
    const fake = await startFakePeruri(pki, { hangSigning: () => hang });
    closeFake = fake.close;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    /** Spawns a server on the data folder and waits until it answers (migrations run first). */
    const start = async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: base,
          METERAI_PROVIDER: 'peruri',
          PERURI_BACKEND_URL: fake.base,
          PERURI_STAMPV2_URL: fake.base,
          PERURI_STAMPSERVICE_URL: fake.base,
          PERURI_USER: 'distributor@bubuh.test',
          PERURI_PASSWORD: 'rahasia',
          PERURI_SIGNER_CHAIN_FILE: chainFile,
          PERURI_TRUST_ROOTS_FILE: rootsFile,
        },
        stdio: 'ignore',
      });
      children.push(child);
      await until('the server to answer', 180_000, async () =>
        (await fetch(`${base}/api/health`)).ok ? true : undefined,
      );
      return child;
    };

    /** Signs in as the demo company user; the `authorization` header value. */
    const login = async () => {
      const res = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'company@demo.local', password: 'Demo#2026!' }),
      });
      expect(res.status).toBe(200);
      const { accessToken } = ((await res.json()) as { data: { accessToken: string } }).data;
      return `Bearer ${accessToken}`;
    };

    /** Resolves once the work has reached Peruri's signing call (which hangs). */
    const signingCalled = (deadlineMs: number) =>
      until('the work to reach the signing call', deadlineMs, async () =>
        fake.requests.some((r) => r.url === SIGNING_URL) ? true : undefined,
      );

    const release = () => {
      hang = false;
    };
    return { base, fake, start, login, signingCalled, release };
  };

  /** Reads the data folder's database once every server has stopped. */
  const readDatabase = async <T>(read: (pg: PGlite) => Promise<T>) => {
    const pg = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      return await read(pg);
    } finally {
      await pg.close();
    }
  };

  return { dataDir, prepare, readDatabase };
};
