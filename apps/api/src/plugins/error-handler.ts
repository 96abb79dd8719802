import type { TApiError } from '@bubuh/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { languageOf, localizeMessage } from '../lib/messages.ts';

/**
 * `errors.status` is always the error code (spec §8 reads it). A field that is itself called
 * `status` (a plan's status) is reported as `body.status` so it cannot overwrite the code.
 */
const envelope = (
  message: string,
  status: string,
  fields: Record<string, unknown> = {},
): TApiError => {
  const { status: statusField, ...rest } = fields;
  return {
    message,
    errors: {
      ...rest,
      ...(statusField !== undefined ? { 'body.status': statusField } : {}),
      status,
    },
  };
};

/** Fastify's own error codes → our codes and user-facing messages. */
const FASTIFY_ERRORS: Record<string, { status: string; message: string; body: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 'BAD_REQUEST',
    message: 'Request body is not valid JSON',
    body: 'invalid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 'BAD_REQUEST',
    message: 'Request body is empty',
    body: 'required',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large',
    body: 'too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type',
    body: 'unsupported content type',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 'PAYLOAD_TOO_LARGE',
    message: 'File is too large',
    body: 'file too large',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Expected a multipart/form-data request',
    body: 'multipart/form-data required',
  },
};

/** One error handler, one wire shape (design §3), in the language of Accept-Language. */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = request.id;
    const language = languageOf(request.headers['accept-language']);
    const body = (message: string, status: string, fields: Record<string, unknown> = {}) =>
      envelope(localizeMessage(message, language), status, fields);
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.message, error.code, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? 'invalid';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : 'Invalid request';
      return reply.status(400).send(body(message, 'VALIDATION_FAILED', fields));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) {
      return reply
        .status(error.statusCode ?? 400)
        .send(body(known.message, known.status, { body: known.body }));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body(error.message, 'RATE_LIMITED'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's other request errors (a bad header, a malformed body): name what was refused.
      return reply
        .status(error.statusCode)
        .send(body(error.message, 'BAD_REQUEST', { request: 'invalid' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body('Terjadi kesalahan, mohon coba beberapa saat lagi', 'INTERNAL', { requestId }));
  });
};
