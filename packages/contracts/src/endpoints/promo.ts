import { endpoint } from '../endpoint.ts';
import { ZDbIdParams } from '../envelope.ts';
import {
  ZApplyTokenRequest,
  ZApplyTokenResponse,
  ZPromoCodeCreate,
  ZPromoCodeList,
  ZPromoCodeQuery,
  ZPromoCodeResponse,
  ZPromoCodeUpdate,
} from '../promo.ts';

/** Promo and voucher codes: preview for buyers, management for super. */
export const PROMO_ENDPOINTS = {
  applyToken: endpoint({
    method: 'POST',
    path: '/api/v1/purchase/apply-token',
    tags: ['purchase'],
    summary: 'Preview a promo code on a quantity of units or a plan (counted only on the invoice)',
    access: 'signed-in',
    body: ZApplyTokenRequest,
    response: { 200: ZApplyTokenResponse },
  }),
  promoCodes: endpoint({
    method: 'GET',
    path: '/api/v1/promo-code',
    tags: ['purchase'],
    summary: 'Promo codes, newest first (super)',
    access: ['super'],
    query: ZPromoCodeQuery,
    response: { 200: ZPromoCodeList },
  }),
  createPromoCode: endpoint({
    method: 'POST',
    path: '/api/v1/promo-code',
    tags: ['purchase'],
    summary: 'Create a promo code (super)',
    access: ['super'],
    body: ZPromoCodeCreate,
    response: { 201: ZPromoCodeResponse },
  }),
  updatePromoCode: endpoint({
    method: 'PUT',
    path: '/api/v1/promo-code/:id',
    tags: ['purchase'],
    summary: 'Edit a promo code: discount, limit, expiry, active (super)',
    access: ['super'],
    params: ZDbIdParams,
    body: ZPromoCodeUpdate,
    response: { 200: ZPromoCodeResponse },
  }),
  deactivatePromoCode: endpoint({
    method: 'POST',
    path: '/api/v1/promo-code/:id/deactivate',
    tags: ['purchase'],
    summary: 'Deactivate a promo code; invoices that used it keep their discount (super)',
    access: ['super'],
    params: ZDbIdParams,
    response: { 200: ZPromoCodeResponse },
  }),
} as const;
