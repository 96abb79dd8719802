import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLocalPki } from '@bubuh/pdf';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/env.ts';
import { makePdf, pdfsig } from './documents-helpers.ts';
import { startFakePeruri } from './fake-peruri.ts';

/**
 * Issue 13: a real server process (embedded database) is killed with SIGKILL in the middle of a
 * batch, while its documents' jobs wait on Peruri's signing call. The next process on the same
 * data finishes the batch on its own: every document stamped once, no serial issued twice, and
 * the ledger matches the stamped files unit for unit.
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

describe('a server killed mid-batch', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-batch-kill-'));
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

  it('finishes the batch after a restart: each document stamped once, one unit each', async () => {
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
      until('the server to answer', 180_000, async () =>
        (await fetch(`${base}/api/health`)).ok ? true : undefined,
      );
    const FILES = 6;
    let batchId = 0;
    let balanceBefore = 0;
    try {
      const first = start();
      await ready();
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'company@demo.local', password: 'Demo#2026!' }),
      });
      const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
      const authorization = `Bearer ${accessToken}`;
      const json = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { authorization, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return (await res.json()) as { data: Record<string, unknown> };
      };
      const created = await json('POST', '/api/v1/batch-stamp/create-batch', {
        name: 'Kill test',
        doc_type: '3',
        placement: { page_mode: 'last', page: 1, x: 400, y: 100, width: 75, height: 75 },
      });
      batchId = Number(created.data.id);
      for (let i = 0; i < FILES; i += 1) {
        const form = new FormData();
        form.append(
          'file',
          new Blob([await makePdf(1 + (i % 3))], { type: 'application/pdf' }),
          `k${i}.pdf`,
        );
        const res = await fetch(
          `${base}/api/v1/batch-stamp/batch-document-upload?batch_id=${batchId}`,
          {
            method: 'POST',
            headers: { authorization },
            body: form,
          },
        );
        expect(res.status, await res.clone().text()).toBe(201);
      }
      const draft = await json('GET', `/api/v1/batch-stamp/detail-batch-documents/${batchId}`);
      balanceBefore = Number((draft.data.batch as { balance: number }).balance);
      await json('POST', '/api/v1/batch-stamp/stamp-batch-process', { batch_id: batchId });
      // The first documents' jobs issue their serials, then wait on signing calls that never answer.
      await until('the batch to reach the signing call', 60_000, async () =>
        fake.requests.some((r) => r.url === SIGNING_URL) ? true : undefined,
      );
      first.kill('SIGKILL');
      await exited(first);

      hang = false;
      const second = start();
      await ready();
      const done = await until('the batch to finish on its own', 180_000, async () => {
        const d = await json('GET', `/api/v1/batch-stamp/detail-batch-documents/${batchId}`);
        const batch = d.data.batch as { status: string; counts: { stamped: number } };
        return batch.status === 'done' ? batch : undefined;
      });
      expect(done.counts.stamped).toBe(FILES);
      // No serial was asked for twice: one stampv2 call per document.
      expect(fake.requests.filter((r) => r.url === '/chanel/stampv2')).toHaveLength(FILES);
      const after = await json('GET', `/api/v1/batch-stamp/detail-batch-documents/${batchId}`);
      expect(Number((after.data.batch as { balance: number }).balance)).toBe(balanceBefore - FILES);
      const [item] = after.data.data as { document_id: number }[];
      const file = await fetch(`${base}/api/v1/single-stamp/download-file/${item?.document_id}`, {
        headers: { authorization },
      });
      expect(pdfsig(Buffer.from(await file.arrayBuffer()))).toContain(
        'Signature Validation: Signature is Valid.',
      );
      second.kill('SIGTERM');
      await exited(second);
    } finally {
      await fake.close();
    }

    // The books, read from the data folder once the server has stopped.
    const pg = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      const ids = (
        await pg.query<{ document_id: number }>(
          'select document_id from batch_items where batch_id = $1',
          [batchId],
        )
      ).rows.map((r) => r.document_id);
      expect(ids).toHaveLength(FILES);
      const serials = await pg.query<{ document_id: number; status: string }>(
        'select document_id, status from serial_numbers where document_id = any($1)',
        [ids],
      );
      expect(serials.rows).toHaveLength(FILES);
      expect(serials.rows.every((r) => r.status === 'stamped')).toBe(true);
      const spent = await pg.query<{ n: number }>(
        "select count(*)::int as n from unit_reservations where document_id = any($1) and state = 'spent'",
        [ids],
      );
      expect(spent.rows[0]?.n).toBe(FILES);
      const held = await pg.query<{ n: number }>(
        "select count(*)::int as n from unit_reservations where document_id = any($1) and state = 'reserved'",
        [ids],
      );
      expect(held.rows[0]?.n).toBe(0);
    } finally {
      await pg.close();
    }
  }, 600_000);
});
