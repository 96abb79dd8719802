import {
  ZDocumentResponse,
  ZEndSigningRequest,
  ZJobPendingResponse,
  ZSetSignersRequest,
  ZSignRequest,
  ZSignResponse,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { pendingAnswer, type TDocumentJobs } from '../../jobs/document-jobs.ts';
import { requireAuth, type TAuth } from '../../plugins/auth.ts';
import type { TDocumentsService } from '../documents/documents.service.ts';
import type { TSigningService } from './signing.service.ts';

const security = [{ bearerAuth: [] }];
type TSetSignersRequest = z.infer<typeof ZSetSignersRequest>;

export const signingRoutes: FastifyPluginAsyncZod<{
  signing: TSigningService;
  documents: TDocumentsService;
  jobs: TDocumentJobs;
}> = async (app, { signing, documents, jobs }) => {
  const setSignersThenDetails = async (auth: TAuth, body: TSetSignersRequest) => {
    await signing.setSigners(auth, body.document_id, body.signers);
    return documents.details(auth, body.document_id);
  };

  app.post(
    '/api/v1/esign-only/update-signer-data',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['esign'],
        security,
        summary: 'Set who signs, in which order and where',
        body: ZSetSignersRequest,
        response: { 200: ZDocumentResponse },
      },
    },
    async (request) => ({
      message: 'Penanda tangan disimpan',
      data: await setSignersThenDetails(requireAuth(request), request.body),
    }),
  );

  // signer-process and embed-process both embed the caller's e-signature in the document.
  for (const url of ['/api/v1/esign-only/signer-process', '/api/v1/esign-only/embed-process']) {
    app.post(
      url,
      {
        onRequest: [app.authenticate],
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['esign'],
          security,
          summary:
            "Sign with the caller's certificate and specimen (PAdES, incremental); one e-sign unit",
          body: ZSignRequest,
          response: { 200: ZSignResponse, 202: ZJobPendingResponse },
        },
      },
      async (request, reply) => {
        const outcome = await jobs.sign(signing.inputFor(requireAuth(request), request.body));
        if (outcome.status === 'pending')
          return reply.code(202).send(pendingAnswer(request.body.document_id, outcome.jobId));
        return { message: 'Dokumen berhasil ditandatangani', data: outcome.result };
      },
    );
  }

  app.post(
    '/api/v1/esign-only/end-process',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['esign'],
        security,
        summary:
          'End the signing round: pending signers are removed; the document keeps the signatures it has',
        body: ZEndSigningRequest,
        response: { 200: ZDocumentResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await signing.endSigning(auth, request.body.document_id);
      return {
        message: 'Proses tanda tangan selesai',
        data: await documents.details(auth, request.body.document_id),
      };
    },
  );
};
