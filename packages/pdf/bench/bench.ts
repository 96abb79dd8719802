/**
 * npm run bench -w packages/pdf
 *
 * For a 1-page and a 100-page document, each approach runs in its OWN child process (so its
 * timings and its peak RSS are not mixed with the others'):
 * - `ours`: our e-Meterai stamp with a 183 x 183 PNG (image + PAdES signature in one incremental
 *   revision), sequential on one core: stamps/s, ms p50/p95;
 * - `ours-vector`: the same with the vector SPESIMEN stamp built per serial;
 * - `baseline`: pdf-lib + @signpdf/placeholder-pdf-lib + @signpdf/signer-p12 (full rewrite,
 *   node-forge RSA);
 * - `floor`: SHA-256 of the document plus one RSA-2048 signature (node:crypto).
 * Each child reports its RSS after start-up (imports, key material; before the document is
 * read) and its peak RSS (VmHWM).
 *
 * Then the memory needed to stamp a 50 MB PDF, in a child process: warm-up on a small document,
 * GC, reset the peak-RSS counter (/proc/self/clear_refs), take the baseline RSS BEFORE the input is
 * read, then read + stamp; extra = peak - baseline, relative to the input size.
 */
import { spawnSync } from 'node:child_process';
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Credential } from '../src/index.ts';
import {
  type Approach,
  type ChildReport,
  fmt,
  gc,
  MB,
  type MemoryReport,
  make50MbPdf,
  memory,
  resetPeak,
  runFor,
  type Stats,
  serial,
  statsOf,
} from './measure.ts';

// ---------------------------------------------------------------------------------------------
// Children: one approach each, only its own imports

type Inputs = { doc: Uint8Array; cred: Credential; png: Uint8Array };

function readInputs(dir: string, docFile: string): Omit<Inputs, 'doc'> & { docFile: string } {
  return {
    docFile,
    cred: JSON.parse(readFileSync(join(dir, 'cred.json'), 'utf8')) as Credential,
    png: new Uint8Array(readFileSync(join(dir, 'stamp.png'))),
  };
}

async function oursChild(
  inputs: Inputs,
  vector: boolean,
): Promise<{ stats: Stats; pairedFloor?: Stats; pairedOurs?: Stats }> {
  const { createLocalSigner, createSpecimenStampAppearance, stampMeterai } = await import(
    '../src/index.ts'
  );
  const signer = createLocalSigner(inputs.cred);
  const stamp = (i: number) =>
    stampMeterai(inputs.doc, {
      serial: serial(i),
      image: vector
        ? createSpecimenStampAppearance(serial(i), 'https://bubuh.local/verify')
        : inputs.png,
      page: 9999,
      rect: { x: 400, y: 40, width: 90, height: 90 },
      signer,
      location: 'Jakarta',
    });
  const stats = await runFor(stamp, {
    ms: 2000,
    warmup: 30,
    warmupMs: 500,
    min: 30,
    max: 20_000,
  });
  if (vector) return { stats };
  // paired: 10 rounds of (stamps for 150 ms, floor for 50 ms), same process, same time window
  const floor = floorFn(inputs);
  const ours: number[] = [];
  const base: number[] = [];
  const sample = async (fn: () => unknown, into: number[], ms: number) => {
    const start = performance.now();
    while (performance.now() - start < ms) {
      const t = performance.now();
      await fn();
      into.push(performance.now() - t);
    }
  };
  await sample(floor, [], 300); // warm-up
  for (let round = 0; round < 10; round++) {
    await sample(() => stamp(round), ours, 150);
    await sample(floor, base, 50);
  }
  return { stats, pairedFloor: statsOf(base), pairedOurs: statsOf(ours) };
}

