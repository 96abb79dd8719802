import { DOCUMENT_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TMeteraiProvider } from '../../providers/meterai/meterai-provider.ts';

/** The e-Meterai document types of the provider (the stamp calls are document-work's). */
export const stampingRoutes: FastifyPluginAsyncZod<{ meterai: TMeteraiProvider }> = async (
  app,
  { meterai },
) => {
  endpointRoute(app, E.docTypes, async () => ({
    message: 'OK',
    data: await meterai.documentTypes(),
  }));
};
