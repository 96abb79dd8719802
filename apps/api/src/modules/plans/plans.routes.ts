import { PLAN_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import type { TPlansService } from './plans.service.ts';

export const plansRoutes: FastifyPluginAsyncZod<{ plans: TPlansService }> = async (
  app,
  { plans },
) => {
  endpointRoute(app, E.list, async () => ({ message: 'OK', data: { data: await plans.list() } }));
  dataRoute(app, E.update, 'Berhasil update data Plan', ({ params, body }) =>
    plans.update(params.id, body),
  );
  endpointRoute(app, E.subscription, async ({ auth, params }) => {
    const data = await plans.subscriptionOf(auth, params.userId);
    return { message: data ? 'OK' : 'No active plan', data };
  });
};
