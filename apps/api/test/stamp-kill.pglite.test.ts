import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLocalPki } from '@bubuh/pdf';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/env.ts';
import { makePdf, pdfsig, stampRequest } from './documents-helpers.ts';
import { startFakePeruri } from './fake-peruri.ts';

/**
 * Issue 10: a real server process (embedded database) is killed with SIGKILL while its stamp job
 * waits on Peruri's signing call; the next process on the same data retries the job within a
 * minute, takes the dead attempt over and stamps with the same serial and one unit.
 */
const SERVER = path.join(REPO_ROOT, 'apps/api/src/server.ts');
const SIGNING_URL = '/keystampv2/pdfsigning/rest/docSigningM';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Polls `check` until it returns a value, or fails at the deadline (no fixed sleeps). */
const until = async <T>(what: string, deadlineMs: number, check: () => Promise<T | undefined>) => {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe('a server killed mid-stamp', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-kill-'));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is stamped by the next process within a minute: one serial, one unit, one file', async () => {
    const pki = await createLocalPki({ organization: 'Peruri Test' });
    const chainFile = path.join(dataDir, 'peruri-chain.pem');
    const rootsFile = path.join(dataDir, 'peruri-roots.pem');
    fs.writeFileSync(chainFile, `${pki.emeterai.certificatePem}\n${pki.emeterai.chainPem}`);
    fs.writeFileSync(rootsFile, pki.root.certificatePem);
    let hang = true;
    const fake = await startFakePeruri(pki, { hangSigning: () => hang });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = () => {
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
      return child;
    };
    const ready = () =>
      until('the server to answer', 60_000, async () =>
        (await fetch(`${base}/api/health`)).ok ? true : undefined,
      );

    let documentId = 0;
    try {
      const first = start();
      await ready();
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'company@demo.local', password: 'Demo#2026!' }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
      const authorization = `Bearer ${accessToken}`;
      const form = new FormData();
      form.append(
        'file',
        new Blob([await makePdf(2)], { type: 'application/pdf' }),
        'perjanjian.pdf',
      );
      const upload = await fetch(`${base}/api/v1/single-stamp/upload-document`, {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      expect(upload.ok, await upload.clone().text()).toBe(true);
      documentId = ((await upload.json()) as { data: { document_id: number } }).data.document_id;

      // The stamp's job issues the serial, then waits on the signing call that never answers.
      const stamping = fetch(`${base}/api/v1/single-stamp/stamp-single-process-company`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(stampRequest(documentId, 2)),
      }).catch((error: unknown) => error);
      await until('the stamp to reach the signing call', 30_000, async () =>
        fake.requests.some((r) => r.url === SIGNING_URL) ? true : undefined,
      );
      first.kill('SIGKILL');
      await exited(first);
      expect(await stamping).toBeInstanceOf(Error);

      hang = false;
      const second = start();
      await ready();
      const restarted = Date.now();
      const details = await until('the retried job to stamp the document', 60_000, async () => {
        const res = await fetch(`${base}/api/v1/single-stamp/get-document-details/${documentId}`, {
          headers: { authorization },
        });
        const body = (await res.json()) as {
          data: { status: string; serial_number: string | null };
        };
        return body.data.serial_number && body.data.status === 'stamp' ? body.data : undefined;
      });
      expect(Date.now() - restarted).toBeLessThan(60_000);
      const issued = fake.requests.filter((r) => r.url === '/chanel/stampv2');
      expect(issued).toHaveLength(1);
      expect(details.serial_number).toBe('PERURI0000000000000001');

      const download = await fetch(`${base}/api/v1/single-stamp/download-file/${documentId}`, {
        headers: { authorization },
      });
      expect(download.status).toBe(200);
      const report = pdfsig(Buffer.from(await download.arrayBuffer()));
      expect(report).toContain(`Signature Field Name: Emet${details.serial_number}`);
      expect(report).toContain('Signature Validation: Signature is Valid.');

      second.kill('SIGTERM');
      await exited(second);
    } finally {
      await fake.close();
    }

    // The books, read from the data folder once the server has stopped.
    const pg = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      const serials = await pg.query<{ serial: string; status: string }>(
        'select serial, status from serial_numbers where document_id = $1',
        [documentId],
      );
      expect(serials.rows).toEqual([{ serial: 'PERURI0000000000000001', status: 'stamped' }]);
      // The dead attempt's unit went back when the retry took over; the retry's unit is spent.
      const reservations = await pg.query<{ state: string }>(
        "select state from unit_reservations where document_id = $1 and kind = 'emeterai' order by id",
        [documentId],
      );
      expect(reservations.rows).toEqual([{ state: 'released' }, { state: 'spent' }]);
      const moved = await pg.query<{ reason: string; n: number }>(
        `select reason, count(*)::int as n from quota_movements
          where ref_type = 'document' and ref_id = $1 group by reason order by reason`,
        [String(documentId)],
      );
      const net = Object.fromEntries(moved.rows.map((r) => [r.reason, r.n]));
      expect((net.spend ?? 0) - (net.refund ?? 0)).toBe(1);
      const stored = fs
        .readdirSync(path.join(dataDir, 'files', 'documents'), { recursive: true })
        .map(String)
        .filter((name) => name.startsWith(`${documentId}-`) && /stamped-.*\.pdf$/.test(name));
      expect(stored).toHaveLength(1);
    } finally {
      await pg.close();
    }
  }, 240_000);
});
