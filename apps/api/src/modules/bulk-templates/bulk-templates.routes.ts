import { BULK_TEMPLATE_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TBulkTemplatesService } from './bulk-templates.service.ts';

export const bulkTemplatesRoutes: FastifyPluginAsyncZod<{
  bulkTemplates: TBulkTemplatesService;
}> = async (app, { bulkTemplates }) => {
  endpointRoute(app, E.list, async ({ auth, query }) => ({
    message: 'OK',
    data: await bulkTemplates.list(auth, query),
  }));
  endpointRoute(app, E.get, async ({ auth, params }) => ({
    message: 'OK',
    data: await bulkTemplates.get(auth, params.id),
  }));
  endpointRoute(app, E.create, async ({ auth, body }) => ({
    message: 'Berhasil tambah data Template',
    data: await bulkTemplates.create(auth, body),
  }));
  endpointRoute(app, E.update, async ({ auth, params, body }) => ({
    message: 'Berhasil update data Template',
    data: await bulkTemplates.update(auth, params.id, body),
  }));
  endpointRoute(app, E.remove, async ({ auth, params }) => {
    await bulkTemplates.remove(auth, params.id);
    return { message: 'Berhasil hapus data Template' };
  });
};