async function baselineChild(inputs: Inputs): Promise<Stats> {
  const { PDFDocument } = await import('pdf-lib');
  const { pdflibAddPlaceholder } = await import('@signpdf/placeholder-pdf-lib');
  const { P12Signer } = await import('@signpdf/signer-p12');
  const signpdfModule = (await import('@signpdf/signpdf')).default;
  const forge = (await import('node-forge')).default;
  const signpdf =
    (signpdfModule as unknown as { default?: typeof signpdfModule }).default ?? signpdfModule;
  const key = forge.pki.privateKeyFromPem(inputs.cred.privateKeyPem);
  const certs = [
    inputs.cred.certificatePem,
    ...(inputs.cred.chainPem.match(
      /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g,
    ) ?? []),
  ].map((pem) => forge.pki.certificateFromPem(pem));
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certs, 'bench', { algorithm: '3des' });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');

  /** Draw the stamp image, add a signature placeholder, full save, sign (forge). */
  const baselineStamp = async (sn: string): Promise<Uint8Array> => {
    const pdfDoc = await PDFDocument.load(inputs.doc);
    const pages = pdfDoc.getPages();
    const page = pages[pages.length - 1];
    if (!page) throw new Error('no page');
    const image = await pdfDoc.embedPng(inputs.png);
    page.drawImage(image, { x: 400, y: 40, width: 90, height: 90 });
    pdflibAddPlaceholder({
      pdfDoc,
      pdfPage: page,
      reason: `[${sn}] e-Meterai`,
      contactInfo: '',
      name: 'e-meterai',
      location: 'Jakarta',
      widgetRect: [400, 40, 490, 130],
    });
    const saved = await pdfDoc.save();
    // a new P12Signer per signature: @signpdf's P12Signer is single-use
    return signpdf.sign(Buffer.from(saved), new P12Signer(p12, { passphrase: 'bench' }));
  };
  return runFor((i) => baselineStamp(serial(i)), { ms: 3000, warmup: 2, min: 5, max: 200 });
}

/** One unit of the floor: SHA-256 of the document and one RSA-2048 signature over it. */
function floorFn(inputs: Inputs): () => Buffer {
  const key = createPrivateKey(inputs.cred.privateKeyPem);
  return () => {
    const digest = createHash('sha256').update(inputs.doc).digest();
    return sign('sha256', digest, key);
  };
}

function floorChild(inputs: Inputs): Promise<Stats> {
  return runFor(floorFn(inputs), {
    ms: 600,
    warmup: 50,
    warmupMs: 500,
    min: 200,
    max: 100_000,
  });
}

async function approachChild(approach: Approach, dir: string, docFile: string): Promise<void> {
  const base = readInputs(dir, docFile);
  // load the approach's libraries first, so "idle" = runtime + imports (module cache: the
  // imports inside the approach are then free)
  if (approach === 'ours' || approach === 'ours-vector') await import('../src/index.ts');
  if (approach === 'baseline') {
    await Promise.all([
      import('pdf-lib'),
      import('@signpdf/placeholder-pdf-lib'),
      import('@signpdf/signer-p12'),
      import('@signpdf/signpdf'),
      import('node-forge'),
    ]);
  }
  const idle = memory().rss; // before the document is read
  const inputs: Inputs = { ...base, doc: new Uint8Array(readFileSync(base.docFile)) };
  let result: { stats: Stats; pairedFloor?: Stats; pairedOurs?: Stats };
  if (approach === 'ours') result = await oursChild(inputs, false);
  else if (approach === 'ours-vector') result = await oursChild(inputs, true);
  else if (approach === 'baseline') result = { stats: await baselineChild(inputs) };
  else result = { stats: await floorChild(inputs) };
  const report: ChildReport = {
    approach,
    ...result,
    idleMb: idle / MB,
    peakMb: memory().peak / MB,
  };
  process.stdout.write(JSON.stringify(report));
}

