import {
  Alert,
  Center,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconChevronDown,
  IconChevronUp,
  IconSearch,
  IconSelector,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type TColumn<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Makes the column sortable (the rows of the current page). */
  sortValue?: (row: T) => string | number;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
};

export type TSort = { key: string; dir: 'asc' | 'desc' };

type TDataTableProps<T> = {
  columns: TColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading: boolean;
  error?: string | null;
  emptyText: string;
  /** Server paging (meta of the list answer). */
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  /** Buttons on the right of the toolbar (e.g. "Add"). */
  actions?: ReactNode;
  testId: string;
  rowTestId?: (row: T) => string;
};

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });

export const sortRows = <T,>(rows: T[], columns: TColumn<T>[], sort: TSort | null): T[] => {
  const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
  if (!sort || !column?.sortValue) return rows;
  const value = column.sortValue;
  const sorted = [...rows].sort((a, b) => compare(value(a), value(b)));
  return sort.dir === 'asc' ? sorted : sorted.reverse();
};

/** A server-paged list: search box, sortable headers, pagination from `meta`. */
export const DataTable = <T,>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  emptyText,
  page,
  perPage,
  total,
  onPageChange,
  search,
  actions,
  testId,
  rowTestId,
}: TDataTableProps<T>) => {
  const { t } = useTranslation();
  const [sort, setSort] = useState<TSort | null>(null);
  const visible = useMemo(() => sortRows(rows ?? [], columns, sort), [rows, columns, sort]);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);

  const toggleSort = (key: string) =>
    setSort((current) =>
      current?.key !== key
        ? { key, dir: 'asc' }
        : current.dir === 'asc'
          ? { key, dir: 'desc' }
          : null,
    );

  const header = (column: TColumn<T>) => {
    if (!column.sortValue) return column.header;
    const active = sort?.key === column.key ? sort.dir : null;
    const Icon =
      active === 'asc' ? IconChevronUp : active === 'desc' ? IconChevronDown : IconSelector;
    return (
      <UnstyledButton
        onClick={() => toggleSort(column.key)}
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

      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          mb="md"
          role="alert"
        >
          {error}
        </Alert>
      ) : null}

      <ScrollArea type="auto">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          miw={640}
          aria-busy={loading}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  aria-sort={
                    sort?.key === column.key
                      ? sort.dir === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {header(column)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>

      {loading && visible.length === 0 ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : null}
      {!loading && !error && visible.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" fz="sm" data-testid={`${testId}-empty`}>
          {emptyText}
        </Text>
      ) : null}

      {total > 0 ? (
        <Group justify="space-between" mt="md" gap="sm">
          <Text fz="sm" c="dimmed" data-testid={`${testId}-range`}>
            {t('master.table.range', { from, to, total })}
          </Text>
          <Pagination
            value={page}
            onChange={onPageChange}
            total={pages}
            size="sm"
            withEdges={pages > 5}
            hideWithOnePage
            data-testid={`${testId}-pagination`}
          />
        </Group>
      ) : null}
    </div>
  );
};
