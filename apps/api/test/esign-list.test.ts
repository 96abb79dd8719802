/**
 * The specimen list of /master/esign: searched, sorted and paged on the server, while the old
 * shape stays (`data` is the array of specimens, `meta` describes the page).
 */
import { ZEsignList } from '@bubuh/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVerifiedUser, login } from './auth-helpers.ts';
import type { TSession } from './documents-helpers.ts';
import { signaturePng } from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';
import { expectRefusedQuery } from './list-helpers.ts';
import { postSpecimen } from './multipart.ts';

let ctx: TTestContext;
let owner: TSession;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ...RELAXED_LIMITS },
  });
  owner = (await login(ctx, await createVerifiedUser(ctx))) as TSession;
});
afterAll(() => ctx.close());

const signature = () =>
  signaturePng({
    width: 200,
    height: 80,
    path: 'M10 60 C 50 5, 110 75, 190 15',
    stroke: '#111',
    strokeWidth: 5,
  });

const add = async (name: string, source: 'drawn' | 'upload') => {
  const res = await postSpecimen(ctx, owner, await signature(), { source, name });
  expect(res.statusCode, res.body).toBe(201);
};

const list = async (query = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/esign/by/${owner.userData.id}${query}`,
    headers: bearer(owner),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZEsignList.parse(res.json());
};

/** Every page of `perPage` names for the query. */
const pages = async (params: Record<string, string>, perPage = 2) => {
  const all: string[][] = [];
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ ...params, page: String(page), perPage: String(perPage) });
    const body = await list(`?${query}`);
    expect(body.meta).toMatchObject({ page, perPage, total: 4 });
    all.push(body.data.map((s) => s.name));
    if (page * perPage >= body.meta.total) return all;
  }
};

describe('specimen list', () => {
  it('searches, sorts and pages on the server and keeps `data` the array', async () => {
    await add('Delta', 'upload');
    await add('alpha', 'drawn');
    await add('Charlie', 'upload');
    await add('Bravo', 'drawn');

    // Without parameters: every specimen, oldest first, as before.
    const plain = await list();
    expect(plain.data.map((s) => s.name)).toEqual(['Delta', 'alpha', 'Charlie', 'Bravo']);
    expect(plain.meta).toEqual({ page: 1, perPage: 100, total: 4 });
    expect(plain.data[0]?.is_default).toBe(true);

    expect(await pages({ sort: 'name' })).toEqual([
      ['alpha', 'Bravo'],
      ['Charlie', 'Delta'],
    ]);
    expect(await pages({ sort: 'name', order: 'desc' })).toEqual([
      ['Delta', 'Charlie'],
      ['Bravo', 'alpha'],
    ]);
    // Ties keep the id order, in the sort direction.
    expect(await pages({ sort: 'source' })).toEqual([
      ['alpha', 'Bravo'],
      ['Delta', 'Charlie'],
    ]);
    expect(await pages({ sort: 'default', order: 'desc' }, 3)).toEqual([
      ['Delta', 'Bravo', 'Charlie'],
      ['alpha'],
    ]);
    expect(await pages({ sort: 'created', order: 'desc' })).toEqual([
      ['Bravo', 'Charlie'],
      ['alpha', 'Delta'],
    ]);

    const searched = await list('?search=RAV');
    expect(searched.data.map((s) => s.name)).toEqual(['Bravo']);
    expect(searched.meta.total).toBe(1);
    expect((await list('?search=li&sort=name')).data.map((s) => s.name)).toEqual(['Charlie']);

    await expectRefusedQuery(ctx, owner, `/api/v1/esign/by/${owner.userData.id}?sort=id`, 'sort');
  });
});
