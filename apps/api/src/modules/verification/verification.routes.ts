import { SYSTEM_ENDPOINTS } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { receiveUpload } from '../../lib/uploads.ts';
import type { TVerificationService } from './verification.service.ts';

const PDF_MAGIC = '%PDF-';

export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: TVerificationService;
  uploadLimitBytes: number;
}> = async (app, { verification, uploadLimitBytes }) => {
  endpointRoute(
    app,
    SYSTEM_ENDPOINTS.verify,
    async ({ request, reply }) => {
      const opts = { field: 'file', maxBytes: uploadLimitBytes, what: 'PDF' } as const;
      return receiveUpload(request, reply, opts, async (file) => {
        const bytes = new Uint8Array(await file.toBuffer());
        if (Buffer.from(bytes.subarray(0, 1024)).toString('latin1').indexOf(PDF_MAGIC) === -1) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a PDF', {
            file: 'not a PDF',
          });
        }
        return {
          message: 'OK',
          data: await verification.verify(file.filename || 'document.pdf', bytes),
        };
      });
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
};
