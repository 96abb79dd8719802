import { endpoint } from '../endpoint.ts';
import { ZDbIdParams, ZEnvelope, ZUserIdParams } from '../envelope.ts';
import {
  ZMasterStatus,
  ZMasterStatusList,
  ZMasterStatusUpdate,
  ZPlan,
  ZPlanList,
  ZPlanUpdate,
  ZSubscriptionResponse,
} from '../organisation.ts';

/** The plans catalogue and a user's subscription (spec §3, §7 plans). */
export const PLAN_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/plans',
    tags: ['plans'],
    summary: 'The plans catalogue',
    access: 'signed-in',
    response: { 200: ZPlanList },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/plans/:id',
    tags: ['plans'],
    summary: 'Edit a plan (super)',
    access: ['super'],
    params: ZDbIdParams,
    body: ZPlanUpdate,
    response: { 200: ZEnvelope(ZPlan) },
  }),
  subscription: endpoint({
    method: 'GET',
    path: '/api/v1/users/subscription-user/:userId',
    tags: ['plans'],
    summary: "A user's active plan with the derived flags is_esign, is_childUser, is_psre",
    access: 'signed-in',
    params: ZUserIdParams,
    response: { 200: ZSubscriptionResponse },
  }),
} as const;

/** Configuration values (spec §3): everyone signed in reads them, super edits them. */
export const MASTER_STATUS_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/master-status/master-status-list',
    tags: ['master-status'],
    summary: 'Configuration values',
    access: 'signed-in',
    response: { 200: ZMasterStatusList },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/master-status/:id',
    tags: ['master-status'],
    summary: 'Change a configuration value (super)',
    access: ['super'],
    params: ZDbIdParams,
    body: ZMasterStatusUpdate,
    response: { 200: ZEnvelope(ZMasterStatus) },
  }),
} as const;
