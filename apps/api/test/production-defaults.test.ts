import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PARTS, demoProblems, loadEnv, REPO_ROOT } from '../src/config/env.ts';

/** What `npm start` runs with no configuration: every demo stand-in. */
const DEFAULTS = {
  PAYMENT_GATEWAY: 'sandbox',
  MIDTRANS_IS_PRODUCTION: false,
  SMTP_URL: undefined,
  METERAI_PROVIDER: 'local',
  ALLOW_DEMO_IN_PRODUCTION: [],
} as const;

/** Real services wherever there is one (the signature provider has none yet). */
const REAL = {
  PAYMENT_GATEWAY: 'midtrans',
  MIDTRANS_IS_PRODUCTION: true,
  SMTP_URL: 'smtp://mailer.example.com:587',
  METERAI_PROVIDER: 'peruri',
  ALLOW_DEMO_IN_PRODUCTION: [],
} as const;

const PERURI = {
  METERAI_PROVIDER: 'peruri',
  PERURI_BACKEND_URL: 'https://backend.example.com',
  PERURI_STAMPV2_URL: 'https://stampv2.example.com',
  PERURI_STAMPSERVICE_URL: 'https://stampservice.example.com',
  PERURI_USER: 'bubuh',
  PERURI_PASSWORD: 'secret',
  PERURI_SIGNER_CHAIN_FILE: 'chain.pem',
};

/** The message loadEnv throws for `env`, or null when it parses. */
const refusalOf = (env: Record<string, string>) => {
  try {
    loadEnv(env);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('demoProblems (the production check)', () => {
  it('names every demo stand-in of the defaults with its setting and both ways out', () => {
    const problems = demoProblems(DEFAULTS);
    expect(problems.map((p) => [p.part, p.setting])).toEqual([
      ['payment', 'PAYMENT_GATEWAY'],
      ['mail', 'SMTP_URL'],
      ['meterai', 'METERAI_PROVIDER'],
      ['signature', 'ALLOW_DEMO_IN_PRODUCTION'],
    ]);
    for (const problem of problems) {
      expect(problem.message).toContain(`add ${problem.part} to ALLOW_DEMO_IN_PRODUCTION`);
    }
    expect(problems[0]?.message).toContain('set PAYMENT_GATEWAY=midtrans');
    expect(problems[1]?.message).toContain('set SMTP_URL=');
    expect(problems[2]?.message).toContain('set METERAI_PROVIDER=peruri');
  });

  it("refuses Midtrans' sandbox hosts as it refuses the embedded sandbox", () => {
    const problems = demoProblems({ ...REAL, MIDTRANS_IS_PRODUCTION: false });
    expect(problems.map((p) => p.setting)).toEqual([
      'MIDTRANS_IS_PRODUCTION',
      'ALLOW_DEMO_IN_PRODUCTION',
    ]);
  });

  it('leaves alone each part that a real service replaces or the opt-in names', () => {
    expect(demoProblems(REAL).map((p) => p.part)).toEqual(['signature']);
    expect(demoProblems({ ...REAL, ALLOW_DEMO_IN_PRODUCTION: ['signature'] })).toEqual([]);
    expect(
      demoProblems({ ...DEFAULTS, ALLOW_DEMO_IN_PRODUCTION: ['payment', 'meterai'] }).map(
        (p) => p.part,
      ),
    ).toEqual(['mail', 'signature']);
    expect(demoProblems({ ...DEFAULTS, ALLOW_DEMO_IN_PRODUCTION: [...DEMO_PARTS] })).toEqual([]);
  });
});

describe('loadEnv with NODE_ENV=production', () => {
  it('refuses the defaults, one line per offending setting', () => {
    const message = refusalOf({ NODE_ENV: 'production' });
    expect(message).toMatch(/^Invalid configuration/);
    const lines = message?.split('\n').slice(1) ?? [];
    expect(lines.map((line) => line.match(/^ {2}- ([A-Z_]+): /)?.[1])).toEqual([
      'PAYMENT_GATEWAY',
      'SMTP_URL',
      'METERAI_PROVIDER',
      'ALLOW_DEMO_IN_PRODUCTION',
    ]);
  });

  it('starts with real services, or with the stand-ins it names on purpose', () => {
    expect(
      refusalOf({
        NODE_ENV: 'production',
        PAYMENT_GATEWAY: 'midtrans',
        MIDTRANS_SERVER_KEY: 'server-key',
        MIDTRANS_IS_PRODUCTION: 'true',
        SMTP_URL: 'smtp://mailer.example.com:587',
        ...PERURI,
        ALLOW_DEMO_IN_PRODUCTION: 'signature',
      }),
    ).toBeNull();
    expect(
      refusalOf({
        NODE_ENV: 'production',
        ALLOW_DEMO_IN_PRODUCTION: 'payment, Mail,meterai,signature',
      }),
    ).toBeNull();
    // Set to the demo value is not enough (a copied .env.example says PAYMENT_GATEWAY=sandbox).
    expect(
      refusalOf({
        NODE_ENV: 'production',
        PAYMENT_GATEWAY: 'sandbox',
        ALLOW_DEMO_IN_PRODUCTION: 'mail,meterai,signature',
      }),
    ).toMatch(/PAYMENT_GATEWAY: is sandbox/);
  });

  it('refuses a part it does not know', () => {
    expect(refusalOf({ ALLOW_DEMO_IN_PRODUCTION: 'payment,everything' })).toContain(
      'ALLOW_DEMO_IN_PRODUCTION: a comma-separated list of payment, mail, meterai, signature',
    );
  });

  it('keeps development and test as they were: everything embedded, nothing to allow', () => {
    expect(refusalOf({})).toBeNull();
    expect(loadEnv({}).NODE_ENV).toBe('development');
    expect(refusalOf({ NODE_ENV: 'test' })).toBeNull();
  });
});

describe('the server process in production with the defaults', () => {
  it('exits 1 naming each setting, with no stack trace', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-production-'));
    try {
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/server.ts')],
        {
          cwd: REPO_ROOT,
          // A fresh machine's production start: empty values win over a checkout's .env and
          // count as unset.
          env: {
            PATH: process.env.PATH ?? '',
            NODE_ENV: 'production',
            PAYMENT_GATEWAY: '',
            SMTP_URL: '',
            METERAI_PROVIDER: '',
            ALLOW_DEMO_IN_PRODUCTION: '',
            DATA_DIR: dataDir,
            PORT: '0',
            LOG_LEVEL: 'silent',
          },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^\[bubuh\] failed to start: Invalid configuration/);
      for (const setting of [
        'PAYMENT_GATEWAY',
        'SMTP_URL',
        'METERAI_PROVIDER',
        'ALLOW_DEMO_IN_PRODUCTION',
      ]) {
        expect(result.stderr).toContain(`  - ${setting}: `);
      }
      expect(result.stderr).not.toMatch(/^\s+at /m);
      // Refused before anything was opened or written.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
