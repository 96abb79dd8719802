import { ERROR_CODES, type TErrorCode } from '@bubuh/contracts';
import { AppError } from '../lib/app-error.ts';
import type { TJson } from './job-types.ts';

/** What a job's handler returned or threw, as stored in the job's output. */
export type TEnvelope =
  | { ok: true; result?: TJson }
  | { ok: false; error: { code: string; message: string; fields: TJson } };

export type TSettled = { ok: true; result: unknown } | { ok: false; error: Error };

export const toJson = (value: unknown): TJson | undefined =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as TJson);

export const isErrorCode = (code: string): code is TErrorCode => Object.hasOwn(ERROR_CODES, code);

/** A completed job's output back into what the handler returned or threw. */
export const settledOf = (output: unknown): TSettled | null => {
  if (typeof output !== 'object' || output === null || !('ok' in output)) return null;
  const envelope = output as TEnvelope;
  if (envelope.ok) return { ok: true, result: envelope.result };
  const { code, message, fields } = envelope.error;
  if (!isErrorCode(code)) return { ok: false, error: new Error(message) };
  const record = typeof fields === 'object' && fields !== null && !Array.isArray(fields);
  return { ok: false, error: new AppError(code, message, record ? fields : {}) };
};

export const messageOf = (output: unknown) =>
  typeof output === 'object' && output !== null && 'message' in output
    ? String(output.message)
    : 'unknown error';
