import type { Readable } from 'node:stream';
import { type TStampRequest, ZOneStampForm } from '@bubuh/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { parseFormFields } from '../../lib/uploads.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TDocumentsService } from '../documents/index.ts';
import type { TDocumentJobs } from './document-jobs.ts';
import type { TStampDocument } from './stamp-document.ts';

export type TStampUploadDeps = {
  documents: Pick<TDocumentsService, 'upload'>;
  stamping: Pick<TStampDocument, 'checkRequest' | 'inputFor'>;
  jobs: Pick<TDocumentJobs, 'stamp'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

export type TStampUploadInput = {
  filename: string;
  stream: Readable;
  /** The form's text fields sent before the file (names of `ZOneStampForm`). */
  fields: Record<string, string | undefined>;
  /** The file part was cut at the upload limit. */
  truncated: () => boolean;
};

/**
 * `one-stamp-process`: upload, place and stamp in one call, for machine clients. The form is
 * checked first and the stamp's own checks (square box, known type) run before the file is
 * stored, so a request that cannot be stamped keeps nothing. The upload is the upload route's
 * (every check of `prepare`: broken, encrypted, truncated, lying files); the draft keeps the box
 * and details, and the stamp is the stamp routes' job, paid by the caller's own account. A stamp
 * that fails after the upload leaves the draft where the stamp left it (at rest, retryable), and
 * its answer names the draft (`errors.document_id`).
 */
export const createStampUpload = (deps: TStampUploadDeps) => {
  const { documents, stamping, jobs } = deps;

  const run = async (auth: TAuth, input: TStampUploadInput) => {
    const form = parseFormFields(ZOneStampForm, input.fields);
    await stamping.checkRequest(form);
    const uploaded = await documents.upload(auth, {
      filename: input.filename,
      stream: input.stream,
      stamp: {
        placement: {
          page: form.page,
          x: form.x,
          y: form.y,
          width: form.width,
          height: form.height,
        },
        docType: form.doc_type,
        docValue: form.doc_value ?? null,
        docNumber: form.doc_number ?? null,
        docDate: form.doc_date ?? null,
      },
    });
    const documentId = uploaded.document_id;
    try {
      if (input.truncated())
        throw new AppError('PAYLOAD_TOO_LARGE', 'The file is too large', { file: 'too large' });
      const request: TStampRequest = {
        document_id: documentId,
        page: form.page,
        x: form.x,
        y: form.y,
        width: form.width,
        height: form.height,
        doc_type: form.doc_type,
        ...(form.doc_value !== undefined ? { doc_value: form.doc_value } : {}),
        ...(form.reason !== undefined ? { reason: form.reason } : {}),
        ...(form.location !== undefined ? { location: form.location } : {}),
        ...(form.acknowledge_javascript !== undefined
          ? { acknowledge_javascript: form.acknowledge_javascript }
          : {}),
      };
      return { documentId, outcome: await jobs.stamp(stamping.inputFor(auth, request)) };
    } catch (error) {
      if (error instanceof AppError)
        throw new AppError(error.code, error.message, { ...error.fields, document_id: documentId });
      deps.log.warn({ err: error, documentId }, 'one-stamp-process: the stamp failed');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The document is kept as a draft but was not stamped; stamp it again',
        { document_id: documentId },
      );
    }
  };

  return { run };
};

export type TStampUpload = ReturnType<typeof createStampUpload>;
