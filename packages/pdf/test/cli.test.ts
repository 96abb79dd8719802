/**
 * The CLI end to end, as a user runs it: `node bin/bubuh-pdf.mjs ...` in a fresh directory (the
 * demo CA lands in ./data/pki there).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.ts';
import * as corpus from './fixtures/make-corpus.ts';
import { pdfsig, TOOLS, tempDir } from './helpers.ts';

const BIN = resolve(import.meta.dirname, '..', 'bin', 'bubuh-pdf.mjs');
const tmp = tempDir('bubuh-cli-');

/** The real executable (tsx start-up included): used for a few end-to-end calls. */
function spawn(...args: string[]) {
  const res = spawnSync(process.execPath, [BIN, ...args], {
    cwd: tmp.dir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** The same CLI in-process (what bin/bubuh-pdf.mjs calls), for the many small cases. */
async function run(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(
    args,
    { log: (s) => (stdout += `${s}\n`), err: (s) => (stderr += `${s}\n`) },
    { cwd: tmp.dir },
  );
  return { code, stdout, stderr };
}

beforeAll(async () => {
  writeFileSync(join(tmp.dir, 'in.pdf'), await corpus.onePage());
  writeFileSync(join(tmp.dir, 'page.html'), corpus.html());
});
afterAll(() => tmp.cleanup());

describe('bubuh-pdf', () => {
  it('signs twice, stamps, inspects and verifies with the demo CA', async () => {
    const s1 = spawn(
      'sign',
      'in.pdf',
      's1.pdf',
      '--page',
      '1',
      '--rect',
      '40,40,160,60',
      '--name',
      'Andi Pratama',
      '--reason',
      'Setuju',
    );
    expect(s1.stderr).toContain('created a local demo CA');
    expect(s1.code, s1.stderr).toBe(0);
    expect(existsSync(join(tmp.dir, 'data', 'pki', 'root.pem'))).toBe(true);
    expect(existsSync(join(tmp.dir, 'data', 'pki', 'users', 'andi-pratama.pem'))).toBe(true);
    const s2 = await run(
      'sign',
      's1.pdf',
      's2.pdf',
      '--page',
      '1',
      '--rect',
      '220,40,160,60',
      '--name',
      'Siti',
      '--tsa',
    );
    expect(s2.code, s2.stderr).toBe(0);
    const st = await run(
      'stamp',
      's2.pdf',
      'out.pdf',
      '--page',
      '7',
      '--rect',
      '420,40,100,100',
      '--serial',
      '9JLYAPFMOU0HJ18Z0009M9',
      '--location',
      'Jakarta',
      '--tsa',
    );
    expect(st.code, st.stderr).toBe(0);
    expect(st.stdout).toContain('Stamped e-Meterai 9JLYAPFMOU0HJ18Z0009M9 on page 1');

    const ins = await run('inspect', 'out.pdf', '--json');
    expect(ins.code).toBe(0);
    const info = JSON.parse(ins.stdout) as {
      pageCount: number;
      signatures: { kind: string; serial: string | null }[];
    };
    expect(info.pageCount).toBe(1);
    expect(info.signatures.map((s) => s.kind)).toEqual(['esign', 'esign', 'emeterai']);

    const ver = spawn('verify', 'out.pdf', '--json');
    expect(ver.code, ver.stderr).toBe(0);
    const v = JSON.parse(ver.stdout) as {
      valid: boolean;
      signatures: { chain: string; serial: string | null; signerName: string }[];
    };
    expect(v.valid).toBe(true);
    expect(v.signatures.map((s) => s.chain)).toEqual(['trusted', 'trusted', 'trusted']);
    expect(v.signatures.map((s) => s.signerName)).toEqual([
      'Andi Pratama',
      'Siti',
      'Bubuh e-Meterai Local Issuer (SPESIMEN)',
    ]);
    expect(v.signatures[2]?.serial).toBe('9JLYAPFMOU0HJ18Z0009M9');

    const text = await run('verify', 'out.pdf');
    expect(text.stdout).toContain('All signatures are valid.');

    if (TOOLS.pdfsig.available) {
      const ps = pdfsig(join(tmp.dir, 'out.pdf'));
      expect(ps.signatures.map((s) => s.validation)).toEqual(Array(3).fill('Signature is Valid.'));
    }
  });

  it('signs with an explicit key and certificate', async () => {
    const key = join(tmp.dir, 'data', 'pki', 'users', 'andi-pratama.key');
    const cert = join(tmp.dir, 'data', 'pki', 'users', 'andi-pratama.pem');
    const res = await run(
      'sign',
      'in.pdf',
      'k.pdf',
      '--page',
      '1',
      '--rect',
      '40,40,160,60',
      '--name',
      'Andi P.',
      '--key',
      key,
      '--cert',
      cert,
    );
    expect(res.code, res.stderr).toBe(0);
    expect(readFileSync(join(tmp.dir, 'k.pdf')).length).toBeGreaterThan(1000);
  });

  it('fails with one line on stderr and a non-zero exit on bad input', async () => {
    const cases = [
      spawn('inspect', 'page.html'),
      await run('inspect', 'missing.pdf'),
      await run('sign', 'in.pdf', 'x.pdf', '--page', '1', '--rect', '1,2,3', '--name', 'A'),
      await run('sign', 'in.pdf', 'x.pdf', '--page', '1', '--rect', '1000,2,30,30', '--name', 'A'),
      await run(
        'stamp',
        'in.pdf',
        'x.pdf',
        '--page',
        '1',
        '--rect',
        '10,10,80,80',
        '--serial',
        'short',
      ),
      await run('stamp', 'in.pdf', 'x.pdf', '--page', 'one', '--rect', '10,10,80,80'),
      await run('frobnicate'),
      await run('inspect', '--nope', 'in.pdf'),
    ];
    for (const c of cases) {
      expect(c.code).not.toBe(0);
      expect(c.stdout).toBe('');
      const lines = c.stderr.trim().split('\n');
      expect(lines, c.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^bubuh-pdf: /);
      expect(c.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    }
    expect(cases[0]?.stderr).toContain('not a PDF');
    expect(cases[4]?.stderr).toContain('22 characters');
  });

  it('verify exits 3 when a signature is broken', async () => {
    const bytes = new Uint8Array(readFileSync(join(tmp.dir, 'out.pdf')));
    expect(bytes[9]).toBe(0x25); // '%' of the binary comment line after the header
    bytes[12] = (bytes[12] ?? 0) ^ 1;
    writeFileSync(join(tmp.dir, 'bad.pdf'), bytes);
    const res = await run('verify', 'bad.pdf');
    expect(res.code).toBe(3);
    expect(res.stdout).toContain('digest mismatch');
  });

  it('repairs a broken cross-reference table', async () => {
    writeFileSync(join(tmp.dir, 'broken.pdf'), corpus.brokenXref(await corpus.onePage()));
    const res = await run('repair', 'broken.pdf', 'fixed.pdf');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Repaired: startxref/);
    const ins = await run('inspect', 'fixed.pdf');
    expect(ins.code, ins.stderr).toBe(0);
    expect((await run('repair', 'in.pdf', 'same.pdf')).stdout).toContain('sound');
    expect((await run('repair', 'in.pdf')).code).toBe(2);
  });

  it('prints help', async () => {
    const res = await run('--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('bubuh-pdf stamp IN OUT');
  });
});
