/**
 * Repair of damaged uploads (`repairPdf` / `prepareUpload`) and JavaScript detection in
 * `inspectPdf`. Damaged files are made from the good corpus (test/fixtures/damaged.ts); each
 * one is first shown to open in qpdf / poppler (or mupdf), then repaired: the result validates
 * in `qpdf --check`, keeps its page count (pdfinfo) and text (pdftotext), and takes a signature
 * that pdfsig reports valid.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfError } from '../src/errors.ts';
import { inspectPdf } from '../src/inspect.ts';
import { prepareUpload, repairPdf } from '../src/repair.ts';
import { signPdf, stampMeterai } from '../src/sign.ts';
import { createSpecimenStampAppearance } from '../src/specimen.ts';
import { runIsolated } from '../src/worker.ts';
import * as damaged from './fixtures/damaged.ts';
import * as corpus from './fixtures/make-corpus.ts';
import type { TestPki } from './helpers.ts';
import { pdfsig, skipWithout, TOOLS, tempDir, testPki } from './helpers.ts';

const poppler = { name: 'pdfinfo', apt: 'poppler-utils', available: corpus.which('pdfinfo') };
const skipTools = skipWithout(TOOLS.qpdf, TOOLS.pdfsig, TOOLS.mutool, poppler);

const SN = 'AXCWSRL5JS0HJ15Z000300';
let pki: TestPki;
let base: Uint8Array;
let objectStreams: Uint8Array;
const tmp = tempDir('bubuh-repair-');

beforeAll(async () => {
  pki = await testPki();
  base = await corpus.manyPages(3);
  objectStreams = await corpus.objectStreams();
});

afterAll(() => tmp.cleanup());

function run(cmd: string, args: string[]): { status: number | null; out: string } {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  return { status: res.status, out: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}

function file(name: string, bytes: Uint8Array): string {
  const path = join(tmp.dir, name);
  writeFileSync(path, bytes);
  return path;
}

function pdfinfoPages(path: string): number | undefined {
  const m = /^Pages:\s+(\d+)/m.exec(run('pdfinfo', [path]).out);
  return m ? Number(m[1]) : undefined;
}

function mutoolPages(path: string): number {
  return (run('mutool', ['pages', path]).out.match(/<page /g) ?? []).length;
}

function text(path: string): string {
  return spawnSync('pdftotext', [path, '-'], { encoding: 'utf8' }).stdout ?? '';
}

type DamagedCase = {
  name: string;
  make: () => Uint8Array;
  pages: number;
  firstLine: string;
  /** The undamaged original. */
  source: () => Uint8Array;
  /** `inspectPdf` notices (false: only the repair check does; the pages would come out blank). */
  strictRefuses?: false;
  /** Which validator opens the damaged file (all of them warn). */
  opensIn: 'qpdf' | 'mutool';
};

/** A case made by damaging the three-page base document. */
const baseCase = (
  name: string,
  damage: (bytes: Uint8Array) => Uint8Array,
  opensIn: DamagedCase['opensIn'] = 'qpdf',
): DamagedCase => ({
  name,
  make: () => damage(base),
  pages: 3,
  firstLine: 'Halaman 1',
  source: () => base,
  opensIn,
});

const CASES: DamagedCase[] = [
  baseCase('shifted xref offsets', damaged.shiftedOffsets),
  baseCase('missing xref table', damaged.missingXref),
  baseCase('garbage startxref', corpus.brokenXref),
  baseCase('truncated trailer (no startxref, no %%EOF)', damaged.truncatedTrailer),
  {
    ...baseCase(
      'xref stream with shifted offsets of the page contents',
      damaged.shiftedXrefStream,
      'mutool',
    ),
    strictRefuses: false,
  },
  {
    name: 'garbled xref stream (object streams)',
    make: () => damaged.garbledXrefStream(objectStreams),
    pages: 3,
    firstLine: 'Object streams, page 1',
    source: () => objectStreams,
    opensIn: 'mutool',
  },
];

