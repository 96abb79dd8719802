import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TLockerService } from './locker.service.ts';

export const PURGE_LOCKER_TRASH = 'purge-locker-trash';

/**
 * Locker items deleted more than 30 days ago are removed for good (rows, stored files, their
 * bytes given back): a pg-boss job every night. Opening the trash does the same for its owner.
 */
export const registerLockerTrashPurge = (app: FastifyInstance, locker: TLockerService): void => {
  app.jobs.define({
    name: PURGE_LOCKER_TRASH,
    schema: z.object({}),
    handler: async () => {
      const purged = await locker.purgeExpired();
      if (purged > 0) app.log.info({ items: purged }, 'purged expired locker trash');
      return { purged };
    },
    options: { schedule: '17 3 * * *', retryLimit: 1 },
  });
};
