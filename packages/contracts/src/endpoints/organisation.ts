import { z } from 'zod';
import { ZMessageResponse } from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { ZDbId, ZDbIdParams } from '../envelope.ts';
import {
  ZDepartementList,
  ZDepartementOptions,
  ZDepartementQuery,
  ZDepartementRequest,
  ZDepartementResponse,
  ZQuotaChart,
  ZQuotaHistory,
  ZQuotaHistoryQuery,
  ZQuotaResponse,
  ZStockCompany,
  ZStockDepartement,
  ZStockUser,
  ZTransferQuotaRequest,
  ZTransferQuotaResponse,
} from '../organisation.ts';

const ZIdempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });

/** Departments of the caller's company (spec §7 departement). */
export const DEPARTEMENT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/departement',
    tags: ['departements'],
    summary: "The company's departments, by name unless `sort` says otherwise",
    access: 'company-admin',
    query: ZDepartementQuery,
    response: { 200: ZDepartementList },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/departement',
    tags: ['departements'],
    summary: 'Create a department',
    access: 'company-admin',
    body: ZDepartementRequest,
    response: { 201: ZDepartementResponse },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/departement/:id',
    tags: ['departements'],
    summary: 'Rename a department',
    access: 'company-admin',
    params: ZDbIdParams,
    body: ZDepartementRequest,
    response: { 200: ZDepartementResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/departement/:id',
    tags: ['departements'],
    summary: 'Delete a department without users or quota',
    access: 'company-admin',
    params: ZDbIdParams,
    response: { 200: ZMessageResponse },
  }),
  options: endpoint({
    method: 'GET',
    path: '/api/v1/users/get/by/:company_id',
    tags: ['departements'],
    summary: "Department options of the caller's company",
    access: 'signed-in',
    params: z.object({ company_id: ZDbId }),
    response: { 200: ZDepartementOptions },
  }),
} as const;

/** Quota balances, stock, movements and the usage chart (spec §6, §7 quota and stock). */
export const QUOTA_ENDPOINTS = {
  company: endpoint({
    method: 'GET',
    path: '/api/v1/quota/quota-company',
    tags: ['quota'],
    summary: "Quota of the caller's company (admin, admin-company)",
    access: 'company-admin',
    response: { 200: ZQuotaResponse },
  }),
  departement: endpoint({
    method: 'GET',
    path: '/api/v1/quota/quota-departement',
    tags: ['quota'],
    summary: "Quota of the caller's departement (user (department))",
    access: 'signed-in',
    response: { 200: ZQuotaResponse },
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/v1/quota/quota-user',
    tags: ['quota'],
    summary: "Quota of the caller's user (personal and other accounts)",
    access: 'signed-in',
    response: { 200: ZQuotaResponse },
  }),
  companyStock: endpoint({
    method: 'GET',
    path: '/api/v1/stock/quota-company',
    tags: ['quota'],
    summary: 'Company stock',
    access: 'company-admin',
    response: { 200: ZStockCompany },
  }),
  departementStock: endpoint({
    method: 'GET',
    path: '/api/v1/stock/quota-departement/:departement_id',
    tags: ['quota'],
    summary: 'Department stock',
    access: 'signed-in',
    params: z.object({ departement_id: ZDbId }),
    response: { 200: ZStockDepartement },
  }),
  userStock: endpoint({
    method: 'GET',
    path: '/api/v1/stock/quota-user',
    tags: ['quota'],
    summary: 'Own stock',
    access: 'signed-in',
    response: { 200: ZStockUser },
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/api/v1/quota/transfer-quota-company',
    tags: ['quota'],
    summary:
      'Move quota from the company to a department (company admins). Optional Idempotency-Key header.',
    access: 'quota-admin',
    headers: ZIdempotencyHeaders,
    body: ZTransferQuotaRequest,
    response: { 200: ZTransferQuotaResponse },
  }),
  giveBack: endpoint({
    method: 'POST',
    path: '/api/v1/quota/return-quota-department',
    tags: ['quota'],
    summary:
      'Move quota from a department back to the company (company admins). Optional Idempotency-Key header.',
    access: 'quota-admin',
    headers: ZIdempotencyHeaders,
    body: ZTransferQuotaRequest,
    response: { 200: ZTransferQuotaResponse },
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/v1/quota/history-quota-company',
    tags: ['quota'],
    summary: 'Quota movements of the company, newest first unless `sort` says otherwise',
    access: 'company-admin',
    query: ZQuotaHistoryQuery,
    response: { 200: ZQuotaHistory },
  }),
  chart: endpoint({
    method: 'GET',
    path: '/api/v1/quota/data-chart-quota',
    tags: ['quota'],
    summary: 'Units used per month, last 12 months',
    access: 'signed-in',
    response: { 200: ZQuotaChart },
  }),
} as const;
