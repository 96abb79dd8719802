/**
 * Issue 45.3: the demo seed must tolerate whatever its users do to the demo data. Renaming the
 * seeded "Finance" departement stopped every later start ("This idempotency key was already used
 * for a different request"): the seed found no "Finance", made one anew and granted it again.
 * Real server processes on one data folder, restarted after each change.
 */
import { ZDepartementList } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { stop, type TServerProcess, useServerProcesses } from './server-process.ts';

const servers = useServerProcesses('bubuh-seed-restart-');

const send = async (
  server: TServerProcess,
  auth: string,
  method: string,
  route: string,
  body?: unknown,
) => {
  const res = await server.call(route, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

const departements = async (server: TServerProcess, auth: string) => {
  const res = await send(server, auth, 'GET', '/api/v1/departement?perPage=100');
  expect(res.status).toBe(200);
  return ZDepartementList.parse(res.body).data.data;
};

/** Stops the running server and starts a new one on the same data: it must come up healthy. */
const restart = async (server: TServerProcess) => {
  await stop(server.child, 'SIGTERM');
  const next = await servers.start();
  await next.expectHealthy();
  return next;
};

describe('the demo seed after its data was changed', () => {
  it('starts again after the seeded departements are renamed, then deleted', async () => {
    let server = await servers.start();
    let auth = await server.login('admin@demo.local');
    const seeded = await departements(server, auth);
    const finance = seeded.find((d) => d.name === 'Finance');
    const legal = seeded.find((d) => d.name === 'Legal');
    expect(finance && legal).toBeTruthy();

    const renamed = await send(
      server,
      auth,
      'PATCH',
      `/api/v1/departement/${finance?.departement_id}`,
      {
        name: 'Finance & Tax',
      },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    server = await restart(server);
    auth = await server.login('admin@demo.local');
    // The renamed one is kept as its admin named it; no second "Finance" appears beside it.
    const afterRename = (await departements(server, auth)).map((d) => d.name).sort();
    expect(afterRename).toEqual(['Finance & Tax', 'Legal']);

    for (const dept of [finance, legal]) {
      const removed = await send(
        server,
        auth,
        'DELETE',
        `/api/v1/departement/${dept?.departement_id}`,
      );
      expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(500);
    }
    server = await restart(server);
    auth = await server.login('admin@demo.local');
    // Deleted ones stay deleted (a departement still holding users may refuse the delete).
    const afterDelete = (await departements(server, auth)).map((d) => d.name);
    expect(afterDelete).not.toContain('Finance');
    await stop(server.child, 'SIGTERM');
  }, 300_000);
});
