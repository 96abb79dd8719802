/** The bounds every PDF entry point applies to untrusted input (see `guard.ts`). */
export type PdfLimits = {
  /** Largest accepted file. Default 256 MiB. */
  maxFileBytes: number;
  /** Deepest nesting of arrays/dictionaries inside one object. Default 100. */
  maxNestingDepth: number;
  /** Most indirect objects (including those in object streams). Default 2,000,000. */
  maxObjects: number;
  /** Most pages. Default 10,000. */
  maxPages: number;
  /** Decoded size budget of one object stream / cross-reference stream. Default 32 MiB. */
  maxStructuralStreamBytes: number;
  /** Decoded size budget of any other stream (deep check). Default 64 MiB. */
  maxDecodedStreamBytes: number;
  /** Decoded size budget of all streams together (deep check). Default 1 GiB. */
  maxTotalDecodedBytes: number;
};

export const DEFAULT_LIMITS: Readonly<PdfLimits> = Object.freeze({
  maxFileBytes: 256 * 1024 * 1024,
  maxNestingDepth: 100,
  maxObjects: 2_000_000,
  maxPages: 10_000,
  maxStructuralStreamBytes: 32 * 1024 * 1024,
  maxDecodedStreamBytes: 64 * 1024 * 1024,
  maxTotalDecodedBytes: 1024 * 1024 * 1024,
});

/**
 * What to give the worker thread that runs PDF tasks (piscina `resourceLimits` / worker_threads
 * `resourceLimits`, plus a per-task timeout). The heap limit leaves room for a 50 MB document
 * (whose peak is a multiple of its size; `npm run bench` measures it) and for bounded-inflate
 * budgets; the timeout leaves a wide margin over a 100-page document on a slow core.
 */
export const RECOMMENDED_WORKER_LIMITS = Object.freeze({
  resourceLimits: Object.freeze({
    maxOldGenerationSizeMb: 1024,
    maxYoungGenerationSizeMb: 64,
    stackSizeMb: 8,
  }),
  timeoutMs: 60_000,
});

export function resolveLimits(limits?: Partial<PdfLimits>): PdfLimits {
  return { ...DEFAULT_LIMITS, ...limits };
}
