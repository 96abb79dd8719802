import { QUOTA_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import type { TQuotaService } from './quota-balances.service.ts';

const keyOf = (request: FastifyRequest) => {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
};

export const quotaRoutes: FastifyPluginAsyncZod<{
  quota: TQuotaService;
  /** Called after a transfer to a department has committed (notifications). */
  onTransferred?: (input: {
    companyId: number;
    departementId: number;
    kind: 'emeterai' | 'esign';
    quantity: number;
    movementId: number;
  }) => Promise<void>;
}> = async (app, { quota, onTransferred }) => {
  for (const [entry, scope] of [
    [E.company, 'company'],
    [E.departement, 'departement'],
    [E.user, 'user'],
  ] as const) {
    dataRoute(app, entry, 'OK', ({ auth }) => quota.getQuota(auth, scope));
  }

  endpointRoute(app, E.companyStock, async ({ auth }) => {
    const s = await quota.stock(auth, 'company');
    return { message: 'OK', data: { totalCompanyStock: s.emeterai, esignStock: s.esign } };
  });
  endpointRoute(app, E.departementStock, async ({ auth, params }) => {
    const s = await quota.stock(auth, 'departement', params.departement_id);
    return { message: 'OK', data: { departementTotalStock: s.emeterai, esignStock: s.esign } };
  });
  endpointRoute(app, E.userStock, async ({ auth }) => {
    const s = await quota.stock(auth, 'user');
    return { message: 'OK', data: { stockTotalUser: s.emeterai, esignStock: s.esign } };
  });

  endpointRoute(app, E.transfer, async ({ auth, body, request }) => {
    const data = await quota.transfer(auth, body, keyOf(request));
    if (onTransferred && auth.companyId !== null) {
      await onTransferred({
        companyId: auth.companyId,
        departementId: body.departement_id,
        kind: body.type,
        quantity: body.quota,
        movementId: data.movement_id,
      });
    }
    return { message: 'Berhasil transfer kuota', data };
  });
  dataRoute(app, E.giveBack, 'Berhasil return kuota', ({ auth, body, request }) =>
    quota.giveBack(auth, body, keyOf(request)),
  );

  dataRoute(app, E.history, 'OK', ({ auth, query }) => quota.history(auth, query));
  dataRoute(app, E.chart, 'OK', ({ auth }) => quota.chart(auth));
};
