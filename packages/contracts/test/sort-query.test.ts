import { describe, expect, it } from 'vitest';
import {
  DEPARTEMENT_SORT_KEYS,
  ZDepartementQuery,
  ZDocumentQuery,
  ZPersonalUserQuery,
  ZSortQuery,
} from '../src/index.ts';

describe('ZSortQuery', () => {
  it('keeps the default order without sort, and ascending unless told otherwise', () => {
    expect(ZSortQuery(['name', 'created']).parse({})).toEqual({ order: 'asc' });
    expect(ZDepartementQuery.parse({ page: '2', sort: 'users' })).toEqual({
      page: 2,
      perPage: 10,
      sort: 'users',
      order: 'asc',
    });
    expect(ZDocumentQuery.parse({ sort: 'stamped', order: 'desc' })).toMatchObject({
      status: 'all',
      sort: 'stamped',
      order: 'desc',
    });
  });

  it("refuses keys that are not the list's and unknown orders", () => {
    expect(DEPARTEMENT_SORT_KEYS).not.toContain('created');
    expect(ZDepartementQuery.safeParse({ sort: 'created' }).success).toBe(false);
    expect(ZPersonalUserQuery.safeParse({ sort: 'department' }).success).toBe(false);
    expect(ZDepartementQuery.safeParse({ sort: 'name', order: 'up' }).success).toBe(false);
  });
});
