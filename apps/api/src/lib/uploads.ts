import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

export type TUploadOptions = {
  /** The multipart field that must carry the file. */
  field: string;
  /** Passed to busboy as `limits.fileSize` (the file stream is cut there, `truncated` set). */
  maxBytes: number;
  /** What the missing-file message asks for. */
  what: 'PDF' | 'image' | 'file';
};

const MISSING: Record<TUploadOptions['what'], Record<string, string>> = {
  PDF: { file: 'Send the PDF in the multipart field "file"' },
  file: { file: 'Send the file in the multipart field "file"' },
  image: {
    file: 'Send the image in the multipart field "file"',
    avatar: 'Send the image in the multipart field "avatar"',
  },
};

const incomplete = (field: string) =>
  new AppError('BAD_REQUEST', 'The upload is incomplete or malformed', {
    [field]: 'incomplete or malformed multipart body',
  });

/** Errors of @fastify/multipart that already carry a 4xx (too many files, file too large …). */
const isClientError = (error: unknown): boolean =>
  error instanceof Error &&
  'statusCode' in error &&
  typeof error.statusCode === 'number' &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  'code' in error &&
  typeof error.code === 'string' &&
  error.code.startsWith('FST_');

/** `\r\n--<boundary>--`, the end of a complete multipart body (RFC 2046). */
const closingDelimiter = (contentType: string | undefined): Buffer | null => {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  return boundary ? Buffer.from(`\r\n--${boundary}--`, 'latin1') : null;
};

/**
 * The one way an upload route reads its file. Whatever the client does, the request ends in a
 * bounded time and leaves nothing behind:
 * - no multipart body, or one without a boundary → 415 / 400 with the field named;
 * - a body that stops arriving for `app.uploadIdleTimeoutMs` (a stalled or half-sent upload),
 *   a client that disconnects mid-body, or a body that ends without its closing boundary: the
 *   file stream is destroyed with a 400 `AppError` (so a `FileStore.put` in `use` removes its
 *   partial file and closes its handle), and the answer closes the connection;
 * - the file part is read by `use`; anything it leaves unread is drained.
 */
export const receiveUpload = async <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: TUploadOptions,
  use: (file: MultipartFile) => Promise<T>,
): Promise<T> => {
  const { field } = options;
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request', {
      [field]: 'multipart/form-data required',
    });
  }
  const raw = request.raw;
  let failure: AppError | undefined;
  let current: MultipartFile['file'] | undefined;
  let rejectWaiting: (error: AppError) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    rejectWaiting = reject;
  });
  failed.catch(() => {});
  const fail = (error: AppError) => {
    if (failure) return;
    failure = error;
    reply.header('connection', 'close');
    current?.destroy(error);
    rejectWaiting(error);
  };
  const timer = setTimeout(() => fail(incomplete(field)), request.server.uploadIdleTimeoutMs);
  // busboy reports a body that ends inside a part only as an 'error' event on the file stream,
  // possibly before the route holds the stream; so the closing delimiter is watched here.
  const closing = closingDelimiter(request.headers['content-type']);
  let seen = Buffer.alloc(0);
  let closed = false;
  const onData = (chunk: Buffer) => {
    timer.refresh();
    if (closed || !closing) return;
    const window = Buffer.concat([seen, chunk]);
    if (window.includes(closing)) closed = true;
    else seen = window.subarray(Math.max(0, window.length - closing.length + 1));
  };
  const onEnd = () => {
    // The whole body is here: from now on only the route's own work runs, with no idle limit.
    if (closed) clearTimeout(timer);
    else fail(incomplete(field));
  };
  const onClose = () => {
    if (!raw.complete) fail(incomplete(field));
  };

  // request.file() pipes the request into busboy synchronously; listen only after that, so the
  // extra 'data' listener does not start the flow before busboy is attached.
  const pending = request.file({ limits: { fileSize: options.maxBytes, files: 1 } });
  raw.on('data', onData);
  raw.on('end', onEnd);
  raw.on('close', onClose);
  try {
    let file: MultipartFile | undefined;
    try {
      file = await Promise.race([pending, failed]);
    } catch (error) {
      if (error instanceof AppError || isClientError(error)) throw error;
      throw incomplete(field);
    }
    if (failure) {
      file?.file.destroy(failure);
      throw failure;
    }
    if (!file) {
      // busboy stops quietly at a body that ends early; a complete body simply had no file.
      if (!raw.complete) throw incomplete(field);
      throw new AppError('BAD_REQUEST', MISSING[options.what][field] ?? 'Invalid request', {
        [field]: 'required',
      });
    }
    const stream = file.file;
    current = stream;
    let ended = false;
    stream.once('end', () => {
      ended = true;
    });
    try {
      if (file.fieldname !== field) {
        throw new AppError('BAD_REQUEST', MISSING[options.what][field] ?? 'Invalid request', {
          [field]: 'required',
        });
      }
      return await use(file);
    } catch (error) {
      if (failure) throw failure;
      if (!(error instanceof AppError) && !isClientError(error) && !ended) {
        throw incomplete(field);
      }
      throw error;
    } finally {
      if (!stream.destroyed && !ended) stream.resume();
    }
  } finally {
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', onEnd);
    raw.off('close', onClose);
  }
};

/**
 * A PDF to stamp or sign, in the field `file`: read up to one byte over `limitBytes`, so that the
 * store refuses an oversized file (413) and removes the part. A file whose name and type both say
 * it is not a PDF is refused (415); `use` gets its name (`document.pdf` when it has none).
 */
export const receivePdf = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  limitBytes: number,
  use: (name: string, file: MultipartFile) => Promise<T>,
): Promise<T> =>
  receiveUpload(
    request,
    reply,
    { field: 'file', maxBytes: limitBytes + 1, what: 'PDF' },
    async (file) => {
      const name = file.filename || 'document.pdf';
      if (!/\.pdf$/i.test(name) && file.mimetype !== 'application/pdf') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF files can be stamped', {
          file: 'not a PDF',
        });
      }
      return use(name, file);
    },
  );

/** A plain text field sent with the file (before it); NUL bytes are refused like everywhere. */
export const textField = (file: MultipartFile, name: string): string | undefined => {
  const value = file.fields[name];
  if (!value || Array.isArray(value) || value.type !== 'field') return undefined;
  const text = String(value.value);
  if (text.includes('\u0000')) {
    throw new AppError('VALIDATION_FAILED', `${name}: must not contain NUL bytes`, {
      [name]: 'must not contain NUL bytes',
    });
  }
  return text;
};

/** The text fields `names` sent with the file (before it), each checked as `textField` does. */
export const textFields = (
  file: MultipartFile,
  names: readonly string[],
): Record<string, string | undefined> =>
  Object.fromEntries(names.map((name) => [name, textField(file, name)]));

/** Multipart text fields checked with the contract's schema; errors name the field. */
export const parseFormFields = <S extends z.ZodType>(
  schema: S,
  fields: Record<string, string | undefined>,
): z.output<S> => {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'body')] = issue.message;
  throw new AppError('VALIDATION_FAILED', 'Check the highlighted fields', errors);
};
