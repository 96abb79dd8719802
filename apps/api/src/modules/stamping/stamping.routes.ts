import { ZDocTypes, ZJobPendingResponse, ZStampRequest, ZStampResponse } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingAnswer, type TDocumentJobs } from '../../jobs/document-jobs.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TStampingService } from './stamping.service.ts';

const security = [{ bearerAuth: [] }];

export const stampingRoutes: FastifyPluginAsyncZod<{
  stamping: TStampingService;
  jobs: TDocumentJobs;
}> = async (app, { stamping, jobs }) => {
  app.get(
    '/api/v1/single-stamp/doc-types',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['single-stamp'],
        security,
        summary: "The provider's document types",
        response: { 200: ZDocTypes },
      },
    },
    async () => ({ message: 'OK', data: await stamping.documentTypes() }),
  );

  for (const [url, variant] of [
    ['/api/v1/single-stamp/stamp-single-process-company', 'company'],
    ['/api/v1/single-stamp/stamp-single-process-personal', 'personal'],
  ] as const) {
    app.post(
      url,
      {
        onRequest: [app.authenticate],
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['single-stamp'],
          security,
          summary: `Stamp one e-Meterai (${variant} quota); placement in PDF points from the bottom-left`,
          body: ZStampRequest,
          response: { 200: ZStampResponse, 202: ZJobPendingResponse },
        },
      },
      async (request, reply) => {
        // The stamp runs as a job; a slow one answers 202 and goes on (see jobs/document-jobs.ts).
        const input = stamping.inputFor(requireAuth(request), request.body, variant);
        const outcome = await jobs.stamp(input);
        if (outcome.status === 'pending')
          return reply.code(202).send(pendingAnswer(request.body.document_id, outcome.jobId));
        return { message: 'Berhasil membubuhkan e-Meterai', data: outcome.result };
      },
    );
  }
};
