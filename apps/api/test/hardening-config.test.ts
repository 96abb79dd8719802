/**
 * Hardening issue, items 4, 5 and 7. (4) Forged payment notifications: a public body is capped
 * at 64 KB (413), a forged notification keeps only its known fields, and the webhook is rate
 * limited per client address. (5) Configuration values have a type and range
 * (`CONFIG_VALUE_RULES`): anything else is a 400 naming the range, and a bad value stored before
 * the rules reads as not configured (503), never a 500. (7) JSON bodies take numbers as JSON
 * numbers: every integer or number field of every JSON-body entry of the endpoint table refuses
 * `true` and `"5"` with a 400 naming the field.
 */
import {
  ALL_ENDPOINTS,
  BILLING_ENDPOINTS,
  CONFIG_VALUE_RULES,
  endpointPath,
  type TConfigGroup,
  type TEndpoint,
  type TInvoice,
  ZMasterStatusList,
} from '@bubuh/contracts';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { masterStatus, paymentNotifications } from '../src/db/schema.ts';
import { callAs, seedDemoSessions } from './auth-helpers.ts';
import {
  createTestContext,
  TEST_ENV,
  type TTestContext,
  unique,
  withTestContext,
} from './helpers.ts';

type TSession = { accessToken: string };
let ctx: TTestContext;
let admin: TSession;
let superUser: TSession;

beforeAll(async () => {
  ctx = await createTestContext({ env: TEST_ENV });
  ({ admin, super: superUser } = await seedDemoSessions(ctx, ['admin', 'super']));
}, 120_000);
afterAll(() => ctx?.close());

const NOTIFY = BILLING_ENDPOINTS.midtransNotification.path;

/** A notification shaped like Midtrans', with a signature nobody made. */
const forged = (orderId: string, extra: Record<string, unknown> = {}) => ({
  order_id: orderId,
  status_code: '200',
  gross_amount: '599400.00',
  signature_key: 'f'.repeat(128),
  transaction_status: 'settlement',
  transaction_id: `tx-${orderId}`,
  fraud_status: 'accept',
  ...extra,
});

