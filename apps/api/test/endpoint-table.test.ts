import { ALL_ENDPOINTS } from '@bubuh/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TTestContext } from './helpers.ts';

type TOpenApi = { paths: Record<string, Record<string, unknown>> };

/** The endpoint table of contracts and the routes the API serves describe the same calls. */
describe('endpoint table', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has a registered route for every entry', () => {
    const missing = ALL_ENDPOINTS.filter(
      (entry) => !ctx.app.hasRoute({ method: entry.method, url: entry.path }),
    ).map((entry) => `${entry.method} ${entry.path}`);
    expect(missing).toEqual([]);
  });

  it('has an entry for every documented route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec: TOpenApi = res.json();
    const known = new Set(ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    const served = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    expect(served.length).toBeGreaterThan(50);
    expect(served.filter((call) => !known.has(call))).toEqual([]);
  });
});
