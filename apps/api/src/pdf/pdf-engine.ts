import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  PdfInfo,
  PreparedUpload,
  SignedPdf,
  StampedPdf,
  StampMeteraiOptions,
  VerifyResult,
} from '@bubuh/pdf';
import { RECOMMENDED_WORKER_LIMITS, stampMeterai, toPdfError } from '@bubuh/pdf';
import type { PdfTask, PdfTaskResult } from '@bubuh/pdf/worker';
import { Piscina } from 'piscina';
import { AppError } from '../lib/app-error.ts';

/** PDF work off the request thread: a worker-thread pool with memory limits and a time limit. */
export type TPdfEngine = {
  inspect: (bytes: Uint8Array) => Promise<PdfInfo>;
  /**
   * The upload gate: `inspect`, except that a damaged cross-reference table is repaired by a
   * full rewrite (`repaired`, the new `bytes`) while the document carries no signature; a
   * damaged signed document is refused (`BROKEN_SIGNED`).
   */
  prepare: (bytes: Uint8Array) => Promise<PreparedUpload>;
  /**
   * Every signature, chains checked against `trustRoots`; a signature counts as an e-Meterai
   * only when signed by one of `meteraiIssuers` (the issuer's signing certificate or its own CA).
   */
  verify: (
    bytes: Uint8Array,
    options: { trustRoots: string[]; meteraiIssuers: string[] },
  ) => Promise<VerifyResult>;
  stamp: (
    bytes: Uint8Array,
    options: Extract<PdfTask, { op: 'stamp' }>['options'],
  ) => Promise<StampedPdf>;
  sign: (
    bytes: Uint8Array,
    options: Extract<PdfTask, { op: 'sign' }>['options'],
  ) => Promise<SignedPdf>;
  /**
   * Stamps on this thread with a live signer that cannot cross into a worker (a remote hash
   * signer: the CPU work is milliseconds, the wait is the provider's round trip).
   */
  stampWithSigner: (bytes: Uint8Array, options: StampMeteraiOptions) => Promise<StampedPdf>;
  close: () => Promise<void>;
};

/** Engine error codes → what the user is told; all are the caller's file, not our fault. */
const MESSAGES: Record<string, string> = {
  NOT_PDF: 'The file is not a PDF',
  TRUNCATED: 'The PDF is incomplete or damaged; export it again and retry',
  BROKEN: 'The PDF is damaged and cannot be read; export it again and retry',
  BROKEN_SIGNED: 'The PDF is damaged and already signed; ask the signer for an intact copy',
  ENCRYPTED: 'The PDF is password protected; remove the password and upload it again',
  TOO_COMPLEX: 'The PDF is too complex to process safely',
  TIMEOUT: 'Processing the PDF took too long',
  NO_PAGES: 'The PDF has no pages',
};

const require = createRequire(import.meta.url);

const engineError = (code: string, message: string) =>
  new AppError('UNPROCESSABLE', MESSAGES[code] ?? message, { pdf: code });

/**
 * The worker thread's module: the compiled entry beside the compiled server (dist/pdf-worker.js),
 * else the package's bootstrap, which registers tsx for its TypeScript source.
 */
const workerFile = (): string => {
  const compiled = fileURLToPath(new URL('./pdf-worker.js', import.meta.url));
  if (fs.existsSync(compiled)) return compiled;
  return path.join(path.dirname(require.resolve('@bubuh/pdf/worker')), 'worker-bootstrap.mjs');
};

export const createPdfEngine = (options: { maxThreads?: number } = {}): TPdfEngine => {
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: 1,
    maxThreads: options.maxThreads ?? 2,
    idleTimeout: 60_000,
    resourceLimits: { ...RECOMMENDED_WORKER_LIMITS.resourceLimits },
    // Workers register tsx themselves; inheriting the parent's loader would load it twice.
    execArgv: [],
  });
  // A worker that fails with no task of its own (its bootstrap, after its answer) is reported on
  // the pool; unheard, that event would end the process. The pool starts another worker.
  pool.on('error', (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.emitWarning(`A PDF worker failed outside a task: ${message}`);
  });

  const run = async <T>(task: PdfTask): Promise<T> => {
    let result: PdfTaskResult;
    try {
      result = await pool.run(task, {
        signal: AbortSignal.timeout(RECOMMENDED_WORKER_LIMITS.timeoutMs),
      });
    } catch (error) {
      const aborted =
        error instanceof Error && /abort|timeout/i.test(`${error.name} ${error.message}`);
      throw engineError(aborted ? 'TIMEOUT' : 'TOO_COMPLEX', 'The PDF could not be processed');
    }
    if (!result.ok) throw engineError(result.error.code, result.error.message);
    return result.value as T;
  };

  return {
    inspect: (bytes) => run<PdfInfo>({ op: 'inspect', bytes }),
    prepare: (bytes) => run<PreparedUpload>({ op: 'prepare', bytes }),
    verify: (bytes, options) => run<VerifyResult>({ op: 'verify', bytes, options }),
    stamp: (bytes, options) => run<StampedPdf>({ op: 'stamp', bytes, options }),
    sign: (bytes, options) => run<SignedPdf>({ op: 'sign', bytes, options }),
    stampWithSigner: async (bytes, options) => {
      // The remote signer's own failure (provider down, refused) is the error to report, not
      // the engine's wrapper around it.
      let signerError: unknown;
      const signer = options.signer;
      const watched =
        typeof signer === 'object' && 'signDigest' in signer
          ? {
              ...signer,
              signDigest: async (
                digest: Uint8Array,
                algorithm: Parameters<typeof signer.signDigest>[1],
              ) => {
                try {
                  return await signer.signDigest(digest, algorithm);
                } catch (error) {
                  signerError = error;
                  throw error;
                }
              },
            }
          : signer;
      try {
        return await stampMeterai(bytes, { ...options, signer: watched });
      } catch (error) {
        if (signerError instanceof AppError) throw signerError;
        if (error instanceof AppError) throw error;
        const pdfError = toPdfError(error, 'SIGNING_FAILED');
        throw engineError(pdfError.code, pdfError.message);
      }
    },
    close: async () => {
      await pool.destroy();
    },
  };
};