const notify = (target: TTestContext, body: unknown) =>
  target.app.inject({
    method: 'POST',
    url: NOTIFY,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const storedFor = (prefix: string) =>
  ctx.database.db
    .select({
      payload: paymentNotifications.payload,
      size: sql<number>`pg_column_size(${paymentNotifications.payload})`.mapWith(Number),
    })
    .from(paymentNotifications)
    .where(like(paymentNotifications.orderId, `${prefix}%`));

describe('forged payment notifications (item 4)', () => {
  it('keeps only the known fields of a forged notification, each capped', async () => {
    const order = `FORGED-${unique()}`;
    const res = await notify(
      ctx,
      forged(order, {
        status_message: 'm'.repeat(5_000),
        junk: 'x'.repeat(55_000),
        nested: { deep: ['y'.repeat(1_000)] },
      }),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().errors).toMatchObject({ status: 'FORBIDDEN', signature_key: 'invalid' });
    const [row] = await storedFor(order);
    const payload = row?.payload as Record<string, string>;
    expect(Object.keys(payload).sort()).toEqual(
      [
        'fraud_status',
        'gross_amount',
        'order_id',
        'signature_key',
        'status_code',
        'status_message',
        'transaction_id',
        'transaction_status',
      ].sort(),
    );
    expect(payload.status_message).toHaveLength(256);
    expect(payload.order_id).toBe(order);
    expect(row?.size).toBeLessThan(2_000);
  });

  it('answers 413 to a body above 64 KB and 60 forged posts store a few kB, not 59 MB', async () => {
    const prefix = `FLOOD-${unique()}`;
    const megabyte = 'x'.repeat(1_048_000);
    for (let i = 0; i < 60; i += 1) {
      const res = await notify(ctx, forged(`${prefix}-big-${i}`, { junk: megabyte }));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().errors.status).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(await storedFor(`${prefix}-big-`)).toHaveLength(0);
    // Just under the cap: refused (403) and stored small.
    const underCap = 'x'.repeat(60_000);
    for (let i = 0; i < 60; i += 1) {
      const res = await notify(ctx, forged(`${prefix}-small-${i}`, { junk: underCap }));
      expect(res.statusCode, res.body).toBe(403);
    }
    const rows = await storedFor(`${prefix}-small-`);
    expect(rows).toHaveLength(60);
    const total = rows.reduce((sum, r) => sum + r.size, 0);
    expect(total).toBeLessThan(60 * 1_000);
  });

  it('caps the JSON body of every public route of the endpoint table at 64 KB', async () => {
    const publicJson = ALL_ENDPOINTS.filter(
      (entry) => entry.access === 'public' && entry.body !== undefined && !entry.consumes,
    );
    expect(publicJson.map((e) => e.path)).toContain(NOTIFY);
    expect(publicJson.length).toBeGreaterThan(5);
    const body = JSON.stringify({ email: 'a@b.test', filler: 'z'.repeat(70_000) });
    for (const entry of publicJson) {
      const res = await ctx.app.inject({
        method: entry.method,
        url: endpointPath(entry, { id: 'x'.repeat(20), token: 'x'.repeat(43) }),
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, `${entry.method} ${entry.path}: ${res.body}`).toBe(413);
      expect(res.json().errors.status).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('limits the webhook per client address (RATE_LIMIT_PAYMENT_NOTIFICATION_PER_MINUTE)', async () => {
    expect(ctx.env.RATE_LIMIT_PAYMENT_NOTIFICATION_PER_MINUTE).toBe(300);
    const first = await notify(ctx, forged(`LIMIT-${unique()}`));
    expect(first.headers['x-ratelimit-limit']).toBe('300');
    await withTestContext(
      { env: { ...TEST_ENV, RATE_LIMIT_PAYMENT_NOTIFICATION_PER_MINUTE: '3' } },
      async (limited) => {
        // Its own prefix: on PostgreSQL every file's app shares one database.
        const prefix = `LIMITED-${unique()}-`;
        for (let i = 0; i < 3; i += 1) {
          const res = await notify(limited, forged(`${prefix}${unique()}`));
          expect(res.statusCode, res.body).toBe(403);
          expect(res.headers['x-ratelimit-limit']).toBe('3');
        }
        const over = await notify(limited, forged(`${prefix}${unique()}`));
        expect(over.statusCode, over.body).toBe(429);
        expect(over.json().errors.status).toBe('RATE_LIMITED');
        const [{ count } = { count: -1 }] = await limited.database.db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(paymentNotifications)
          .where(like(paymentNotifications.orderId, `${prefix}%`));
        expect(count).toBe(3);
      },
    );
  });
});

describe('configuration values (item 5)', () => {
  const entries = async () =>
    ZMasterStatusList.parse(
      (await callAs(ctx, superUser, 'GET', '/api/master-status/master-status-list')).json(),
    ).data.data;
  const entryOf = async (group: TConfigGroup) => {
    const found = (await entries()).find((s) => s.status_group === group);
    if (!found) throw new Error(`${group} is not seeded`);
    return found;
  };
  const patch = (id: number, value: string, headers: Record<string, string> = {}) =>
    callAs(ctx, superUser, 'PATCH', `/api/master-status/${id}`, { status_name: value }, headers);
  const buy = (quantity: number) =>
    callAs(ctx, admin, 'POST', BILLING_ENDPOINTS.buyQuota.path, { type: 'emeterai', quantity });

  const BAD: Record<TConfigGroup, string[]> = {
    price_emeterai: ['-10800', 'abc', '0', '99999999999999999999', '10000001', '1.5', '1e4', ''],
    price_esign: ['-1', 'abc', '0', '99999999999999999999'],
    ppn_rate: ['-50', 'abc', '101', '100.01', '11.555', '1e1', '11%'],
    invoice_expiry_minutes: ['abc', '-1', '1e9', '0', '10081', '1.5'],
    threshold_quota_warning: ['-3', 'sepuluh', '2147483648'],
    max_gauge_personal: ['0', '1e3'],
  };

  it('refuses a value outside its type and range with a 400 naming the range', async () => {
    for (const [group, values] of Object.entries(BAD) as [TConfigGroup, string[]][]) {
      const rule = CONFIG_VALUE_RULES[group];
      const entry = await entryOf(group);
      try {
        for (const value of values) {
          const res = await patch(entry.id, value);
          const what = `${group} = ${JSON.stringify(value)}: ${res.body}`;
          expect(res.statusCode, what).toBe(400);
          const body = res.json();
          expect(body.errors.status, what).toBe('VALIDATION_FAILED');
          expect(body.errors.status_name, what).toEqual(expect.any(String));
          if (value === '') continue; // the contract's own "required"
          expect(body.message, what).toContain(`from ${rule.min} to ${rule.max}`);
          expect(body.errors.status_name, what).toContain(`${rule.min}..${rule.max}`);
        }
        expect((await entryOf(group)).status_name, group).toBe(entry.status_name);
      } finally {
        await ctx.database.db
          .update(masterStatus)
          .set({ statusName: entry.status_name })
          .where(eq(masterStatus.id, entry.id));
      }
    }
    const price = await entryOf('price_emeterai');
    const indonesian = await patch(price.id, '-10800', { 'accept-language': 'id' });
    expect(indonesian.json().message).toBe('Masukkan bilangan bulat dari 1 sampai 10000000');
    const ppn = await entryOf('ppn_rate');
    expect((await patch(ppn.id, '-50', { 'accept-language': 'id' })).json().message).toBe(
      'Masukkan persentase dari 0 sampai 100, paling banyak 2 desimal',
    );
    // Nothing changed: purchases still work at the seeded prices.
    const res = await buy(1);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { data: TInvoice }).data.items[0]?.unit_price).toBe(10_800);
  });

  it('takes values inside the range, stored in their plain form', async () => {
    const ppn = await entryOf('ppn_rate');
    const price = await entryOf('price_emeterai');
    const expiry = await entryOf('invoice_expiry_minutes');
    try {
      for (const [value, stored, bp] of [
        ['11,50', '11.5', 1150],
        ['0', '0', 0],
        ['100', '100', 10_000],
        ['12.25', '12.25', 1225],
      ] as const) {
        const res = await patch(ppn.id, value);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.status_name).toBe(stored);
        const pricing = await callAs(ctx, admin, 'GET', BILLING_ENDPOINTS.pricing.path);
        expect(pricing.json().data.tax_rate_bp).toBe(bp);
      }
      expect((await patch(price.id, '0010000000')).json().data.status_name).toBe('10000000');
      expect((await patch(expiry.id, '10080')).statusCode).toBe(200);
      // The largest price times many units is above what an invoice holds: a 400, not a 500.
      const huge = await buy(1_000);
      expect(huge.statusCode, huge.body).toBe(400);
      expect(huge.json().errors).toMatchObject({
        status: 'VALIDATION_FAILED',
        quantity: 'total too large',
      });
      expect((await buy(1)).statusCode).toBe(201);
    } finally {
      await patch(ppn.id, ppn.status_name);
      await patch(price.id, price.status_name);
      await patch(expiry.id, expiry.status_name);
    }
  });

  it('reads a bad value stored before the rules as not configured (503), never a 500', async () => {
    const stored = [
      ['price_emeterai', '99999999999999999999'],
      ['price_emeterai', '-10800'],
      ['price_emeterai', '0'],
      ['price_esign', 'abc'],
      ['ppn_rate', '-50'],
      ['ppn_rate', '250'],
      ['invoice_expiry_minutes', '1e9'],
      ['invoice_expiry_minutes', '-1'],
    ] as const;
    for (const [group, value] of stored) {
      const before = await entryOf(group);
      await ctx.database.db
        .update(masterStatus)
        .set({ statusName: value })
        .where(eq(masterStatus.statusGroup, group));
      try {
        for (const res of [
          await callAs(ctx, admin, 'GET', BILLING_ENDPOINTS.pricing.path),
          await buy(1),
        ]) {
          const what = `${group} stored as ${value}: ${res.body}`;
          expect(res.statusCode, what).toBe(503);
          expect(res.json().errors.status, what).toBe('SERVICE_UNAVAILABLE');
        }
      } finally {
        await ctx.database.db
          .update(masterStatus)
          .set({ statusName: before.status_name })
          .where(eq(masterStatus.statusGroup, group));
      }
    }
    expect((await buy(1)).statusCode).toBe(201);
  });
});

/** A path to one integer or number field of a body and whether it is whole. */
type TNumberField = { path: (string | 0)[]; integer: boolean };

type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  items?: TJsonSchema;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
};

/** Every number field of a body's JSON schema (nested objects and arrays included). */
const numberFields = (schema: TJsonSchema, at: (string | 0)[] = []): TNumberField[] => {
  const found: TNumberField[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') || types.includes('number')) {
    found.push({ path: at, integer: types.includes('integer') });
  }
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...numberFields(branch, at));
  for (const [key, inner] of Object.entries(schema.properties ?? {}))
    found.push(...numberFields(inner, [...at, key]));
  if (schema.items) found.push(...numberFields(schema.items, [...at, 0]));
  return found;
};

/** A body holding only `value` at `path` (arrays get one element). */
const bodyWith = (path: (string | 0)[], value: unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = bodyWith(rest, value);
  return head === 0 ? [inner] : { [head]: inner };
};

const jsonBodyEntries = (): TEndpoint[] =>
  ALL_ENDPOINTS.filter((entry) => entry.body !== undefined && !entry.consumes);

describe('numbers in JSON bodies are JSON numbers (item 7)', () => {
  const fieldsOf = (entry: TEndpoint) =>
    numberFields(
      z.toJSONSchema(entry.body as z.ZodType, {
        io: 'input',
        unrepresentable: 'any',
      }) as TJsonSchema,
    );

  it('finds the number fields of the table', () => {
    const named = jsonBodyEntries().flatMap((entry) =>
      fieldsOf(entry).map((f) => `${entry.method} ${entry.path} ${f.path.join('.')}`),
    );
    expect(named).toEqual(
      expect.arrayContaining([
        'POST /api/v1/purchase/quota quantity',
        'POST /api/v1/purchase/plan plan_id',
        'POST /api/v1/quota/transfer-quota-company quota',
        'POST /api/v1/single-stamp/canceled-stamp document_id',
        'POST /api/v1/file-manager/move ids.0',
        'POST /api/tickets/re-open ticket_id',
      ]),
    );
    expect(named.length).toBeGreaterThan(80);
  });

  it('refuses true and a numeric string for every number field with a 400 naming it', async () => {
    let sent = 0;
    for (const entry of jsonBodyEntries()) {
      const url = entry.path.replace(/:[A-Za-z_]+/g, '1');
      const headers = {
        'content-type': 'application/json',
        ...(entry.access === 'public' ? {} : { authorization: `Bearer ${admin.accessToken}` }),
      };
      for (const field of fieldsOf(entry)) {
        const key = field.path.join('.');
        for (const value of [true, '5', ...(field.integer ? ['1e3'] : [])]) {
          const res = await ctx.app.inject({
            method: entry.method,
            url,
            headers,
            payload: JSON.stringify(bodyWith(field.path, value)),
          });
          const what = `${entry.method} ${entry.path} ${key} = ${JSON.stringify(value)}: ${res.statusCode} ${res.body}`;
          expect(res.statusCode, what).toBe(400);
          const errors = res.json().errors as Record<string, unknown>;
          expect(errors.status, what).toBe('VALIDATION_FAILED');
          expect(errors[key], what).toEqual(expect.any(String));
          sent += 1;
        }
      }
    }
    expect(sent).toBeGreaterThan(160);
  }, 120_000);

  it('makes no invoice from a boolean or a string quantity, and one from a number', async () => {
    for (const quantity of [true, '5', ' 5', '5.0']) {
      const res = await callAs(ctx, admin, 'POST', BILLING_ENDPOINTS.buyQuota.path, {
        type: 'emeterai',
        quantity,
      });
      expect(res.statusCode, `${JSON.stringify(quantity)}: ${res.body}`).toBe(400);
      expect(res.json().errors.quantity).toEqual(expect.any(String));
    }
    const res = await callAs(ctx, admin, 'POST', BILLING_ENDPOINTS.buyQuota.path, {
      type: 'emeterai',
      quantity: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { data: TInvoice }).data.items[0]?.quantity).toBe(5);
  });
});
