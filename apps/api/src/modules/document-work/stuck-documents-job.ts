import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { recoverStuckDocuments } from './recovery.ts';

export const RECOVER_STUCK_DOCUMENTS = 'recover-stuck-documents';

/**
 * Documents whose process died mid-stamp get their unit back: a pg-boss job every 5 minutes
 * (pg-boss sends it once for all processes) and once at start. Idempotent:
 * recoverStuckDocuments may run from several processes at once.
 */
export const registerStuckDocumentsSweep = (app: FastifyInstance, db: TDb): void => {
  const sweep = app.jobs.define({
    name: RECOVER_STUCK_DOCUMENTS,
    schema: z.object({}),
    handler: async () => {
      const recovered = await recoverStuckDocuments(db);
      if (recovered > 0) app.log.warn({ documents: recovered }, 'recovered stuck documents');
      return { recovered };
    },
    options: { schedule: '*/5 * * * *', retryLimit: 1 },
  });
  app.addHook('onReady', async () => {
    await sweep.send({});
  });
};
