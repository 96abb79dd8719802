import type { TArticle } from '@bubuh/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed.ts';
import { bearer, callAs, login } from './auth-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';

type TS = Awaited<ReturnType<typeof login>>;
let ctx: TTestContext;
const as: Record<string, TS> = {};

beforeAll(async () => {
  ctx = await createTestContext({ env: { ...RELAXED_LIMITS } });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  for (const who of ['user', 'super'])
    as[who] = await login(ctx, `${who}@demo.local`, 'Demo#2026!');
});
afterAll(() => ctx.close());

const list = async (session: TS, url: string) => {
  const res = await callAs(ctx, session, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TArticle[] }).data;
};

describe('FAQ and knowledge base', () => {
  it('starts with real content in both languages and searches it', async () => {
    const en = await list(as.user as TS, '/api/support/faq?language=en');
    const id = await list(as.user as TS, '/api/support/faq?language=id');
    expect(en.length).toBeGreaterThanOrEqual(6);
    expect(id.length).toBe(en.length);
    expect(en.some((a) => a.body.includes('Rp10.000'))).toBe(true);
    const found = await list(as.user as TS, '/api/support/faq?language=en&search=serial');
    expect(found.map((a) => a.title)).toContain('What is the serial number on my e-Meterai?');
    const foundId = await list(
      as.user as TS,
      '/api/support/knowledge-base?language=id&search=kuota%20dompet',
    );
    expect(foundId[0]?.title).toBe('Cara kerja kuota: dompet perusahaan, departemen, dan pribadi');
  });

  it('super writes and publishes; drafts stay hidden; Markdown is rendered inert', async () => {
    const body = {
      kind: 'article',
      language: 'en',
      topic: 'Security',
      title: 'Safe rendering',
      body: '# Hello\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) and **bold**',
      published: false,
    };
    expect(
      (await callAs(ctx, as.user as TS, 'POST', '/api/support/content', body)).statusCode,
    ).toBe(403);
    const created = await callAs(ctx, as.super as TS, 'POST', '/api/support/content', body);
    expect(created.statusCode, created.body).toBe(201);
    const article = (created.json() as { data: TArticle }).data;
    expect(article.body_html).toContain('<strong>bold</strong>');
    expect(article.body_html).not.toMatch(/<script|onerror|href="javascript:|<img/i);
    expect(article.body_html).toContain('<h1>Hello</h1>');
    const hidden = await callAs(
      ctx,
      as.user as TS,
      'GET',
      `/api/support/knowledge-base/${article.id}`,
    );
    expect(hidden.statusCode).toBe(404);
    const publish = await ctx.app.inject({
      method: 'PUT',
      url: `/api/support/content/${article.id}`,
      headers: bearer(as.super as TS),
      payload: { ...body, published: true },
    });
    expect(publish.statusCode).toBe(200);
    const seen = await list(
      as.user as TS,
      '/api/support/knowledge-base?language=en&search=rendering',
    );
    expect(seen.map((a) => a.id)).toEqual([article.id]);
    const vote = await callAs(
      ctx,
      as.user as TS,
      'POST',
      `/api/support/knowledge-base/${article.id}/feedback`,
      {
        helpful: true,
      },
    );
    expect(vote.statusCode).toBe(200);
    const after = await callAs(
      ctx,
      as.user as TS,
      'GET',
      `/api/support/knowledge-base/${article.id}`,
    );
    expect((after.json() as { data: TArticle }).data.helpful_yes).toBe(1);
    expect(
      (await callAs(ctx, as.super as TS, 'DELETE', `/api/support/content/${article.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await callAs(ctx, as.user as TS, 'GET', `/api/support/knowledge-base/${article.id}`))
        .statusCode,
    ).toBe(404);
  });
});
