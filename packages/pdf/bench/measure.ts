/**
 * Helpers of bench.ts: sample statistics, timed loops, process memory, and the 50 MB input of
 * the memory run.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

export type Stats = { n: number; mean: number; p50: number; p95: number; perSecond: number };

export type Approach = 'ours' | 'ours-vector' | 'baseline' | 'floor';

export type ChildReport = {
  approach: Approach;
  stats: Stats;
  /**
   * `ours` only: the floor (SHA-256 + RSA-2048) measured in the same process, interleaved with
   * the stamps in rounds, so a busy machine slows both alike (the 1-page ratio uses this).
   */
  pairedFloor?: Stats;
  /** `ours` only: the stamps of those same rounds. */
  pairedOurs?: Stats;
  /** RSS after start-up and setup, before the document is read (MiB). */
  idleMb: number;
  /** Peak RSS of the child process (MiB). */
  peakMb: number;
};

export type MemoryReport = {
  size: number;
  outSize: number;
  /** RSS after warm-up + GC, before the input file is read (bytes). */
  baseline: number;
  /** RSS right after the input file was read. */
  loaded: number;
  /** Peak RSS from the baseline to the end of the stamp. */
  peak: number;
  /** Whether the peak could be reset at the baseline (Linux /proc/self/clear_refs). */
  peakReset: boolean;
  ms: number;
};

export function statsOf(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { n: s.length, mean, p50: at(0.5), p95: at(0.95), perSecond: 1000 / mean };
}

export async function runFor(
  fn: (i: number) => Promise<unknown> | unknown,
  options: { ms: number; warmup: number; warmupMs?: number; min: number; max: number },
): Promise<Stats> {
  // Steady state, as in the API's long-lived worker threads: at least `warmup` calls and, when
  // given, `warmupMs` of calls before measuring (lets the JIT finish tiering up).
  const warmStart = performance.now();
  for (
    let i = 0;
    i < options.warmup || performance.now() - warmStart < (options.warmupMs ?? 0);
    i++
  )
    await fn(-1 - i);
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < options.max; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
    if (samples.length >= options.min && performance.now() - start > options.ms) break;
  }
  return statsOf(samples);
}

export function serial(i: number): string {
  return `BENCH${String(Math.abs(i)).padStart(17, '0')}`;
}

/** VmRSS / VmHWM from /proc (bytes); falls back to process figures elsewhere. */
export function memory(): { rss: number; peak: number } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const rss = kb('VmRSS');
    const peak = kb('VmHWM');
    if (Number.isFinite(rss) && Number.isFinite(peak))
      return { rss: rss * 1024, peak: peak * 1024 };
  } catch {
    // not Linux
  }
  return { rss: process.memoryUsage().rss, peak: process.resourceUsage().maxRSS * 1024 };
}

/** Reset the peak-RSS counter (Linux ≥ 4.0); false when not possible. */
export function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

export function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export const MB = 1024 * 1024;
export const fmt = (n: number, d = 2) => n.toFixed(d);

/** Writes a 50-page PDF of about 50 MB (one 1 MB uncompressed RGB image a page); its size. */
export async function make50MbPdf(file: string): Promise<number> {
  const { PDF, PDFImage, PdfName, PdfNumber } = await import('@libpdf/core');
  const pdf = PDF.create();
  const side = 578; // 578 x 578 RGB ≈ 1 MB per image, one per page
  for (let i = 0; i < 50; i++) {
    const page = pdf.addPage({ size: 'a4' });
    const ref = pdf.createStream(
      {
        Type: PdfName.of('XObject'),
        Subtype: PdfName.of('Image'),
        Width: PdfNumber.of(side),
        Height: PdfNumber.of(side),
        ColorSpace: PdfName.of('DeviceRGB'),
        BitsPerComponent: PdfNumber.of(8),
      },
      new Uint8Array(randomBytes(side * side * 3)),
    );
    page.drawImage(new PDFImage(ref, side, side), { x: 10, y: 200, width: 570, height: 570 });
  }
  const bytes = await pdf.save({ compressStreams: false });
  writeFileSync(file, bytes);
  return bytes.length;
}