async function memoryChild(file: string, credFile: string): Promise<void> {
  const { createLocalSigner, createSpecimenStampAppearance, stampMeterai } = await import(
    '../src/index.ts'
  );
  const { onePage } = await import('../test/fixtures/make-corpus.ts');
  const cred = JSON.parse(readFileSync(credFile, 'utf8')) as Credential;
  const signer = createLocalSigner(cred);
  // warm up code paths on a small document first
  const small = await onePage();
  for (let i = 0; i < 5; i++) {
    await stampMeterai(small, {
      serial: serial(i),
      image: createSpecimenStampAppearance(serial(i), 'https://bubuh.local/verify'),
      page: 1,
      rect: { x: 400, y: 40, width: 90, height: 90 },
      signer,
    });
  }
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  const peakReset = resetPeak();
  const baseline = memory().rss; // BEFORE the input is read
  // the file as read (a Buffer is a Uint8Array): no second copy of the input
  const bytes: Uint8Array = readFileSync(file);
  const loaded = memory().rss;
  const t = performance.now();
  const out = await stampMeterai(bytes, {
    serial: serial(99),
    image: createSpecimenStampAppearance(serial(99), 'https://bubuh.local/verify'),
    page: 1,
    rect: { x: 400, y: 40, width: 90, height: 90 },
    signer,
  });
  const ms = performance.now() - t;
  const report: MemoryReport = {
    size: bytes.length,
    outSize: out.bytes.length,
    baseline,
    loaded,
    peak: memory().peak,
    peakReset,
    ms,
  };
  process.stdout.write(JSON.stringify(report));
}

// ---------------------------------------------------------------------------------------------
// Parent

