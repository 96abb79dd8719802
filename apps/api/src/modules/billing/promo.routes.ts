import { PROMO_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TBillingService } from './billing.service.ts';

/** Promo codes: `apply-token` for buyers, management for super. */
export const promoRoutes: FastifyPluginAsyncZod<{ billing: TBillingService }> = async (
  app,
  { billing },
) => {
  endpointRoute(app, E.applyToken, async ({ body }) => ({
    message: 'Kode promo dapat dipakai',
    data: await billing.applyToken(body),
  }));
  endpointRoute(app, E.promoCodes, async ({ query }) => ({
    message: 'OK',
    data: await billing.promos.list(query),
  }));
  endpointRoute(app, E.createPromoCode, async ({ auth, body }) => ({
    message: 'Kode promo dibuat',
    data: await billing.promos.create(auth, body),
  }));
  endpointRoute(app, E.updatePromoCode, async ({ params, body }) => ({
    message: 'Kode promo diperbarui',
    data: await billing.promos.update(params.id, body),
  }));
  endpointRoute(app, E.deactivatePromoCode, async ({ params }) => ({
    message: 'Kode promo dinonaktifkan',
    data: await billing.promos.deactivate(params.id),
  }));
};
