/**
 * Bad input: every case gets its typed `PdfError` within a bounded time, from every entry point,
 * and the worker-thread path fails cleanly (the calling thread survives).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PdfErrorCode } from '../src/errors.ts';
import { PdfError } from '../src/errors.ts';
import { inspectPdf } from '../src/inspect.ts';
import { decodeBounded, lzwDecode } from '../src/internal/decode.ts';
import { signPdf, stampMeterai } from '../src/sign.ts';
import { createSpecimenStampAppearance } from '../src/specimen.ts';
import { verifyPdf } from '../src/verify.ts';
import { runIsolated } from '../src/worker.ts';
import * as corpus from './fixtures/make-corpus.ts';
import type { TestPki } from './helpers.ts';
import { requireTool, skipWithout, stampSpecimen, TOOLS, testPki } from './helpers.ts';

const BOUND_MS = 10_000;
const SN = 'AXCWSRL5JS0HJ15Z000299';

let pki: TestPki;
let onePage: Uint8Array;

beforeAll(async () => {
  pki = await testPki();
  onePage = await corpus.onePage();
});

async function expectPdfError(run: () => Promise<unknown>, code: PdfErrorCode): Promise<PdfError> {
  const started = performance.now();
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  const elapsed = performance.now() - started;
  expect(caught, `expected PdfError ${code}`).toBeInstanceOf(PdfError);
  const err = caught as PdfError;
  expect(err.code, err.message).toBe(code);
  expect(err.message.length).toBeGreaterThan(10);
  expect(err.message).not.toMatch(/\n/);
  expect(elapsed).toBeLessThan(BOUND_MS);
  return err;
}

type BadCase = {
  name: string;
  make: () => Promise<Uint8Array | undefined>;
  code: PdfErrorCode;
  tool?: typeof TOOLS.qpdf;
};

const BAD: BadCase[] = [
  { name: 'empty file', make: async () => new Uint8Array(), code: 'NOT_PDF' },
  { name: 'HTML renamed to .pdf', make: async () => corpus.html(), code: 'NOT_PDF' },
  {
    name: 'truncated at 50 %',
    make: async () => corpus.truncated(await corpus.manyPages(10)),
    code: 'TRUNCATED',
  },
  { name: 'broken startxref', make: async () => corpus.brokenXref(onePage), code: 'BROKEN' },
  {
    name: 'encrypted (qpdf --encrypt)',
    make: async () => corpus.encrypted(onePage),
    code: 'ENCRYPTED',
    tool: TOOLS.qpdf,
  },
  {
    name: 'owner-password-only encryption',
    make: async () => corpus.encrypted(onePage, ''),
    code: 'ENCRYPTED',
    tool: TOOLS.qpdf,
  },
  { name: '1,000-level nesting', make: async () => corpus.nested(1000), code: 'TOO_COMPLEX' },
  {
    name: 'object-stream bomb (>1 GiB)',
    make: async () => corpus.objectStreamBomb(1100),
    code: 'TOO_COMPLEX',
  },
  {
    name: 'hex + flate object-stream bomb (>1 GiB)',
    make: async () => corpus.hexFlateObjectStreamBomb(1100),
    code: 'TOO_COMPLEX',
  },
  {
    name: 'indirect /Filter object-stream bomb (>1 GiB)',
    make: async () => corpus.indirectFilterBomb(1100, '/FlateDecode'),
    code: 'TOO_COMPLEX',
  },
  {
    name: 'indirect /Filter array object-stream bomb (>1 GiB)',
    make: async () => corpus.indirectFilterBomb(1100, '[/FlateDecode]'),
    code: 'TOO_COMPLEX',
  },
  {
    name: 'indirect /Filter defined inside an object stream (>1 GiB)',
    make: async () => corpus.filterInObjectStreamBomb(1100),
    code: 'TOO_COMPLEX',
  },
  {
    name: 'unresolvable indirect /Filter on an object stream',
    make: async () => corpus.indirectFilterBomb(1, null),
    code: 'TOO_COMPLEX',
  },
  {
    name: 'LZW object-stream bomb (>1 GiB, as @libpdf/core reads LZW)',
    make: async () => corpus.lzwObjectStreamBomb(1100, 'libpdf'),
    code: 'TOO_COMPLEX',
  },
  {
    name: 'LZW object-stream bomb (>1 GiB, as the PDF spec reads LZW)',
    make: async () => corpus.lzwObjectStreamBomb(1100, 'standard'),
    code: 'TOO_COMPLEX',
  },
  {
    name: 'content-stream bomb (>1 GiB)',
    make: async () => corpus.contentBomb(1100),
    code: 'TOO_COMPLEX',
  },
  {
    name: 'content-stream bomb behind ASCII85 + Flate (>1 GiB)',
    make: async () => corpus.chainedContentBomb(1100),
    code: 'TOO_COMPLEX',
  },
];

describe('inspectPdf rejects bad input with a typed error, fast', () => {
  for (const c of BAD) {
    it.skipIf(c.tool ? skipWithout(c.tool) : false)(`${c.name} → ${c.code}`, async () => {
      if (c.tool) requireTool(c.tool);
      const bytes = await c.make();
      if (!bytes) throw new Error('fixture missing');
      await expectPdfError(() => inspectPdf(bytes), c.code);
    });
  }

  it('non-bytes input → INVALID_ARGUMENT', async () => {
    await expectPdfError(
      () => inspectPdf('not bytes' as unknown as Uint8Array),
      'INVALID_ARGUMENT',
    );
  });

  it('too large → TOO_LARGE', async () => {
    await expectPdfError(
      () => inspectPdf(onePage, { limits: { maxFileBytes: 1000 } }),
      'TOO_LARGE',
    );
  });

  it('owner-only encrypted files can be inspected on request', async () => {
    if (skipWithout(TOOLS.qpdf)) return;
    requireTool(TOOLS.qpdf);
    const bytes = corpus.encrypted(onePage, '');
    if (!bytes) throw new Error('fixture missing');
    const info = await inspectPdf(bytes, { allowEncrypted: true });
    expect(info.encrypted).toBe(true);
    expect(info.pageCount).toBe(1);
  });
});

describe('signing and verification refuse the same input', () => {
  const structural = BAD.filter((c) => !c.name.startsWith('content-stream') && !c.tool);
  for (const c of structural) {
    it(`${c.name}`, async () => {
      const bytes = await c.make();
      if (!bytes) throw new Error('fixture missing');
      await expectPdfError(
        () =>
          stampMeterai(bytes, {
            serial: SN,
            image: createSpecimenStampAppearance(SN, 'https://x'),
            page: 1,
            rect: { x: 10, y: 10, width: 80, height: 80 },
            signer: pki.emeterai,
          }),
        c.code,
      );
      await expectPdfError(
        () =>
          signPdf(bytes, {
            specimen: 'A',
            page: 1,
            rect: { x: 10, y: 10, width: 80, height: 30 },
            signer: pki.users[0] as TestPki['root'],
          }),
        c.code,
      );
      await expectPdfError(() => verifyPdf(bytes), c.code);
    });
  }
});

describe('filter chains: bounded decoding keeps legitimate files working', () => {
  it('LZW: the bounded decoder reads what qpdf reads; @libpdf/core switches code widths one code late', () => {
    const lines: string[] = [];
    for (let i = 0; i < 2000; i++)
      lines.push(`BT 20 ${i % 800} Td (Baris ${i} ${Math.sin(i)}) Tj ET`);
    const text = new TextEncoder().encode(lines.join('\n'));
    for (const early of [1, 0]) {
      const encoded = corpus.lzwEncode(text, early, 'standard');
      expect(
        Buffer.from(lzwDecode(encoded, early, 1 << 30, 'standard')).equals(Buffer.from(text)),
      ).toBe(true);
      // libpdf's reading ends at the first 10-bit code (it throws there; we keep the prefix)
      expect(lzwDecode(encoded, early, 1 << 30, 'libpdf').length).toBeLessThan(text.length);
      const libpdfEncoded = corpus.lzwEncode(text, early, 'libpdf');
      expect(
        Buffer.from(lzwDecode(libpdfEncoded, early, 1 << 30, 'libpdf')).equals(Buffer.from(text)),
      ).toBe(true);
    }
    // each stage is bounded
    expect(() => lzwDecode(corpus.lzwZeroBomb(64, 'standard'), 1, 1 << 20, 'standard')).toThrow();
  });

  it('every decoder stops at its budget', () => {
    const zeros = corpus.zeroBomb(8);
    const limit = 1 << 20;
    expect(decodeBounded(zeros, [{ name: 'FlateDecode' }], limit).kind).toBe('too-large');
    const hex = new TextEncoder().encode(`${Buffer.from(zeros).toString('hex')}>`);
    expect(decodeBounded(hex, [{ name: 'AHx' }, { name: 'Fl' }], limit)).toMatchObject({
      kind: 'too-large',
      filter: 'FlateDecode',
    });
    const runs = new Uint8Array(20_000).map((_, i) => (i % 2 === 0 ? 129 : 0)); // 128 zeros per 2 bytes
    expect(decodeBounded(runs, [{ name: 'RunLengthDecode' }], limit).kind).toBe('too-large');
    const zs = new Uint8Array(300_000).fill(0x7a); // ASCII85 'z' = 4 zero bytes
    expect(decodeBounded(zs, [{ name: 'ASCII85Decode' }], limit).kind).toBe('too-large');
    expect(
      decodeBounded(zeros, [{ name: 'JBIG2Decode' }, { name: 'FlateDecode' }], limit).kind,
    ).toBe('unbounded');
    expect(decodeBounded(zeros, [{ name: 'BrotliDecode' }], limit).kind).toBe('unbounded');
    expect(decodeBounded(zeros, [{ name: 'DCTDecode' }, { name: 'FlateDecode' }], limit).kind).toBe(
      'too-large',
    );
  });

  it('a file with [/ASCIIHexDecode /FlateDecode], /LZWDecode and an indirect /Filter is inspected, stamped and verified', async () => {
    const bytes = corpus.chainedFilters();
    if (!skipWithout(TOOLS.mutool)) {
      // the fixture is a valid PDF for other readers: all three streams render as text
      const { dir, cleanup } = (await import('./helpers.ts')).tempDir();
      try {
        const { writeFileSync } = await import('node:fs');
        const { execFileSync } = await import('node:child_process');
        writeFileSync(`${dir}/chained.pdf`, bytes);
        const text = execFileSync('mutool', ['draw', '-q', '-F', 'txt', `${dir}/chained.pdf`], {
          encoding: 'utf8',
        });
        expect(text).toContain('Hex + Flate');
        expect(text).toContain('LZW');
        expect(text).toContain('Indirect filter');
      } finally {
        cleanup();
      }
    }
    const info = await inspectPdf(bytes);
    expect(info.pageCount).toBe(1);
    const stamped = await stampSpecimen(bytes, {
      serial: SN,
      signer: pki.emeterai,
    });
    const v = await verifyPdf(stamped.bytes);
    expect(v.valid).toBe(true);
    expect(v.signatures[0]?.integrity).toBe(true);
  });
});

describe('invalid stamping arguments', () => {
  const base = () => ({
    serial: SN,
    image: createSpecimenStampAppearance(SN, 'https://x') as
      | ReturnType<typeof createSpecimenStampAppearance>
      | Uint8Array,
    page: 1,
    rect: { x: 10, y: 10, width: 80, height: 80 },
    signer: pki.emeterai,
  });

  it('serial must match [A-Z0-9]{22}', async () => {
    for (const serial of ['', 'abc', `${SN}1`, SN.toLowerCase()]) {
      await expectPdfError(() => stampMeterai(onePage, { ...base(), serial }), 'INVALID_SERIAL');
    }
  });

  it('rect outside the page, page 0, non-image bytes', async () => {
    await expectPdfError(
      () => stampMeterai(onePage, { ...base(), rect: { x: 560, y: 10, width: 80, height: 80 } }),
      'INVALID_ARGUMENT',
    );
    await expectPdfError(
      () => stampMeterai(onePage, { ...base(), rect: { x: 10, y: 10, width: 0, height: 80 } }),
      'INVALID_ARGUMENT',
    );
    await expectPdfError(() => stampMeterai(onePage, { ...base(), page: 0 }), 'INVALID_ARGUMENT');
    await expectPdfError(
      () => stampMeterai(onePage, { ...base(), image: new TextEncoder().encode('GIF89a...') }),
      'INVALID_ARGUMENT',
    );
  });

  it('the same serial cannot be stamped twice', async () => {
    const once = await stampMeterai(onePage, base());
    await expectPdfError(() => stampMeterai(once.bytes, base()), 'FIELD_EXISTS');
  });

  it('a broken signer credential is reported as such', async () => {
    await expectPdfError(
      () =>
        stampMeterai(onePage, {
          ...base(),
          signer: { privateKeyPem: 'nope', certificatePem: pki.emeterai.certificatePem },
        }),
      'INVALID_CREDENTIAL',
    );
  });

  it('a failing remote signer is SIGNING_FAILED', async () => {
    const { createDigestSigner } = await import('../src/signers.ts');
    const remote = createDigestSigner({
      certificates: [pki.emeterai.certificatePem],
      signDigest: async () => {
        throw new Error('HTTP 503 from provider');
      },
    });
    const err = await expectPdfError(
      () => stampMeterai(onePage, { ...base(), signer: remote }),
      'SIGNING_FAILED',
    );
    expect(err.detail).toContain('HTTP 503');
  });
});

describe('worker threads with resource limits', () => {
  const limits = {
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
    timeoutMs: 20_000,
  };

  it('the decompression bomb and the nesting fail cleanly inside a worker; the caller survives', async () => {
    for (const [bytes, code] of [
      [corpus.objectStreamBomb(1100), 'TOO_COMPLEX'],
      [corpus.hexFlateObjectStreamBomb(1100), 'TOO_COMPLEX'],
      [corpus.lzwObjectStreamBomb(1100), 'TOO_COMPLEX'],
      [corpus.contentBomb(1100), 'TOO_COMPLEX'],
      [corpus.nested(1000), 'TOO_COMPLEX'],
    ] as const) {
      const started = performance.now();
      const error = await runIsolated({ op: 'inspect', bytes }, limits).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfError);
      expect((error as PdfError).code).toBe(code);
      expect(performance.now() - started).toBeLessThan(20_000);
    }
    // the calling thread is fine and a worker still does real work afterwards
    const info = await runIsolated<Awaited<ReturnType<typeof inspectPdf>>>(
      { op: 'inspect', bytes: onePage },
      limits,
    );
    expect(info.pageCount).toBe(1);
  });

  it('stamps in a worker from serializable key material', async () => {
    const result = await runIsolated<Awaited<ReturnType<typeof stampMeterai>>>(
      {
        op: 'stamp',
        bytes: onePage,
        options: {
          serial: SN,
          image: createSpecimenStampAppearance(SN, 'https://x'),
          page: 1,
          rect: { x: 400, y: 40, width: 90, height: 90 },
          signer: pki.emeterai,
        },
      },
      limits,
    );
    const v = await verifyPdf(result.bytes, { trustRoots: [pki.root.certificatePem] });
    expect(v.signatures[0]).toMatchObject({ serial: SN, integrity: true, chain: 'trusted' });
  });

  it('a task over its time budget is TIMEOUT and the worker is terminated', async () => {
    const error = await runIsolated({ op: 'inspect', bytes: onePage }, { timeoutMs: 1 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PdfError);
    expect((error as PdfError).code).toBe('TIMEOUT');
  });
});
