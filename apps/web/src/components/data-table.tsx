import {
  Center,
  Checkbox,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { ColumnCells, type TColumn } from '@/components/table-column';
import { statusMessage } from '@/lib/api-errors';
import { nextSort, type TSort } from '@/lib/sort';
import type { TListState } from '@/lib/use-list-state';

export type { TColumn } from '@/components/table-column';

/** What `rowProps` may add to a row. */
type TRowProps = { className?: string } & {
  [data: `data-${string}`]: string | boolean | undefined;
};

type TDataTableProps<T, K extends string> = {
  columns: TColumn<T, K>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading: boolean;
  error?: string | null;
  emptyText: string;
  /** Server paging (meta of the list answer). */
  page: number;
  perPage: number;
  total: number;
  /** `total` is a lower bound: the server counted this many matches and stopped. */
  capped?: boolean | undefined;
  onPageChange: (page: number) => void;
  /**
   * Server sorting (controlled): the rows arrive sorted and are shown as they are. A header click
   * cycles ascending → descending → none and goes back to page 1. Without it, nothing is sortable.
   */
  sort?: TSort<K> | null;
  onSortChange?: (sort: TSort<K> | null) => void;
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  /** Buttons on the right of the toolbar (e.g. "Add"). */
  actions?: ReactNode;
  testId: string;
  rowTestId?: (row: T) => string | undefined;
  /** More attributes of a row (a class, `data-*` to find it by). */
  rowProps?: (row: T) => TRowProps;
  /** The table's least width before it scrolls sideways (px). */
  minWidth?: number;
  /** The pagination's first/last buttons (`TableFooter`). */
  withEdges?: boolean;
  /**
   * Row selection (e.g. documents for bulk stamping): a checkbox per row and one in the header
   * that selects or clears the visible page. Keys come from `rowKey`.
   */
  selection?: {
    selected: ReadonlySet<string | number>;
    onChange: (selected: Set<string | number>) => void;
    /** Rows that cannot be picked (their checkbox is disabled). */
    selectable?: (row: T) => boolean;
  };
};

/** Where a table's rows come from: `pagedRows`, `pagedTable` or `wholeTable` (spread into it). */
export type TTableSource<T, K extends string = never> = Pick<
  TDataTableProps<T, K>,
  'rows' | 'loading' | 'error' | 'page' | 'perPage' | 'total' | 'capped' | 'onPageChange'
> &
  Partial<Pick<TDataTableProps<T, K>, 'sort' | 'onSortChange' | 'search'>>;

/** What a paged list query answers: rows plus `meta.total`. */
export type TPagedQuery<T> = {
  data?: { data: T[]; meta: { total: number; capped?: boolean | undefined } } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
};

/**
 * The DataTable props of a server-paged list without search: rows and loading from the query;
 * page and sort from `useListState`. Spread it: `<DataTable {...pagedRows(list, query)} />`.
 */
export const pagedRows = <T, K extends string>(list: TListState<K>, query: TPagedQuery<T>) => ({
  rows: query.data?.data,
  loading: query.isPending || query.isFetching,
  page: list.page,
  perPage: list.perPage,
  total: query.data?.meta.total ?? 0,
  capped: query.data?.meta.capped,
  onPageChange: list.setPage,
  sort: list.sort,
  onSortChange: list.setSort,
});

/**
 * The DataTable props of a server-paged list: `pagedRows`, the query's error and the search box.
 * Spread it: `<DataTable {...pagedTable(list, query, t, hint)} />`.
 */
export const pagedTable = <T, K extends string>(
  list: TListState<K>,
  query: TPagedQuery<T>,
  t: TFunction,
  searchPlaceholder: string,
) => ({
  ...pagedRows(list, query),
  error: query.error ? statusMessage(query.error, t) : null,
  search: { value: list.search, onChange: list.setSearch, placeholder: searchPlaceholder },
});

const noop = () => undefined;

/**
 * The `DataTable` props of a short list loaded whole (no search or sort): one page of every row.
 * Spread it: `<DataTable {...wholeTable(query, t)} />`.
 */
export const wholeTable = <T,>(
  query: { data?: T[] | undefined; isPending: boolean; isFetching: boolean; error: unknown },
  t: TFunction,
) => ({
  rows: query.data,
  loading: query.isPending || query.isFetching,
  error: query.error ? statusMessage(query.error, t) : null,
  page: 1,
  perPage: Math.max(query.data?.length ?? 0, 1),
  total: query.data?.length ?? 0,
  onPageChange: noop,
});

const ARIA_SORT = { asc: 'ascending', desc: 'descending', none: undefined } as const;

/**
 * A server-paged list: search box, server-sorted headers, pagination from `meta`, optional row
 * selection. With `useListState` and `pagedTable` it is the list page kit; `RowActions` and
 * `actionsColumn` (row-actions.tsx) and `ConfirmDialog` complete it.
 */
export const DataTable = <T, K extends string = never>({
  columns,
  rows,
  rowKey,
  sort = null,
  onSortChange,
  search,
  actions,
  rowTestId,
  rowProps,
  minWidth = 640,
  selection,
  ...footer
}: TDataTableProps<T, K>) => {
  const { t } = useTranslation();
  const { loading, error, page, onPageChange, testId } = footer;
  const visible = rows ?? [];

  const toggleSort = (key: K) => {
    onSortChange?.(nextSort(sort, key));
    if (page !== 1) onPageChange(1);
  };

  const pickable = selection
    ? visible.filter((row) => selection.selectable?.(row) ?? true).map(rowKey)
    : [];
  const pickedOnPage = pickable.filter((key) => selection?.selected.has(key)).length;
  const pickAll = (checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const key of pickable) {
      if (checked) next.add(key);
      else next.delete(key);
    }
    selection.onChange(next);
  };
  const pick = (key: string | number, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  };

  const sortOf = (column: TColumn<T, K>) =>
    column.sortKey !== undefined && sort?.key === column.sortKey ? sort.dir : null;

  const header = (column: TColumn<T, K>) => {
    const key = column.sortKey;
    if (key === undefined || !onSortChange) return column.header;
    const active = sortOf(column);
    const Icon =
      active === 'asc' ? IconChevronUp : active === 'desc' ? IconChevronDown : IconSelector;
    return (
      <UnstyledButton
        onClick={() => toggleSort(key)}
        data-testid={`${testId}-sort-${column.key}`}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, font: 'inherit' }}
      >
        {column.header}
        <Icon size={14} stroke={1.8} />
      </UnstyledButton>
    );
  };

  return (
    <div data-testid={testId}>
      {search || actions ? (
        <Group justify="space-between" mb="md" gap="sm">
          {search ? (
            <TextInput
              value={search.value}
              onChange={(event) => search.onChange(event.currentTarget.value)}
              placeholder={search.placeholder}
              aria-label={search.placeholder}
              leftSection={<IconSearch size={16} />}
              w={{ base: '100%', sm: 300 }}
              data-testid={`${testId}-search`}
            />
          ) : (
            <span />
          )}
          {actions ? <Group gap="sm">{actions}</Group> : null}
        </Group>
      ) : null}

      {error ? <ErrorAlert mb="md">{error}</ErrorAlert> : null}

      <ScrollArea type="auto">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          miw={minWidth}
          aria-busy={loading}
        >
          <Table.Thead>
            <Table.Tr>
              {selection ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('master.table.selectPage')}
                    checked={pickable.length > 0 && pickedOnPage === pickable.length}
                    indeterminate={pickedOnPage > 0 && pickedOnPage < pickable.length}
                    disabled={pickable.length === 0}
                    onChange={(event) => pickAll(event.currentTarget.checked)}
                    data-testid={`${testId}-select-page`}
                  />
                </Table.Th>
              ) : null}
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  aria-sort={ARIA_SORT[sortOf(column) ?? 'none']}
                >
                  {header(column)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                {...rowProps?.(row)}
                data-testid={rowTestId?.(row)}
                bg={
                  selection?.selected.has(rowKey(row))
                    ? 'var(--mantine-primary-color-light)'
                    : undefined
                }
              >
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('master.table.selectRow')}
                      checked={selection.selected.has(rowKey(row))}
                      disabled={!(selection.selectable?.(row) ?? true)}
                      onChange={(event) => pick(rowKey(row), event.currentTarget.checked)}
                      data-testid={`${testId}-select`}
                    />
                  </Table.Td>
                ) : null}
                <ColumnCells columns={columns} row={row} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>

      <TableFooter {...footer} count={visible.length} />
    </div>
  );
};

