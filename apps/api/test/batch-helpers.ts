import { ZBatchDetail, ZBatchResponse } from '@bubuh/contracts';
import { expect } from 'vitest';
import { bearer } from './auth-helpers.ts';
import type { TSession } from './documents-helpers.ts';
import { type TTestContext, unique } from './helpers.ts';

/** A draft batch (e-Meterai type 3, value 10,000) named `<prefix> <unique>`; its id. */
export const createTestBatch = async (
  ctx: TTestContext,
  session: TSession,
  options: { prefix: string; page: number; pageMode: 'fixed' | 'first' | 'last' },
) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/batch-stamp/create-batch',
    headers: bearer(session),
    payload: {
      name: `${options.prefix} ${unique()}`,
      doc_type: '3',
      doc_value: 10_000,
      placement: {
        page_mode: options.pageMode,
        page: options.page,
        x: 400,
        y: 100,
        width: 75,
        height: 75,
      },
    },
  });
  expect(res.statusCode).toBe(201);
  return ZBatchResponse.parse(res.json()).data.id;
};

/** The batch and its first 100 files, as the progress screen reads them. */
export const batchDetail = async (ctx: TTestContext, session: TSession, batchId: number) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/batch-stamp/detail-batch-documents/${batchId}?perPage=100`,
    headers: bearer(session),
  });
  expect(res.statusCode).toBe(200);
  return ZBatchDetail.parse(res.json()).data;
};
