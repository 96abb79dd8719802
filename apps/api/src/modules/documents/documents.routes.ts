import {
  ZCancelRequest,
  ZDashboardDocuments,
  ZDbId,
  ZDbIdParams,
  ZDocumentQuery,
  ZDocumentResponse,
  ZDocumentUserList,
  ZMessageResponse,
  ZSaveDraftRequest,
  ZUploadDocumentResponse,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { languageOf, localizeMessage } from '../../lib/messages.ts';
import { receiveUpload } from '../../lib/uploads.ts';
import { requireAuth, type TAuth } from '../../plugins/auth.ts';
import type { TDocumentsService } from './documents.service.ts';

type TOptions = {
  documents: TDocumentsService;
  uploadLimitBytes: number;
  /** Resolves the caller of an /UNSIGNED link from its short-lived token. */
  authFromLinkToken: (token: string, documentId: number) => Promise<TAuth>;
};

const security = [{ bearerAuth: [] }];
const ZId = ZDbIdParams;

const contentDisposition = (fileName: string, inline: boolean) =>
  `${inline ? 'inline' : 'attachment'}; filename="${fileName.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export const documentsRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { documents, uploadLimitBytes, authFromLinkToken },
) => {
  const uploadSchema = {
    tags: ['single-stamp'],
    security,
    summary:
      'Upload a PDF (multipart field `file`); it is inspected and kept as a draft (status nostamp)',
    consumes: ['multipart/form-data'],
    response: { 201: ZUploadDocumentResponse },
  };
  // upload-document and upload-document-only keep a draft for stamping (and signing); the
  // e-sign-only upload marks the draft as a document to be signed without an e-Meterai.
  for (const [url, method] of [
    ['/api/v1/single-stamp/upload-document', null],
    ['/api/v1/single-stamp/upload-document-only', null],
    ['/api/v1/esign-only/upload-document', 'esign'],
  ] as const) {
    app.post(
      url,
      { onRequest: [app.authenticate], schema: uploadSchema },
      async (request, reply) => {
        // One byte over the limit reaches the store, which refuses it (413) and removes the part.
        const opts = { field: 'file', maxBytes: uploadLimitBytes + 1, what: 'PDF' } as const;
        const data = await receiveUpload(request, reply, opts, async (file) => {
          const name = file.filename || 'document.pdf';
          if (!/\.pdf$/i.test(name) && file.mimetype !== 'application/pdf') {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF files can be stamped', {
              file: 'not a PDF',
            });
          }
          const uploaded = await documents.upload(requireAuth(request), {
            filename: name,
            stream: file.file,
            signingMethod: method,
          });
          if (file.file.truncated)
            throw new AppError('PAYLOAD_TOO_LARGE', 'The file is too large', { file: 'too large' });
          return uploaded;
        });
        // A repaired file or one with JavaScript says so; otherwise spec's plain success text.
        const message = data.notice
          ? localizeMessage(data.notice, languageOf(request.headers['accept-language']))
          : 'Dokumen berhasil diunggah';
        return reply.status(201).send({ message, data });
      },
    );
  }

  app.patch(
    '/api/v1/single-stamp/update-document/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['single-stamp'],
        security,
        summary: 'Save the draft placements',
        params: ZId,
        body: ZSaveDraftRequest,
        response: { 200: ZDocumentResponse },
      },
    },
    async (request) => ({
      message: 'Draft disimpan',
      data: await documents.saveDraft(requireAuth(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/v1/single-stamp/get-document-user',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['single-stamp'],
        security,
        summary:
          'Stamping history: stamped and nostamp lists, newest first unless `sort` says otherwise',
        querystring: ZDocumentQuery,
        response: { 200: ZDocumentUserList },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await documents.list(requireAuth(request), request.query),
    }),
  );

  app.get(
    '/api/v1/dashboard/get-document-dashboard',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['single-stamp'],
        security,
        summary: 'Recent documents and totals',
        response: { 200: ZDashboardDocuments },
      },
    },
    async (request) => ({ message: 'OK', data: await documents.dashboard(requireAuth(request)) }),
  );

  app.get(
    '/api/v1/single-stamp/get-document-details/:documentID',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['single-stamp'],
        security,
        summary: 'One document',
        params: z.object({ documentID: ZDbId }),
        response: { 200: ZDocumentResponse },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await documents.details(requireAuth(request), request.params.documentID),
    }),
  );

  app.post(
    '/api/v1/single-stamp/canceled-stamp',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['single-stamp'],
        security,
        summary: 'Cancel a draft',
        body: ZCancelRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await documents.cancel(requireAuth(request), request.body.document_id);
      return { message: 'Dokumen dibatalkan' };
    },
  );

  app.delete(
    '/api/v1/single-stamp/delete-document/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['single-stamp'],
        security,
        summary: 'Delete a draft or canceled document',
        params: ZId,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await documents.remove(requireAuth(request), request.params.id);
      return { message: 'Dokumen dihapus' };
    },
  );

  app.get(
    '/api/v1/single-stamp/download-file/:id',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['single-stamp'], security, summary: 'The stamped PDF', params: ZId },
    },
    async (request, reply) => {
      const file = await documents.download(requireAuth(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(file.fileName, false))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.get(
    '/UNSIGNED/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^\d+\.pdf$/) }),
        querystring: z.object({ token: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const id = Number.parseInt(request.params.file, 10);
      let auth: TAuth;
      if (request.headers.authorization) {
        await app.authenticate(request, reply);
        auth = requireAuth(request);
      } else {
        auth = await authFromLinkToken(request.query.token ?? '', id);
      }
      const file = await documents.unsigned(auth, id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(file.fileName, true))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
