import {
  CONNECTION,
  connectionValueFromMs,
  SYSTEM_ENDPOINTS,
  type TConnectionCheckResponse,
} from '@bubuh/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TMeteraiProvider } from '../../providers/meterai/meterai-provider.ts';

type TOptions = {
  provider: TMeteraiProvider;
  timeoutMs?: number;
  /** How long one probe answers every caller; the navbar polls, the provider is probed once. */
  cacheMs?: number;
};

type TProbe = TConnectionCheckResponse;

/**
 * `GET /api/v1/single-stamp/check`: how fast the e-Meterai provider answers (spec §2 navbar dot).
 * A provider that fails or does not answer within the timeout reports the failure value 15.
 * Concurrent callers share one probe and its result is reused for `cacheMs`, so however many
 * browsers poll (the route needs no login), the provider sees at most one probe per period.
 */
export const connectionCheckRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { provider, timeoutMs = 5000, cacheMs = 5000 },
) => {
  const probe = async (log: FastifyBaseLogger): Promise<TProbe> => {
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
      log.warn({ err: error, provider: provider.name }, 'provider connection check failed');
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
  };

  let current: { result: Promise<TProbe>; settledAt: number | null } | null = null;
  const shared = (log: FastifyBaseLogger): Promise<TProbe> => {
    const fresh =
      current && (current.settledAt === null || performance.now() - current.settledAt < cacheMs);
    if (current && fresh) return current.result;
    const entry: { result: Promise<TProbe>; settledAt: number | null } = {
      result: probe(log),
      settledAt: null,
    };
    entry.result.then(() => {
      entry.settledAt = performance.now();
    });
    current = entry;
    return entry.result;
  };

  endpointRoute(app, SYSTEM_ENDPOINTS.connectionCheck, async ({ request }) => shared(request.log));
};
