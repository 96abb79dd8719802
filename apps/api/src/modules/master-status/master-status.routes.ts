import { ZEnvelope, ZMasterStatus, ZMasterStatusList, ZMasterStatusUpdate } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { createMasterStatusService } from './master-status.service.ts';

const security = [{ bearerAuth: [] }];

/** Configuration values (spec §3): everyone signed in reads them, super edits them. */
export const masterStatusRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const service = createMasterStatusService({ db });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/master-status/master-status-list',
    {
      schema: {
        tags: ['master-status'],
        security,
        summary: 'Configuration values',
        response: { 200: ZMasterStatusList },
      },
    },
    async () => ({ message: 'OK', data: { data: await service.list() } }),
  );

  app.patch(
    '/api/master-status/:id',
    {
      preHandler: app.requireRole('super'),
      schema: {
        tags: ['master-status'],
        security,
        summary: 'Change a configuration value (super)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: ZMasterStatusUpdate,
        response: { 200: ZEnvelope(ZMasterStatus) },
      },
    },
    async (request) => ({
      message: 'Berhasil update data Status',
      data: await service.update(request.params.id, request.body.status_name),
    }),
  );
};
