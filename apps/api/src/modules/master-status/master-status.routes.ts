import { MASTER_STATUS_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDb } from '../../db/client.ts';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import { createMasterStatusService } from './master-status.service.ts';

/** Configuration values (spec §3): everyone signed in reads them, super edits them. */
export const masterStatusRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const service = createMasterStatusService({ db });
  endpointRoute(app, E.list, async () => ({ message: 'OK', data: { data: await service.list() } }));
  dataRoute(app, E.update, 'Berhasil update data Status', ({ params, body }) =>
    service.update(params.id, body.status_name),
  );
};
