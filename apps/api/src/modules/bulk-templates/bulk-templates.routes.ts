import { BULK_TEMPLATE_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import type { TBulkTemplatesService } from './bulk-templates.service.ts';

export const bulkTemplatesRoutes: FastifyPluginAsyncZod<{
  bulkTemplates: TBulkTemplatesService;
}> = async (app, { bulkTemplates }) => {
  dataRoute(app, E.list, 'OK', ({ auth, query }) => bulkTemplates.list(auth, query));
  dataRoute(app, E.get, 'OK', ({ auth, params }) => bulkTemplates.get(auth, params.id));
  dataRoute(app, E.create, 'Berhasil tambah data Template', ({ auth, body }) =>
    bulkTemplates.create(auth, body),
  );
  dataRoute(app, E.update, 'Berhasil update data Template', ({ auth, params, body }) =>
    bulkTemplates.update(auth, params.id, body),
  );
  endpointRoute(app, E.remove, async ({ auth, params }) => {
    await bulkTemplates.remove(auth, params.id);
    return { message: 'Berhasil hapus data Template' };
  });
};
