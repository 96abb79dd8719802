/**
 * Issue 45.2: on the embedded database, restoring a locker item from the trash read its folder
 * outside the restore's own transaction: the one session waited for itself, and from then on
 * every database call (the health check, sign-in) hung and SIGTERM no longer stopped the server.
 * Here in a real server process, as a person would do it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './documents-helpers.ts';
import { stop, type TServerProcess, until, useServerProcesses } from './server-process.ts';

const servers = useServerProcesses('bubuh-restore-');
let server: TServerProcess;
let auth = '';

const send = async (method: string, route: string, body?: unknown) => {
  const res = await server.call(route, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    timeoutMs: 15_000,
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> } };
};

describe('restoring from the locker trash on the embedded database', () => {
  beforeAll(async () => {
    server = await servers.start();
    auth = await server.login('admin@demo.local');
  }, 200_000);

  it('answers, and the server keeps answering and stops on SIGTERM', async () => {
    const folder = await send('POST', '/api/v1/file-manager', { name: 'Kontrak', parent_id: null });
    expect(folder.status, JSON.stringify(folder.body)).toBe(201);
    const folderId = Number(folder.body.data?.file_manager_id);
    const form = new FormData();
    form.append('parent_id', String(folderId));
    form.append('file', new Blob([await makePdf(1)], { type: 'application/pdf' }), 'a.pdf');
    const upload = await server.call('/api/v1/file-manager/upload', {
      method: 'POST',
      headers: { authorization: auth },
      body: form,
    });
    expect(upload.status).toBe(201);
    const fileId = Number(
      ((await upload.json()) as { data: { file_manager_id: number } }).data.file_manager_id,
    );

    expect((await send('DELETE', `/api/v1/file-manager/${fileId}`)).status).toBe(200);
    const restored = await send('POST', `/api/v1/file-manager/restore/${fileId}`, {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data?.name).toBe('a.pdf');
    // A folder restored too (its parent is the root).
    expect((await send('DELETE', `/api/v1/file-manager/${folderId}`)).status).toBe(200);
    expect((await send('POST', `/api/v1/file-manager/restore/${folderId}`, {})).status).toBe(200);
    await server.expectHealthy();

    const ended = stop(server.child, 'SIGTERM');
    await until('the server to stop on SIGTERM', 20_000, async () =>
      server.child.exitCode !== null || server.child.signalCode !== null ? true : undefined,
    );
    await ended;
  }, 120_000);
});
