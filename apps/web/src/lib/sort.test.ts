import { describe, expect, it } from 'vitest';
import { nextSort, sortParams, type TSort } from './sort';

type TKey = 'name' | 'created';

describe('nextSort', () => {
  it('cycles a header through ascending, descending and no sort', () => {
    const asc = nextSort<TKey>(null, 'name');
    expect(asc).toEqual({ key: 'name', dir: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
  });

  it('starts ascending on another header, whatever the current direction', () => {
    const current: TSort<TKey> = { key: 'name', dir: 'desc' };
    expect(nextSort(current, 'created')).toEqual({ key: 'created', dir: 'asc' });
  });
});

describe('sortParams', () => {
  it('sends sort and order only when a sort is picked', () => {
    expect(sortParams<TKey>(null)).toEqual({});
    expect(sortParams<TKey>({ key: 'created', dir: 'desc' })).toEqual({
      sort: 'created',
      order: 'desc',
    });
  });
});
