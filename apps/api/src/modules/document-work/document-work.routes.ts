import { DOCUMENT_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { jobAnswer, type TDocumentJobs } from './document-jobs.ts';
import type { TSignDocument } from './sign-document.ts';
import type { TStampDocument } from './stamp-document.ts';

/** The stamp and signature calls: each runs as its job, a slow one answers 202 and goes on. */
export const documentWorkRoutes: FastifyPluginAsyncZod<{
  stamping: TStampDocument;
  signing: TSignDocument;
  jobs: TDocumentJobs;
  stampsPerMinute: number;
}> = async (app, { stamping, signing, jobs, stampsPerMinute }) => {
  const stampConfig = { rateLimit: { max: stampsPerMinute, timeWindow: '1 minute' } };
  for (const [entry, variant] of [
    [E.stampCompany, 'company'],
    [E.stampPersonal, 'personal'],
  ] as const) {
    endpointRoute(
      app,
      entry,
      async ({ auth, body, reply }) => {
        const outcome = await jobs.stamp(stamping.inputFor(auth, body, variant));
        return jobAnswer(reply, body.document_id, outcome, 'Berhasil membubuhkan e-Meterai');
      },
      { config: stampConfig },
    );
  }

  // signer-process and embed-process both embed the caller's e-signature in the document.
  const signConfig = { rateLimit: { max: 120, timeWindow: '1 minute' } };
  for (const entry of [E.signerProcess, E.embedProcess]) {
    endpointRoute(
      app,
      entry,
      async ({ auth, body, reply }) => {
        const outcome = await jobs.sign(signing.inputFor(auth, body));
        return jobAnswer(reply, body.document_id, outcome, 'Dokumen berhasil ditandatangani');
      },
      { config: signConfig },
    );
  }
};
