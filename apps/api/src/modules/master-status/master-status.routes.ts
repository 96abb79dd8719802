import {
  INTEGER_STATUS_GROUPS,
  PLAN_MAX_NUMBER,
  ZDbIdParams,
  ZEnvelope,
  ZMasterStatus,
  ZMasterStatusList,
  ZMasterStatusUpdate,
} from '@bubuh/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDb } from '../../db/client.ts';
import { masterStatus } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

const security = [{ bearerAuth: [] }];
const toWire = (row: typeof masterStatus.$inferSelect) => ({
  id: row.id,
  status_group: row.statusGroup,
  status_name: row.statusName,
  description: row.description,
});

/** Configuration values (spec §3): everyone signed in reads them, super edits them. */
export const masterStatusRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
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
    async () => ({
      message: 'OK',
      data: {
        data: (await db.select().from(masterStatus).orderBy(asc(masterStatus.statusGroup))).map(
          toWire,
        ),
      },
    }),
  );

  app.patch(
    '/api/master-status/:id',
    {
      preHandler: app.requireRole('super'),
      schema: {
        tags: ['master-status'],
        security,
        summary: 'Change a configuration value (super)',
        params: ZDbIdParams,
        body: ZMasterStatusUpdate,
        response: { 200: ZEnvelope(ZMasterStatus) },
      },
    },
    async (request) => {
      const [current] = await db
        .select()
        .from(masterStatus)
        .where(eq(masterStatus.id, request.params.id));
      if (!current) throw AppError.notFound('Status');
      // The integer settings (spec §3) must stay readable as whole numbers.
      const least = INTEGER_STATUS_GROUPS[current.statusGroup];
      const value = request.body.status_name;
      if (least !== undefined) {
        const number = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
        if (!(number >= least && number <= PLAN_MAX_NUMBER)) {
          throw new AppError('VALIDATION_FAILED', `Enter a whole number of at least ${least}`, {
            status_name: 'whole number',
          });
        }
      }
      const [row] = await db
        .update(masterStatus)
        .set({
          statusName: least !== undefined ? String(Number(value)) : value,
          updatedAt: new Date(),
        })
        .where(eq(masterStatus.id, request.params.id))
        .returning();
      if (!row) throw AppError.notFound('Status');
      return { message: 'Berhasil update data Status', data: toWire(row) };
    },
  );
};
