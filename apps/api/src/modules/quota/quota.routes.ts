import {
  ZDbId,
  ZQuotaChart,
  ZQuotaHistory,
  ZQuotaHistoryQuery,
  ZQuotaResponse,
  ZStockCompany,
  ZStockDepartement,
  ZStockUser,
  ZTransferQuotaRequest,
  ZTransferQuotaResponse,
} from '@bubuh/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import type { TQuotaService } from './quota.service.ts';

const security = [{ bearerAuth: [] }];
const ZIdempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });
const keyOf = (request: FastifyRequest) => {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
};

export const quotaRoutes: FastifyPluginAsyncZod<{ quota: TQuotaService }> = async (
  app,
  { quota },
) => {
  app.addHook('onRequest', app.authenticate);

  for (const [path, scope, who] of [
    ['/api/v1/quota/quota-company', 'company', 'admin, admin-company'],
    ['/api/v1/quota/quota-departement', 'departement', 'user (department)'],
    ['/api/v1/quota/quota-user', 'user', 'personal and other accounts'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: ['quota'],
          security,
          summary: `Quota of the caller's ${scope} (${who})`,
          response: { 200: ZQuotaResponse },
        },
      },
      async (request) => ({
        message: 'OK',
        data: await quota.getQuota(requireAuth(request), scope),
      }),
    );
  }

  app.get(
    '/api/v1/stock/quota-company',
    {
      schema: {
        tags: ['quota'],
        security,
        summary: 'Company stock',
        response: { 200: ZStockCompany },
      },
    },
    async (request) => {
      const s = await quota.stock(requireAuth(request), 'company');
      return { message: 'OK', data: { totalCompanyStock: s.emeterai, esignStock: s.esign } };
    },
  );
  app.get(
    '/api/v1/stock/quota-departement/:departement_id',
    {
      schema: {
        tags: ['quota'],
        security,
        summary: 'Department stock',
        params: z.object({ departement_id: ZDbId }),
        response: { 200: ZStockDepartement },
      },
    },
    async (request) => {
      const s = await quota.stock(
        requireAuth(request),
        'departement',
        request.params.departement_id,
      );
      return { message: 'OK', data: { departementTotalStock: s.emeterai, esignStock: s.esign } };
    },
  );
  app.get(
    '/api/v1/stock/quota-user',
    { schema: { tags: ['quota'], security, summary: 'Own stock', response: { 200: ZStockUser } } },
    async (request) => {
      const s = await quota.stock(requireAuth(request), 'user');
      return { message: 'OK', data: { stockTotalUser: s.emeterai, esignStock: s.esign } };
    },
  );

  app.post(
    '/api/v1/quota/transfer-quota-company',
    {
      schema: {
        tags: ['quota'],
        security,
        summary:
          'Move quota from the company to a department (company admins). Optional Idempotency-Key header.',
        headers: ZIdempotencyHeaders,
        body: ZTransferQuotaRequest,
        response: { 200: ZTransferQuotaResponse },
      },
    },
    async (request) => ({
      message: 'Berhasil transfer kuota',
      data: await quota.transfer(requireAuth(request), request.body, keyOf(request)),
    }),
  );

  app.post(
    '/api/v1/quota/return-quota-department',
    {
      schema: {
        tags: ['quota'],
        security,
        summary:
          'Move quota from a department back to the company (company admins). Optional Idempotency-Key header.',
        headers: ZIdempotencyHeaders,
        body: ZTransferQuotaRequest,
        response: { 200: ZTransferQuotaResponse },
      },
    },
    async (request) => ({
      message: 'Berhasil return kuota',
      data: await quota.giveBack(requireAuth(request), request.body, keyOf(request)),
    }),
  );

  app.get(
    '/api/v1/quota/history-quota-company',
    {
      schema: {
        tags: ['quota'],
        security,
        summary: 'Quota movements of the company, newest first unless `sort` says otherwise',
        querystring: ZQuotaHistoryQuery,
        response: { 200: ZQuotaHistory },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await quota.history(requireAuth(request), request.query),
    }),
  );

  app.get(
    '/api/v1/quota/data-chart-quota',
    {
      schema: {
        tags: ['quota'],
        security,
        summary: 'Units used per month, last 12 months',
        response: { 200: ZQuotaChart },
      },
    },
    async (request) => ({ message: 'OK', data: await quota.chart(requireAuth(request)) }),
  );
};
