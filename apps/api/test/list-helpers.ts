import { ZApiError } from '@bubuh/contracts';
import { expect } from 'vitest';
import { bearer } from './auth-helpers.ts';
import type { TTestContext } from './helpers.ts';

type TPage<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };

/**
 * Every page of a paged list (`perPage` rows each), in order: `pages[1]` is what the list shows
 * after `pages[0]`. `params` is the rest of the query string (sort, order, search, ...).
 */
export const readPages = async <T>(
  ctx: TTestContext,
  session: { accessToken: string },
  path: string,
  params: Record<string, string | number> = {},
  perPage = 2,
) => {
  const pages: T[][] = [];
  let total = 0;
  for (let page = 1; page === 1 || (page - 1) * perPage < total; page += 1) {
    const query = new URLSearchParams({
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      page: String(page),
      perPage: String(perPage),
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${path}?${query}`,
      headers: bearer(session),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = (res.json() as { data: TPage<T> }).data;
    expect(body.meta).toMatchObject({ page, perPage });
    total = body.meta.total;
    pages.push(body.data);
  }
  return { pages, rows: pages.flat(), total };
};

/** A list query the route must refuse with the usual 400 envelope (e.g. an unknown sort key). */
export const expectRefusedQuery = async (
  ctx: TTestContext,
  session: { accessToken: string },
  url: string,
  field: string,
) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(session) });
  expect(res.statusCode, res.body).toBe(400);
  const body = ZApiError.parse(res.json());
  expect(body.errors.status).toBe('VALIDATION_FAILED');
  expect(body.errors[field], res.body).toBeDefined();
};

/**
 * A reader of a paged list as `session`: each page's rows named by `nameOf`, after checking that
 * the list holds `total` rows. `base` goes into every query (e.g. a search tag).
 */
export const pagedNames =
  <T>(
    ctx: TTestContext,
    session: { accessToken: string },
    path: string,
    nameOf: (row: T) => string,
    total: number,
    base: Record<string, string> = {},
  ) =>
  async (params: Record<string, string> = {}) => {
    const read = await readPages<T>(ctx, session, path, { ...base, ...params });
    expect(read.total).toBe(total);
    return read.pages.map((page) => page.map(nameOf));
  };

/** Each `[params, pages]`: reading the list with `params` shows exactly `pages`, in order. */
export const expectPages = async (
  read: (params: Record<string, string>) => Promise<string[][]>,
  cases: readonly (readonly [Record<string, string>, string[][]])[],
) => {
  for (const [params, pages] of cases) {
    expect(await read(params), JSON.stringify(params)).toEqual(pages);
  }
};
