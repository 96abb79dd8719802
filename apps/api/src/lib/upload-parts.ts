import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

export type TReceivedFile = { field: string; name: string; bytes: Uint8Array };
export type TReceivedParts = { fields: Record<string, string>; files: TReceivedFile[] };

export type TPartsOptions = {
  /** The multipart field that carries the files (may repeat). */
  field: string;
  maxFiles: number;
  /** Per file; a larger file is a 413 and nothing is kept. */
  maxBytes: number;
};

const incomplete = (field: string) =>
  new AppError('BAD_REQUEST', 'The upload is incomplete or malformed', {
    [field]: 'incomplete or malformed multipart body',
  });

const fileTooLarge = (field: string, maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than ${Math.round(maxBytes / 1048576)} MB`,
    {
      [field]: 'too large',
    },
  );

/** `code` of @fastify/multipart's errors (FST_...), or undefined. */
const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * The multipart form of a route that takes text fields and several (small) files, read into
 * memory. Same guarantees as `receiveUpload` (lib/uploads.ts) for the cases that matter here: a
 * body that stalls for `app.uploadIdleTimeoutMs` or ends early is a 400 that closes the
 * connection; too many or too large files are a 400 / 413; nothing is stored by this function.
 * Fields must come before the files (browsers send FormData in insertion order).
 */
export const receiveParts = async (
  request: FastifyRequest,
  reply: FastifyReply,
  options: TPartsOptions,
): Promise<TReceivedParts> => {
  const { field } = options;
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request', {
      [field]: 'multipart/form-data required',
    });
  }
  let rejectIdle: (error: AppError) => void = () => {};
  const idle = new Promise<never>((_, reject) => {
    rejectIdle = reject;
  });
  idle.catch(() => {});
  const timer = setTimeout(() => {
    reply.header('connection', 'close');
    rejectIdle(incomplete(field));
  }, request.server.uploadIdleTimeoutMs);
  const onData = () => timer.refresh();
  request.raw.on('data', onData);

  const read = async (): Promise<TReceivedParts> => {
    const fields: Record<string, string> = {};
    const files: TReceivedFile[] = [];
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: options.maxFiles, fields: 30 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value);
        if (value.includes('\u0000')) {
          throw new AppError('VALIDATION_FAILED', `${part.fieldname}: must not contain NUL bytes`, {
            [part.fieldname]: 'must not contain NUL bytes',
          });
        }
        fields[part.fieldname] = value;
        continue;
      }
      const bytes = new Uint8Array(await part.toBuffer());
      if (part.fieldname !== field) continue;
      if (bytes.length === 0) continue;
      files.push({ field: part.fieldname, name: part.filename || 'attachment', bytes });
    }
    return { fields, files };
  };

  try {
    return await Promise.race([read(), idle]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(field, options.maxBytes);
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('BAD_REQUEST', `Attach at most ${options.maxFiles} files`, {
        [field]: 'too many files',
      });
    }
    if (code?.startsWith('FST_')) throw error;
    reply.header('connection', 'close');
    throw incomplete(field);
  } finally {
    clearTimeout(timer);
    request.raw.off('data', onData);
  }
};
