import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/env.ts';

/** The real server process, started the way `npm start` starts it. Embedded database only. */
const SERVER = path.join(REPO_ROOT, 'apps/api/src/server.ts');
const runServer = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('server start-up failures', () => {
  it('stops with a readable list when the configuration is invalid', () => {
    const result = runServer({ PORT: 'eighty', PUBLIC_URL: 'not a url' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('PUBLIC_URL');
  });

  it('stops with a non-zero exit when a migration fails', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-badmig-'));
    // A table the first migration wants to create already exists, with no migration journal.
    const pg = await PGlite.create(path.join(dataDir, 'pglite'));
    await pg.exec('create table companies (id int)');
    await pg.close();
    const result = runServer({ DATA_DIR: dataDir, PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Database migration failed');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start a second server on the same data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-second-'));
    const holder = spawn('sleep', ['30']);
    fs.writeFileSync(path.join(dataDir, 'bubuh.lock'), String(holder.pid));
    try {
      const result = runServer({ DATA_DIR: dataDir, PORT: '0' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('is in use by another Bubuh process');
    } finally {
      holder.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
