/**
 * Issue 11.1: a truncated or abandoned multipart upload must end in a bounded time with a 400,
 * its partial file removed and its file handle closed, on a real listening server (a raw socket
 * sends a body that never completes). No fixed sleeps: everything polls with a deadline.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, login } from './auth-helpers.ts';
import { makePdf } from './documents-helpers.ts';
import { createTestContext, type TTestContext } from './helpers.ts';

const IDLE_MS = 3000;
let ctx: TTestContext;
let token = '';
let userId = 0;
let port = 0;

/**
 * The handles an abandoned upload could leak: open files under the store, and the server's
 * sockets. (Counting every descriptor of the process would also count the database pools, which
 * open connections of their own on PostgreSQL while the test runs.)
 */
const openFilesUnderStore = () =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(path.join(ctx.dir, 'data/files'));
    } catch {
      return false; // closed while we looked
    }
  }).length;
const serverConnections = () =>
  new Promise<number>((resolve, reject) =>
    ctx.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f))
    : [];
const partFiles = () =>
  filesUnder(path.join(ctx.dir, 'data/files')).filter((f) => f.endsWith('.part'));
const emptyDocumentFolders = () =>
  filesUnder(path.join(ctx.dir, 'data/files/documents')).filter(
    (f) => fs.statSync(f).isDirectory() && fs.readdirSync(f).length === 0,
  );

/** Polls `check` until it holds or `ms` pass. */
const eventually = async (check: () => boolean, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Request head and the first part of a multipart body whose declared length is never reached. */
const partialUpload = async (url: string, field = 'file', chunked = false) => {
  const boundary = '----bubuhtruncated';
  const pdf = await makePdf(30);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const body = Buffer.concat([head, pdf.subarray(0, Math.floor(pdf.length / 2))]);
  const headers = [
    `POST ${url} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: Bearer ${token}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length + pdf.length}`,
    '',
    '',
  ].join('\r\n');
  if (!chunked) return Buffer.concat([Buffer.from(headers), body]);
  // A chunked body that ends properly, but without the closing boundary.
  return Buffer.concat([
    Buffer.from(headers),
    Buffer.from(`${body.length.toString(16)}\r\n`),
    body,
    Buffer.from('\r\n0\r\n\r\n'),
  ]);
};

const send = (payload: Buffer) => {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  socket.write(payload);
  return { socket, answer: () => answer };
};

beforeAll(async () => {
  ctx = await createTestContext({
    env: { UPLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS) },
    localFiles: true,
  });
  const email = await createVerifiedUser(ctx);
  const session = await login(ctx, email);
  token = session.accessToken;
  userId = session.userData.id;
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await ctx?.close();
});

const uploadRoutes = (): [string, string][] => [
  ['/api/v1/single-stamp/upload-document', 'file'],
  ['/api/v1/single-stamp/upload-document-only', 'file'],
  ['/api/v1/esign-only/upload-document', 'file'],
  ['/api/v1/services/verify', 'file'],
  ['/api/v1/esign', 'file'],
  [`/api/v1/users/${userId}/avatar`, 'avatar'],
];

describe('a multipart body that never completes', () => {
  for (const [route, field] of uploadRoutes()) {
    const url = () => route.replace('0/avatar', `${userId}/avatar`);
    it(`${route}: a stalled body is answered 400 within the idle timeout, the connection closed`, async () => {
      const { socket, answer } = send(await partialUpload(url(), field));
      await eventually(() => /\r\n\r\n\{/.test(answer()), IDLE_MS + 5000, 'the answer');
      expect(answer()).toMatch(/^HTTP\/1\.1 400/);
      expect(answer()).toMatch(/connection: close/i);
      const json = JSON.parse(answer().slice(answer().indexOf('\r\n\r\n') + 4)) as {
        message: string;
        errors: Record<string, string>;
      };
      expect(json.errors.status).toBe('BAD_REQUEST');
      expect(json.errors[field]).toBeTruthy();
      await eventually(() => socket.destroyed || socket.readableEnded, 5000, 'the server to close');
      socket.destroy();
      expect(partFiles()).toEqual([]);
    });

    it(`${route}: a body that ends without its closing boundary is a 400`, async () => {
      const { socket, answer } = send(await partialUpload(url(), field, true));
      await eventually(() => /\r\n\r\n/.test(answer()), IDLE_MS - 500, 'the answer');
      expect(answer()).toMatch(/^HTTP\/1\.1 400/);
      socket.destroy();
      expect(partFiles()).toEqual([]);
    });
  }

  it('a client that disconnects mid-body leaves no partial file and no open handle', async () => {
    const sockets = [];
    for (let i = 0; i < 10; i += 1) {
      sockets.push(send(await partialUpload('/api/v1/single-stamp/upload-document')).socket);
    }
    await eventually(() => partFiles().length === 10, 5000, 'ten partial files');
    expect(openFilesUnderStore()).toBe(10);
    expect(await serverConnections()).toBeGreaterThanOrEqual(10);
    const left = Date.now();
    for (const socket of sockets) socket.destroy();
    // Well before the idle timeout: the disconnect itself cleans up.
    await eventually(() => partFiles().length === 0, IDLE_MS - 1000, 'the partial files to go');
    await eventually(
      () => openFilesUnderStore() === 0,
      IDLE_MS - 1000,
      'the file handles to close',
    );
    let connections = await serverConnections();
    while (connections > 0 && Date.now() - left < IDLE_MS - 500) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      connections = await serverConnections();
    }
    expect(connections).toBe(0);
    expect(Date.now() - left).toBeLessThan(IDLE_MS);
    await eventually(() => emptyDocumentFolders().length === 0, 2000, 'the empty folders to go');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});
