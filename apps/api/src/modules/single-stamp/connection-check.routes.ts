import { CONNECTION, connectionValueFromMs, ZConnectionCheckResponse } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TMeteraiProvider } from '../../providers/meterai/meterai-provider.ts';

type TOptions = { provider: TMeteraiProvider; timeoutMs?: number };

/**
 * `GET /api/v1/single-stamp/check`: how fast the e-Meterai provider answers (spec §2 navbar dot).
 * A provider that fails or does not answer within the timeout reports the failure value 15.
 */
export const connectionCheckRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { provider, timeoutMs = 5000 },
) => {
  app.get(
    '/api/v1/single-stamp/check',
    {
      schema: {
        tags: ['single-stamp'],
        summary: 'e-Meterai provider response time',
        response: { 200: ZConnectionCheckResponse },
      },
    },
    async (request) => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('provider timeout')), timeoutMs);
        });
        const { responseTimeMs } = await Promise.race([provider.checkConnection(), timeout]);
        return {
          message: 'OK',
          data: {
            value: connectionValueFromMs(responseTimeMs),
            responseTimeMs,
            provider: provider.name,
          },
        };
      } catch (error) {
        request.log.warn(
          { err: error, provider: provider.name },
          'provider connection check failed',
        );
        return {
          message: 'Provider unreachable',
          data: {
            value: CONNECTION.failure,
            responseTimeMs: performance.now() - started,
            provider: provider.name,
          },
        };
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