describe('repair of damaged uploads', () => {
  it('leaves a sound document as it is', async () => {
    const result = await repairPdf(base);
    expect(result.repaired).toBe(false);
    expect(result.bytes).toBe(base);
    expect(result.warnings).toEqual([]);
  });

  for (const c of CASES) {
    it.skipIf(skipTools)(
      `${c.name}: repaired, validates, keeps pages and text, signs and stamps`,
      async () => {
        const input = c.make();
        const inPath = file(`${c.name}-in.pdf`, input);
        // the damaged file: refused by the strict gate, opened by the validators (with warnings)
        if (c.strictRefuses === false) await inspectPdf(input);
        else await expect(inspectPdf(input)).rejects.toBeInstanceOf(PdfError);
        if (c.opensIn === 'qpdf') {
          const check = run('qpdf', ['--check', inPath]);
          expect(check.status, check.out).toBe(3); // 3 = succeeded with warnings
          expect(pdfinfoPages(inPath)).toBe(c.pages);
        } else {
          expect(mutoolPages(inPath)).toBe(c.pages);
        }

        const prepared = await prepareUpload(input);
        expect(prepared.repaired).toBe(true);
        expect(prepared.warnings[0]).toMatch(/^Repaired: /);
        expect(prepared.info.pageCount).toBe(c.pages);
        const outPath = file(`${c.name}-out.pdf`, prepared.bytes);
        const check = run('qpdf', ['--check', outPath]);
        expect(check.status, check.out).toBe(0);
        expect(check.out).toContain('No syntax or stream encoding errors found');
        expect(pdfinfoPages(outPath)).toBe(c.pages);
        expect(text(outPath)).toContain(c.firstLine);
        // the same text as the undamaged original
        const original = file(`${c.name}-original.pdf`, c.source());
        expect(text(outPath)).toBe(text(original));

        // the repaired file is sound: a second pass changes nothing, and it signs
        expect((await repairPdf(prepared.bytes)).repaired).toBe(false);
        const signed = await signPdf(prepared.bytes, {
          specimen: 'Andi Pratama',
          page: 1,
          rect: { x: 72, y: 72, width: 180, height: 60 },
          signer: pki.users[0] ?? pki.root,
          reason: 'Setuju',
        });
        const stamped = await stampMeterai(signed.bytes, {
          serial: SN,
          image: createSpecimenStampAppearance(SN, 'https://portal.example/verify'),
          page: 1,
          rect: { x: 400, y: 72, width: 60, height: 60 },
          signer: pki.emeterai,
        });
        const sig = pdfsig(file(`${c.name}-stamped.pdf`, stamped.bytes));
        expect(sig.signatures, sig.raw).toHaveLength(2);
        for (const s of sig.signatures) expect(s.validation).toBe('Signature is Valid.');
        expect(sig.signatures[1]?.total).toBe(true);
      },
    );
  }

  it('refuses a damaged document that already carries a signature (no repair)', async () => {
    const signed = await corpus.alreadySigned(pki.external);
    expect((await repairPdf(signed)).repaired).toBe(false); // intact: kept byte for byte
    const broken = [
      corpus.brokenXref(signed),
      damaged.truncatedTrailer(signed),
      damaged.shiftedOffsets(signed),
    ];
    for (const [i, bytes] of broken.entries()) {
      const error = await repairPdf(bytes).catch((e: unknown) => e);
      expect(error, `case ${i}`).toBeInstanceOf(PdfError);
      expect((error as PdfError).code).toBe('BROKEN_SIGNED');
      expect((error as PdfError).message).toMatch(/already signed/);
    }
  });

  it('still refuses what cannot be recovered', async () => {
    const half = corpus.truncated(await corpus.manyPages(10));
    await expect(prepareUpload(half)).rejects.toMatchObject({ code: 'TRUNCATED' });
    await expect(prepareUpload(corpus.html())).rejects.toMatchObject({ code: 'NOT_PDF' });
    const noCatalog = corpus.brokenXref(
      corpus.rawPdf(['<< /Kind /Nothing >>', '<< /Also /Nothing >>']),
    );
    await expect(prepareUpload(noCatalog)).rejects.toMatchObject({ code: 'BROKEN' });
  });

  it('keeps the bounds for damaged files (object-stream bomb with a broken xref)', async () => {
    const bomb = corpus.brokenXref(corpus.objectStreamBomb());
    const started = performance.now();
    await expect(repairPdf(bomb)).rejects.toMatchObject({ code: 'TOO_COMPLEX' });
    expect(performance.now() - started).toBeLessThan(10_000);
    const content = corpus.brokenXref(corpus.contentBomb());
    await expect(prepareUpload(content)).rejects.toMatchObject({ code: 'TOO_COMPLEX' });
  });

  it('runs as a worker task', async () => {
    const result = await runIsolated({ op: 'prepare', bytes: corpus.brokenXref(base) });
    expect(result).toMatchObject({ repaired: true, info: { pageCount: 3 } });
  });
});

describe('JavaScript detection', () => {
  const expected: Record<damaged.JsPlace, object> = {
    'open-action': { location: 'open-action', page: null, trigger: null },
    'document-action': { location: 'document-action', trigger: 'WC' },
    names: { location: 'document-names', name: 'init' },
    page: { location: 'page-action', page: 1, trigger: 'O' },
    link: { location: 'annotation-action', page: 1, name: 'Link', trigger: null },
    field: { location: 'field-action', page: 1, name: 'jumlah', trigger: 'K' },
  };
  for (const [place, where] of Object.entries(expected)) {
    it(`finds a script in ${place}`, async () => {
      const info = await inspectPdf(damaged.withJavaScript(place as damaged.JsPlace));
      expect(info.javaScriptCount).toBe(1);
      expect(info.javaScript).toEqual([expect.objectContaining(where)]);
      expect(info.javaScript[0]?.excerpt).toMatch(/app\.alert|AFNumber_Keystroke/);
    });
  }

  it('reports no script and finds nothing to repair in the good corpus', async () => {
    const docs = [
      base,
      objectStreams,
      await corpus.rotatedPages(),
      await corpus.withForm(),
      await corpus.pdfaIsh(),
      await corpus.alreadySigned(pki.external),
    ];
    const lin = corpus.linearized(base);
    if (lin) docs.push(lin);
    for (const doc of docs) {
      const info = await inspectPdf(doc);
      expect(info.javaScriptCount).toBe(0);
      expect(info.javaScript).toEqual([]);
      const repaired = await repairPdf(doc);
      expect(repaired.repaired, repaired.warnings.join()).toBe(false);
    }
  });
});
