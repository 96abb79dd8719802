import { DEPARTEMENT_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import type { TDepartementsService } from './departements.service.ts';

export const departementsRoutes: FastifyPluginAsyncZod<{
  departements: TDepartementsService;
}> = async (app, { departements }) => {
  dataRoute(app, E.list, 'OK', ({ auth, query }) => departements.list(auth, query));
  dataRoute(app, E.create, 'Berhasil tambah data Depertemen', ({ auth, body }) =>
    departements.create(auth, body.name),
  );
  dataRoute(app, E.update, 'Berhasil update data Depertemen', ({ auth, params, body }) =>
    departements.update(auth, params.id, body.name),
  );
  endpointRoute(app, E.remove, async ({ auth, params }) => {
    await departements.remove(auth, params.id);
    return { message: 'Berhasil hapus data Depertemen' };
  });
  dataRoute(app, E.options, 'OK', ({ auth, params }) =>
    departements.options(auth, params.company_id),
  );
};