/**
 * Under a server-paged table: a loader while the first page loads, the empty text, and the range
 * ("Showing 1–10 of 42") with the pagination.
 */
export const TableFooter = ({
  loading,
  error,
  count,
  emptyText,
  page,
  perPage,
  total,
  capped,
  onPageChange,
  testId,
  withEdges = true,
}: Pick<
  TDataTableProps<unknown, never>,
  | 'loading'
  | 'error'
  | 'emptyText'
  | 'page'
  | 'perPage'
  | 'total'
  | 'capped'
  | 'onPageChange'
  | 'testId'
  | 'withEdges'
> & {
  /** Rows shown now. */
  count: number;
}) => {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <>
      {loading && count === 0 ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : null}
      {!loading && !error && count === 0 ? (
        <Text c="dimmed" ta="center" py="xl" fz="sm" data-testid={`${testId}-empty`}>
          {emptyText}
        </Text>
      ) : null}
      {total > 0 ? (
        <Group justify="space-between" mt="md" gap="sm">
          <Text fz="sm" c="dimmed" data-testid={`${testId}-range`}>
            {t(capped ? 'master.table.rangeCapped' : 'master.table.range', { from, to, total })}
          </Text>
          <Pagination
            value={page}
            onChange={onPageChange}
            total={pages}
            size="sm"
            withEdges={withEdges && pages > 5}
            hideWithOnePage
            getControlProps={(control) => ({ 'aria-label': t(`master.table.pager.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('master.table.pager.page', { page: n }) })}
            data-testid={`${testId}-pagination`}
          />
        </Group>
      ) : null}
    </>
  );
};
