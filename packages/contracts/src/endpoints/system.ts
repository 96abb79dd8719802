import { z } from 'zod';
import { ZVerifyResponse } from '../documents.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnvelope } from '../envelope.ts';
import { ZConnectionCheckResponse, ZHealthResponse } from '../health.ts';

const ZOutboxQuery = z.object({ to: z.string().optional() });

export const ZDevOutboxResponse = ZEnvelope(
  z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      template: z.string(),
      createdAt: z.string(),
    }),
  ),
);

/** Health, the provider check of the navbar dot, the public verifier, development helpers. */
export const SYSTEM_ENDPOINTS = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tags: ['system'],
    summary: 'Database and storage status',
    access: 'public',
    response: { 200: ZHealthResponse, 503: ZHealthResponse },
  }),
  connectionCheck: endpoint({
    method: 'GET',
    path: '/api/v1/single-stamp/check',
    tags: ['single-stamp'],
    summary: 'e-Meterai provider response time',
    access: 'public',
    response: { 200: ZConnectionCheckResponse },
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/v1/services/verify',
    tags: ['services'],
    summary:
      'Public: check the signatures and e-Meterai of a PDF (multipart `file`); nothing is stored',
    access: 'public',
    consumes: ['multipart/form-data'],
    response: { 200: ZVerifyResponse },
  }),
  devOutboxJson: endpoint({
    method: 'GET',
    path: '/dev/outbox.json',
    tags: ['dev'],
    summary: 'Development only: the mails the app has sent (newest first, at most 50)',
    access: 'public',
    hide: true,
    query: ZOutboxQuery,
    response: { 200: ZDevOutboxResponse },
  }),
  devOutbox: endpoint({
    method: 'GET',
    path: '/dev/outbox',
    tags: ['dev'],
    summary: 'Development only: the mails the app has sent, as a page',
    access: 'public',
    hide: true,
    raw: true,
    query: ZOutboxQuery,
    response: {},
  }),
} as const;
