import { PROMO_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute } from '../../lib/endpoint-route.ts';
import type { TBillingService } from './billing.service.ts';

/** Promo codes: `apply-token` for buyers, management for super. */
export const promoRoutes: FastifyPluginAsyncZod<{ billing: TBillingService }> = async (
  app,
  { billing },
) => {
  dataRoute(app, E.applyToken, 'Kode promo dapat dipakai', ({ body }) => billing.applyToken(body));
  dataRoute(app, E.promoCodes, 'OK', ({ query }) => billing.promos.list(query));
  dataRoute(app, E.createPromoCode, 'Kode promo dibuat', ({ auth, body }) =>
    billing.promos.create(auth, body),
  );
  dataRoute(app, E.updatePromoCode, 'Kode promo diperbarui', ({ params, body }) =>
    billing.promos.update(params.id, body),
  );
  dataRoute(app, E.deactivatePromoCode, 'Kode promo dinonaktifkan', ({ params }) =>
    billing.promos.deactivate(params.id),
  );
};
