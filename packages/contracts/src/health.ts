import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';

export const ZHealthCheck = z.object({
  status: z.enum(['ok', 'error']),
  latencyMs: z.number(),
  detail: z.string().optional(),
});

export const ZHealthResponse = ZEnvelope(
  z.object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptimeSeconds: z.number(),
    database: ZHealthCheck.extend({ driver: z.enum(['pglite', 'postgres']) }),
    storage: ZHealthCheck.extend({ driver: z.enum(['local', 's3']) }),
  }),
);
export type THealthResponse = z.infer<typeof ZHealthResponse>;

/** `GET /api/v1/single-stamp/check`: the e-Meterai provider's response time (spec §2). */
export const ZConnectionCheckResponse = ZEnvelope(
  z.object({
    /** Response time in the unit the status dot reads (tenths of a second, rounded up, min 1). */
    value: z.number().int(),
    responseTimeMs: z.number(),
    provider: z.string(),
  }),
);
export type TConnectionCheckResponse = z.infer<typeof ZConnectionCheckResponse>;
