import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Midtrans speaking its documented wire format: Snap `POST /snap/v1/transactions`
 * (Basic auth with the server key → `{ token, redirect_url }`) and the Core API
 * `GET /v2/{order_id}/status`, whose answer the test sets per order.
 */
export const startFakeMidtrans = async (serverKey: string) => {
  const created: Record<string, unknown>[] = [];
  const statuses = new Map<string, Record<string, string>>();
  let statusQueries = 0;
  const authorised = (req: http.IncomingMessage) =>
    req.headers.authorization === `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!authorised(req))
        return send(401, { status_code: '401', status_message: 'Unauthorized' });
      if (req.method === 'POST' && req.url === '/snap/v1/transactions') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
        created.push(body);
        const token = `snap-token-${created.length}`;
        return send(201, {
          token,
          redirect_url: `https://app.sandbox.midtrans.com/snap/v4/redirection/${token}`,
        });
      }
      const m = /^\/v2\/([^/]+)\/status$/.exec(req.url ?? '');
      if (req.method === 'GET' && m?.[1]) {
        statusQueries += 1;
        const found = statuses.get(decodeURIComponent(m[1]));
        if (!found)
          return send(404, { status_code: '404', status_message: "Transaction doesn't exist." });
        return send(200, found);
      }
      send(404, { status_code: '404' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    created,
    statusQueries: () => statusQueries,
    /** What GET /v2/{order}/status answers from now on. */
    setStatus: (
      orderId: string,
      grossAmount: number,
      transactionStatus: string,
      statusCode = '200',
    ) =>
      statuses.set(orderId, {
        status_code: statusCode,
        status_message: 'Success, transaction is found',
        transaction_id: `tx-${orderId}`,
        order_id: orderId,
        gross_amount: `${grossAmount}.00`,
        payment_type: 'bank_transfer',
        transaction_status: transactionStatus,
        fraud_status: 'accept',
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
