import { DOCUMENT_AUDIT_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/downloads.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TDocumentAudit } from './document-audit.service.ts';

export const documentAuditRoutes: FastifyPluginAsyncZod<{ audit: TDocumentAudit }> = async (
  app,
  { audit },
) => {
  endpointRoute(app, E.timeline, async ({ auth, params }) => ({
    message: 'OK',
    data: await audit.timeline(auth, params.id),
  }));

  endpointRoute(app, E.certificate, async ({ auth, params, reply }) => {
    const file = await audit.certificate(auth, params.id, auth.language);
    return sendDownload(reply, { type: 'application/pdf', name: file.fileName }, file.bytes);
  });
};