function runChild(args: string[], extraExecArgv: string[] = []): string | undefined {
  const res = spawnSync(
    process.execPath,
    [...process.execArgv, ...extraExecArgv, fileURLToPath(import.meta.url), ...args],
    { encoding: 'utf8', timeout: 300_000, maxBuffer: 16 * MB },
  );
  if (res.status !== 0) {
    console.error(`child ${args.join(' ')} failed (${res.status}): ${res.stderr}`);
    return undefined;
  }
  return res.stdout;
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log('Bubuh PDF engine benchmark');
  console.log(
    `node ${process.version}, ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ''}, RSA-2048, SHA-256, sequential (one core), one child process per approach\n`,
  );
  const { createLocalPki } = await import('../src/index.ts');
  const { manyPages, onePage } = await import('../test/fixtures/make-corpus.ts');
  const { qrStampPng } = await import('../test/fixtures/png.ts');
  const dir = mkdtempSync(join(tmpdir(), 'bubuh-bench-'));
  try {
    const pki = await createLocalPki();
    writeFileSync(join(dir, 'cred.json'), JSON.stringify(pki.emeterai));
    // a 183 x 183 opaque stamp image, the size of the image Peruri returns with a serial
    writeFileSync(
      join(dir, 'stamp.png'),
      qrStampPng('https://bubuh.local/verify?sn=BENCH0000000000000001'),
    );
    const docs = [
      { name: '1 page', bytes: await onePage() },
      { name: '100 pages', bytes: await manyPages(100) },
    ];
    const rows: string[] = [];
    const goals: string[] = [];
    const approaches: Approach[] = ['floor', 'ours', 'ours-vector', 'baseline'];
    for (const doc of docs) {
      const docFile = join(dir, `${doc.name.replace(/\W+/g, '-')}.pdf`);
      writeFileSync(docFile, doc.bytes);
      const reports = new Map<Approach, ChildReport>();
      for (const approach of approaches) {
        const out = runChild(['--child', approach, dir, docFile]);
        if (out) reports.set(approach, JSON.parse(out) as ChildReport);
      }
      const floor = reports.get('floor');
      const ours = reports.get('ours');
      const vector = reports.get('ours-vector');
      const baseline = reports.get('baseline');
      if (!floor || !ours || !vector || !baseline) {
        goals.push(`${doc.name}: a child failed, no figures`);
        continue;
      }
      const speedup = baseline.stats.mean / ours.stats.mean;
      const ratio = ours.stats.p50 / floor.stats.p50;
      const paired =
        ours.pairedOurs && ours.pairedFloor ? ours.pairedOurs.p50 / ours.pairedFloor.p50 : ratio;
      const rss = (r: ChildReport) => `${fmt(r.peakMb, 0)}/${fmt(r.idleMb, 0)}`;
      rows.push(
        [
          doc.name.padEnd(10),
          `${fmt(doc.bytes.length / 1024, 0)} KiB`.padStart(9),
          fmt(ours.stats.perSecond, 0).padStart(7),
          fmt(ours.stats.p50).padStart(7),
          fmt(ours.stats.p95).padStart(7),
          rss(ours).padStart(8),
          fmt(vector.stats.p50).padStart(7),
          rss(vector).padStart(8),
          fmt(baseline.stats.perSecond, 1).padStart(7),
          fmt(baseline.stats.p50, 1).padStart(7),
          fmt(baseline.stats.p95, 1).padStart(7),
          rss(baseline).padStart(8),
          `${fmt(speedup, 1)}x`.padStart(7),
          fmt(floor.stats.p50, 3).padStart(7),
          rss(floor).padStart(8),
          `${fmt(ratio, 2)}x`.padStart(7),
          `${fmt(paired, 2)}x`.padStart(7),
        ].join(' '),
      );
      if (doc.name === '100 pages') {
        goals.push(
          `100-page stamp >= 5x the baseline: ${fmt(speedup, 1)}x -> ${speedup >= 5 ? 'MET' : 'MISSED'}`,
        );
      } else {
        const po = ours.pairedOurs?.p50 ?? ours.stats.p50;
        const pf = ours.pairedFloor?.p50 ?? floor.stats.p50;
        goals.push(
          `1-page stamp within 3x of SHA-256 + one RSA-2048 signature (p50, measured interleaved in one process): ${fmt(po, 3)} ms vs ${fmt(pf, 3)} ms = ${fmt(paired, 2)}x -> ${paired <= 3 ? 'MET' : 'MISSED'} (separate processes: ${fmt(ours.stats.p50, 3)} vs ${fmt(floor.stats.p50, 3)} ms = ${fmt(ratio, 2)}x)`,
        );
      }
    }
    console.log(
      'doc          size  ours/s  ours50  ours95 RSS MiB  vec50  RSS MiB  base/s  base50  base95  RSS MiB speedup floor50  RSS MiB ratio  paired',
    );
    console.log(
      '                   (PNG stamp: /s, ms, peak/idle) (vector)       (pdf-lib + @signpdf)             (means) (SHA-256+RSA)    (p50 ours/floor)',
    );
    for (const r of rows) console.log(r);

    const file = join(dir, '50mb.pdf');
    await make50MbPdf(file);
    const out = runChild(['--memory-child', file, join(dir, 'cred.json')], ['--expose-gc']);
    if (out) {
      const mem = JSON.parse(out) as MemoryReport;
      const extra = mem.peak - mem.baseline;
      const ratio = extra / mem.size;
      console.log(
        `\n50 MB PDF (${fmt(mem.size / MB, 1)} MiB), one stamp in a child process: ${fmt(mem.ms, 0)} ms; ` +
          `RSS before reading the input ${fmt(mem.baseline / MB, 0)} MiB, after reading it ${fmt(mem.loaded / MB, 0)} MiB, ` +
          `peak ${fmt(mem.peak / MB, 0)} MiB${mem.peakReset ? '' : ' (process peak: could not reset, upper bound)'}; ` +
          `peak - baseline = ${fmt(extra / MB, 0)} MiB = ${fmt(ratio, 2)}x the input (input + output + working memory)`,
      );
      goals.push(
        `memory to stamp a 50 MB PDF under 4x its size: ${fmt(ratio, 2)}x -> ${ratio < 4 ? 'MET' : 'MISSED'}`,
      );
    } else {
      goals.push('memory to stamp a 50 MB PDF: the child failed, no figure');
    }
    console.log('\nGoals:');
    for (const g of goals) console.log(`  ${g}`);
    console.log(`\nbench finished in ${fmt((performance.now() - started) / 1000, 1)} s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [flag, a1, a2, a3] = process.argv.slice(2);
if (flag === '--memory-child' && a1 && a2) {
  await memoryChild(a1, a2);
} else if (
  flag === '--child' &&
  (a1 === 'ours' || a1 === 'ours-vector' || a1 === 'baseline' || a1 === 'floor') &&
  a2 &&
  a3 &&
  existsSync(a3)
) {
  await approachChild(a1, a2, a3);
} else {
  await main();
}
