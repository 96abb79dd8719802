/**
 * Stamp/specimen images: every PNG colour type (native zlib path) and JPEG pass-through end up with
 * the right pixels on the rendered page (pdftoppm), and the signature stays valid.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPdf } from '../src/sign.ts';
import { verifyPdf } from '../src/verify.ts';
import * as corpus from './fixtures/make-corpus.ts';
import type { PngOptions } from './fixtures/png.ts';
import { encodePng } from './fixtures/png.ts';
import type { TestPki } from './helpers.ts';
import { tempDir, testPki } from './helpers.ts';

const hasPdftoppm = corpus.which('pdftoppm');
const tmp = tempDir('bubuh-png-');
let pki: TestPki;
let page: Uint8Array;

beforeAll(async () => {
  pki = await testPki();
  page = await corpus.onePage();
});
afterAll(() => tmp.cleanup());

type Rgb = [number, number, number];
const RED: Rgb = [200, 30, 30];
const BLUE: Rgb = [30, 30, 200];
const WHITE: Rgb = [255, 255, 255];

/** Render page 1 at 72 dpi and return the RGB value at PDF point (x, y). */
function pixelAt(file: string, x: number, y: number): Rgb {
  const res = spawnSync('pdftoppm', [
    '-r',
    '72',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    join(tmp.dir, 'render'),
  ]);
  if (res.status !== 0) throw new Error(String(res.stderr));
  const ppm = readFileSync(join(tmp.dir, 'render.ppm'));
  const header = ppm.subarray(0, 40).toString('latin1');
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(header);
  if (!m) throw new Error('not a PPM');
  const width = Number(m[1]);
  const height = Number(m[2]);
  const offset = m[0].length;
  const px = Math.round(x);
  const py = Math.round(height - y);
  const i = offset + (py * width + px) * 3;
  return [ppm[i] ?? 0, ppm[i + 1] ?? 0, ppm[i + 2] ?? 0];
}

function near(actual: Rgb, expected: Rgb) {
  for (let k = 0; k < 3; k++)
    expect(
      Math.abs((actual[k] ?? 0) - (expected[k] ?? 0)),
      `${actual} vs ${expected}`,
    ).toBeLessThanOrEqual(8);
}

const half = (left: number[], right: number[]) => (x: number) => (x < 5 ? left : right);

const CASES: { name: string; png: Omit<PngOptions, 'width' | 'height'>; left: Rgb; right: Rgb }[] =
  [
    {
      name: 'gray',
      png: { colorType: 0, pixel: half([200], [30]) },
      left: [200, 200, 200],
      right: [30, 30, 30],
    },
    { name: 'RGB', png: { colorType: 2, pixel: half(RED, BLUE) }, left: RED, right: BLUE },
    {
      name: 'palette',
      png: { colorType: 3, palette: [RED, BLUE], pixel: half([0], [1]) },
      left: RED,
      right: BLUE,
    },
    {
      name: 'palette + tRNS',
      png: { colorType: 3, palette: [RED, BLUE], transparency: [255, 0], pixel: half([0], [1]) },
      left: RED,
      right: WHITE,
    },
    {
      name: 'gray + alpha',
      png: { colorType: 4, pixel: half([60, 255], [60, 0]) },
      left: [60, 60, 60],
      right: WHITE,
    },
    {
      name: 'RGBA',
      png: { colorType: 6, pixel: half([...RED, 255], [...BLUE, 0]) },
      left: RED,
      right: WHITE,
    },
    {
      name: 'RGBA fully opaque',
      png: { colorType: 6, pixel: half([...RED, 255], [...BLUE, 255]) },
      left: RED,
      right: BLUE,
    },
    {
      name: 'RGB + tRNS',
      png: { colorType: 2, transparency: [0, 30, 0, 30, 0, 200], pixel: half(RED, BLUE) },
      left: RED,
      right: WHITE,
    },
  ];

describe('image specimens', () => {
  for (const c of CASES) {
    it.skipIf(!hasPdftoppm && process.env.CI !== 'true')(
      `${c.name} PNG renders with the right pixels`,
      async () => {
        if (!hasPdftoppm) throw new Error('pdftoppm is required: apt-get install poppler-utils');
        const png = encodePng({ width: 10, height: 10, ...c.png });
        // an empty area of the page (below the text)
        const rect = { x: 100, y: 40, width: 200, height: 120 };
        const out = await signPdf(page, {
          specimen: png,
          page: 1,
          rect,
          signer: pki.users[0] as TestPki['root'],
        });
        const file = join(tmp.dir, `${c.name.replace(/\W+/g, '-')}.pdf`);
        writeFileSync(file, out.bytes);
        // the 10x10 image is fitted (120 x 120) and centred in the 200 x 120 box
        near(pixelAt(file, 200 - 30, 100), c.left);
        near(pixelAt(file, 200 + 30, 100), c.right);
        expect((await verifyPdf(out.bytes)).signatures[0]?.integrity).toBe(true);
      },
    );
  }

  it('an image specimen with a label carries the name and the "Digitally signed" caption below it', async () => {
    const png = encodePng({ width: 10, height: 10, colorType: 2, pixel: () => RED });
    const out = await signPdf(page, {
      specimen: png,
      imageLabel: 'Dewi Lestari',
      page: 1,
      rect: { x: 100, y: 40, width: 200, height: 120 },
      signer: pki.users[0] as TestPki['root'],
    });
    const file = join(tmp.dir, 'labelled.pdf');
    writeFileSync(file, out.bytes);
    const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain('Dewi Lestari');
    expect(text).toContain('Digitally signed');
    expect((await verifyPdf(out.bytes)).signatures[0]?.integrity).toBe(true);
  });

  it('falls back to libpdf for interlaced or 16-bit PNGs and rejects non-images', async () => {
    const png16 = encodePng({ width: 4, height: 4, colorType: 2, pixel: () => [1, 2, 3] });
    png16[24] = 16; // claim 16-bit: the fast path declines, libpdf decides
    await expect(
      signPdf(page, {
        specimen: png16,
        page: 1,
        rect: { x: 100, y: 40, width: 50, height: 50 },
        signer: pki.users[0] as TestPki['root'],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(
      signPdf(page, {
        specimen: new TextEncoder().encode('GIF89a'),
        page: 1,
        rect: { x: 100, y: 40, width: 50, height: 50 },
        signer: pki.users[0] as TestPki['root'],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
