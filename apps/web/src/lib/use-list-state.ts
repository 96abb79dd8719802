import type { TSortOrder } from '@bubuh/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { sortParams, type TSort } from './sort';

export const DEFAULT_PER_PAGE = 10;

/**
 * Page, search and sort of a server-paged list. The search is debounced; a new search or sort
 * goes back to page 1. `K`: the list's sort keys (none: the list cannot be sorted).
 */
export const useListState = <K extends string = never>(perPage = DEFAULT_PER_PAGE) => {
  const [page, setPage] = useState(1);
  const [search, setSearchValue] = useState('');
  const [sort, setSortValue] = useState<TSort<K> | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const setSearch = (value: string) => {
    setSearchValue(value);
    setPage(1);
  };
  const setSort = (value: TSort<K> | null) => {
    setSortValue(value);
    setPage(1);
  };
  const query: TListQuery<K> = {
    page,
    perPage,
    search: debounced || undefined,
    ...sortParams(sort),
  };
  return { page, setPage, perPage, search, setSearch, sort, setSort, query };
};

export type TListState<K extends string = never> = ReturnType<typeof useListState<K>>;

/** A filter of a server-paged list (status, type, dates): a new value goes back to page 1. */
export const useListFilter = <V>(list: { setPage: (page: number) => void }, initial: V) => {
  const [value, setValue] = useState<V>(initial);
  const change = (next: V) => {
    setValue(next);
    list.setPage(1);
  };
  return [value, change] as const;
};

/** The query of a server-paged list; `sort`/`order` only when the user picked a sort. */
export type TListQuery<K extends string = never> = {
  page: number;
  perPage: number;
  search?: string | undefined;
  sort?: K | undefined;
  order?: TSortOrder | undefined;
};
