import { DEPARTEMENT_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TDepartementsService } from './departements.service.ts';

export const departementsRoutes: FastifyPluginAsyncZod<{
  departements: TDepartementsService;
}> = async (app, { departements }) => {
  endpointRoute(app, E.list, async ({ auth, query }) => ({
    message: 'OK',
    data: await departements.list(auth, query),
  }));
  endpointRoute(app, E.create, async ({ auth, body }) => ({
    message: 'Berhasil tambah data Depertemen',
    data: await departements.create(auth, body.name),
  }));
  endpointRoute(app, E.update, async ({ auth, params, body }) => ({
    message: 'Berhasil update data Depertemen',
    data: await departements.update(auth, params.id, body.name),
  }));
  endpointRoute(app, E.remove, async ({ auth, params }) => {
    await departements.remove(auth, params.id);
    return { message: 'Berhasil hapus data Depertemen' };
  });
  endpointRoute(app, E.options, async ({ auth, params }) => ({
    message: 'OK',
    data: await departements.options(auth, params.company_id),
  }));
};
