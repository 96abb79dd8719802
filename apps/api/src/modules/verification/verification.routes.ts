import { ZVerifyResponse } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { receiveUpload } from '../../lib/uploads.ts';
import type { TVerificationService } from './verification.service.ts';

const PDF_MAGIC = '%PDF-';

export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: TVerificationService;
  uploadLimitBytes: number;
}> = async (app, { verification, uploadLimitBytes }) => {
  app.post(
    '/api/v1/services/verify',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['services'],
        summary:
          'Public: check the signatures and e-Meterai of a PDF (multipart `file`); nothing is stored',
        consumes: ['multipart/form-data'],
        response: { 200: ZVerifyResponse },
      },
    },
    async (request, reply) => {
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
  );
};
