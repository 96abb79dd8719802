import { DOCUMENT_ENDPOINTS as E, ONE_STAMP_FIELDS } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { receivePdf, textFields } from '../../lib/uploads.ts';
import { jobAnswer, type TDocumentJobs } from './document-jobs.ts';
import type { TSignDocument } from './sign-document.ts';
import type { TStampDocument } from './stamp-document.ts';
import type { TStampUpload } from './stamp-upload.ts';

/** The stamp and signature calls: each runs as its job, a slow one answers 202 and goes on. */
export const documentWorkRoutes: FastifyPluginAsyncZod<{
  stamping: TStampDocument;
  signing: TSignDocument;
  stampUpload: TStampUpload;
  jobs: TDocumentJobs;
  stampsPerMinute: number;
  uploadLimitBytes: number;
}> = async (app, { stamping, signing, stampUpload, jobs, stampsPerMinute, uploadLimitBytes }) => {
  const stampConfig = { rateLimit: { max: stampsPerMinute, timeWindow: '1 minute' } };
  // stamp-process: paid by whichever account the caller has (no variant to choose).
  for (const [entry, variant] of [
    [E.stampCompany, 'company'],
    [E.stampPersonal, 'personal'],
    [E.stampProcess, undefined],
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

  endpointRoute(
    app,
    E.oneStampProcess,
    async ({ auth, request, reply }) => {
      const { documentId, outcome } = await receivePdf(
        request,
        reply,
        uploadLimitBytes,
        (name, file) =>
          stampUpload.run(auth, {
            filename: name,
            stream: file.file,
            fields: textFields(file, ONE_STAMP_FIELDS),
            truncated: () => file.file.truncated,
          }),
      );
      return jobAnswer(reply, documentId, outcome, 'Berhasil membubuhkan e-Meterai');
    },
    { config: stampConfig },
  );

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
