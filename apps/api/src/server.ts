import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadDotEnv, loadEnv } from './config/env.ts';
import { createRuntime } from './runtime.ts';

/** Process entry: config → database (migrate, seed) → HTTP on PORT. Exits non-zero on failure. */
const main = async () => {
  loadDotEnv();
  const env = loadEnv();
  const runtime = await createRuntime(env, (message) => console.log(`[bubuh] ${message}`));
  const app = await buildApp({ env, ...runtime });
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await runtime.pdf.close();
    await runtime.database.close();
  });
  await app.listen({ host: env.HOST, port: env.PORT });
  console.log(`[bubuh] serving on ${env.PUBLIC_URL} (API under /api, docs at /api/docs)`);
};

main().catch((error: unknown) => {
  console.error(
    `[bubuh] failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
