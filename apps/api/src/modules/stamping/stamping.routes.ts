import { DOCUMENT_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobAnswer, type TDocumentJobs } from '../../jobs/document-jobs.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TStampingService } from './stamping.service.ts';

export const stampingRoutes: FastifyPluginAsyncZod<{
  stamping: TStampingService;
  jobs: TDocumentJobs;
  stampsPerMinute: number;
}> = async (app, { stamping, jobs, stampsPerMinute }) => {
  endpointRoute(app, E.docTypes, async () => ({
    message: 'OK',
    data: await stamping.documentTypes(),
  }));

  const config = { rateLimit: { max: stampsPerMinute, timeWindow: '1 minute' } };
  for (const [entry, variant] of [
    [E.stampCompany, 'company'],
    [E.stampPersonal, 'personal'],
  ] as const) {
    // The stamp runs as a job; a slow one answers 202 and goes on (see jobs/document-jobs.ts).
    endpointRoute(
      app,
      entry,
      async ({ auth, body, reply }) => {
        const outcome = await jobs.stamp(stamping.inputFor(auth, body, variant));
        return jobAnswer(reply, body.document_id, outcome, 'Berhasil membubuhkan e-Meterai');
      },
      { config },
    );
  }
};
