/**
 * The benchmarks' HTTP client: node:http over kept-alive connections. The load generator runs on
 * the same cores as the server and PostgreSQL, so what it spends is taken from them: global
 * `fetch` (undici's WHATWG streams and Response objects) costs more CPU per request than plain
 * node:http. `npm run bench:api` prints the load generator's own CPU per request.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

export type TBenchAnswer = { status: number; etag: string | undefined; body: Buffer };

/**
 * One request; the answer read whole. Rejects with `code` 'TIMEOUT' when the socket has been idle
 * for `timeoutMs` (node:http's socket timeout: a limit on silence, not on the whole request).
 */
export const request = (
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    timeoutMs?: number;
  } = {},
): Promise<TBenchAnswer> =>
  new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { agent, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            etag: res.headers.etag,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    if (init.timeoutMs)
      req.setTimeout(init.timeoutMs, () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
      );
    req.end(init.body);
  });

/**
 * A multipart/form-data body of one file in `field`, as a browser's FormData sends it, built
 * once per file: cheaper for the load generator than FormData through `fetch`.
 */
export const multipartFile = (field: string, fileName: string, type: string, bytes: Uint8Array) => {
  const boundary = `----bench${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
};
