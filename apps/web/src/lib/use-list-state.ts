import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export const DEFAULT_PER_PAGE = 10;

/** Page and search of a server-paged list; the search is debounced and resets to page 1. */
export const useListState = (perPage = DEFAULT_PER_PAGE) => {
  const [page, setPage] = useState(1);
  const [search, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const setSearch = (value: string) => {
    setSearchValue(value);
    setPage(1);
  };
  return {
    page,
    setPage,
    perPage,
    search,
    setSearch,
    query: { page, perPage, search: debounced || undefined },
  };
};

export type TListQuery = { page: number; perPage: number; search?: string | undefined };
