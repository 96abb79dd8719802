import { SYSTEM_ENDPOINTS } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TFileStore } from '../../storage/file-store.ts';

type TOptions = { database: TDatabase; files: TFileStore; version: string };

const timed = async (probe: () => Promise<void>) => {
  const started = performance.now();
  try {
    await probe();
    return { status: 'ok' as const, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      status: 'error' as const,
      latencyMs: Math.round(performance.now() - started),
      detail: error instanceof Error ? error.message : String(error),
    };
  }
};

export const healthRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { database, files, version },
) => {
  endpointRoute(app, SYSTEM_ENDPOINTS.health, async ({ reply }) => {
    const [db, storage] = await Promise.all([timed(database.ping), timed(files.check)]);
    const ok = db.status === 'ok' && storage.status === 'ok';
    return reply.status(ok ? 200 : 503).send({
      message: ok ? 'OK' : 'Degraded',
      data: {
        status: ok ? 'ok' : 'degraded',
        version,
        uptimeSeconds: Math.round(process.uptime()),
        database: { ...db, driver: database.driver },
        storage: { ...storage, driver: files.driver },
      },
    });
  });
};
