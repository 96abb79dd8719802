/**
 * Worker-thread entry points.
 *
 * - `runPdfTask` (default export) is a piscina-compatible task function: plain-data task in,
 *   plain-data result out, errors returned as `SerializedPdfError` (never thrown), so results
 *   survive structured cloning. Signers/TSAs must be given as credentials (PEM/PKCS#8, local TSA
 *   credential or TSA URL), which the worker turns into live objects (cached per worker).
 * - `runIsolated` runs one task in a fresh `worker_threads` Worker with resource limits and a
 *   timeout, and maps out-of-memory / timeouts to `PdfError`s (`TOO_COMPLEX`, `TIMEOUT`).
 *
 * Suggested piscina setup in apps/api:
 *   new Piscina({ filename: new URL('./worker-bootstrap.mjs', import.meta.resolve('@bubuh/pdf/worker')),
 *     resourceLimits: RECOMMENDED_WORKER_LIMITS.resourceLimits })
 * and a per-task `AbortSignal.timeout(RECOMMENDED_WORKER_LIMITS.timeoutMs)`.
 */

import type { ResourceLimits } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import type { SerializedPdfError } from './errors.ts';
import { PdfError, serializePdfError, toPdfError } from './errors.ts';
import type { InspectOptions, PdfInfo } from './inspect.ts';
import { inspectPdf } from './inspect.ts';
import { RECOMMENDED_WORKER_LIMITS } from './limits.ts';
import type { PreparedUpload } from './repair.ts';
import { prepareUpload } from './repair.ts';
import type { SignedPdf, SignPdfOptions, StampedPdf, StampMeteraiOptions } from './sign.ts';
import { signPdf, stampMeterai } from './sign.ts';
import type { Pkcs8Credential, SignerCredential } from './signers.ts';
import type { HttpTsaOptions, LocalTsaCredential } from './tsa.ts';
import type { VerifyOptions, VerifyResult } from './verify.ts';
import { verifyPdf } from './verify.ts';

/** Cloneable forms of the signing options (no live signer/TSA objects). */
type CloneableSigning = {
  signer: SignerCredential | Pkcs8Credential;
  tsa?: LocalTsaCredential | HttpTsaOptions;
};

export type PdfTask =
  | { op: 'inspect'; bytes: Uint8Array; options?: InspectOptions }
  | { op: 'prepare'; bytes: Uint8Array; options?: InspectOptions }
  | { op: 'verify'; bytes: Uint8Array; options?: VerifyOptions }
  | {
      op: 'stamp';
      bytes: Uint8Array;
      options: Omit<StampMeteraiOptions, 'signer' | 'tsa'> & CloneableSigning;
    }
  | {
      op: 'sign';
      bytes: Uint8Array;
      options: Omit<SignPdfOptions, 'signer' | 'tsa'> & CloneableSigning;
    };

export type PdfTaskValue = PdfInfo | PreparedUpload | VerifyResult | StampedPdf | SignedPdf;

export type PdfTaskResult<T extends PdfTaskValue = PdfTaskValue> =
  | { ok: true; value: T }
  | { ok: false; error: SerializedPdfError };

export async function runPdfTask(task: PdfTask): Promise<PdfTaskResult> {
  try {
    switch (task.op) {
      case 'inspect':
        return { ok: true, value: await inspectPdf(task.bytes, task.options) };
      case 'prepare':
        return { ok: true, value: await prepareUpload(task.bytes, task.options) };
      case 'verify':
        return { ok: true, value: await verifyPdf(task.bytes, task.options) };
      case 'stamp':
        return { ok: true, value: await stampMeterai(task.bytes, task.options) };
      case 'sign':
        return { ok: true, value: await signPdf(task.bytes, task.options) };
      default:
        throw new PdfError('INVALID_ARGUMENT', 'Unknown PDF task.');
    }
  } catch (error) {
    return { ok: false, error: serializePdfError(toPdfError(error, 'BROKEN')) };
  }
}

export default runPdfTask;

export type IsolateOptions = {
  timeoutMs?: number;
  resourceLimits?: ResourceLimits;
};

/**
 * Run one task in a fresh worker thread with resource limits and a timeout. Resolves with the
 * task's value or rejects with a `PdfError` (including `TIMEOUT` and `TOO_COMPLEX` for a worker
 * that ran out of memory). The calling thread is never at risk.
 */
export function runIsolated<T extends PdfTaskValue = PdfTaskValue>(
  task: PdfTask,
  options: IsolateOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? RECOMMENDED_WORKER_LIMITS.timeoutMs;
  const resourceLimits = options.resourceLimits ?? { ...RECOMMENDED_WORKER_LIMITS.resourceLimits };
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
      workerData: { bubuhPdfTask: task },
      resourceLimits,
      // do not inherit the parent's loader flags (e.g. tsx's --import): the bootstrap registers
      // tsx itself, and a second loader chain makes worker start-up several times slower
      execArgv: [],
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      finish(() =>
        reject(
          new PdfError('TIMEOUT', 'Processing the PDF took too long.', `limit ${timeoutMs} ms`),
        ),
      );
    }, timeoutMs);
    worker.once('message', (result: PdfTaskResult) => {
      finish(() => {
        if (result.ok) resolve(result.value as T);
        else reject(toPdfError(result.error));
      });
    });
    worker.once('error', (error) => finish(() => reject(toPdfError(error, 'TOO_COMPLEX'))));
    worker.once('exit', (code) => {
      finish(() =>
        reject(
          new PdfError('TOO_COMPLEX', 'The PDF worker stopped unexpectedly.', `exit code ${code}`),
        ),
      );
    });
  });
}
