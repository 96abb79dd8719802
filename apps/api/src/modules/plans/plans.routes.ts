import {
  ZDbId,
  ZDbIdParams,
  ZEnvelope,
  ZPlan,
  ZPlanList,
  ZPlanUpdate,
  ZSubscriptionResponse,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import type { TPlansService } from './plans.service.ts';

const security = [{ bearerAuth: [] }];
const ZId = ZDbIdParams;

export const plansRoutes: FastifyPluginAsyncZod<{ plans: TPlansService }> = async (
  app,
  { plans },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v1/plans',
    {
      schema: {
        tags: ['plans'],
        security,
        summary: 'The plans catalogue',
        response: { 200: ZPlanList },
      },
    },
    async () => ({ message: 'OK', data: { data: await plans.list() } }),
  );
  app.patch(
    '/api/v1/plans/:id',
    {
      preHandler: app.requireRole('super'),
      schema: {
        tags: ['plans'],
        security,
        summary: 'Edit a plan (super)',
        params: ZId,
        body: ZPlanUpdate,
        response: { 200: ZEnvelope(ZPlan) },
      },
    },
    async (request) => ({
      message: 'Berhasil update data Plan',
      data: await plans.update(request.params.id, request.body),
    }),
  );
  app.get(
    '/api/v1/users/subscription-user/:userId',
    {
      schema: {
        tags: ['plans'],
        security,
        summary: "A user's active plan with the derived flags is_esign, is_childUser, is_psre",
        params: z.object({ userId: ZDbId }),
        response: { 200: ZSubscriptionResponse },
      },
    },
    async (request) => {
      const data = await plans.subscriptionOf(requireAuth(request), request.params.userId);
      return { message: data ? 'OK' : 'No active plan', data };
    },
  );
};
