import { Select } from '@mantine/core';
import { pagedRows, type TColumn, type TPagedQuery } from '@/components/data-table';
import { ListPage } from '@/components/lists/list-page';
import type { TListState } from '@/lib/use-list-state';
import type { TDayRange } from '../api/billing';
import { saveCsv } from './csv';
import { CsvButton } from './csv-button';
import { DateRangeFilter } from './date-range-filter';

/** One CSV column: its header and the cell of a row. */
export type TCsvColumn<T> = readonly [header: string, cell: (row: T) => string | number];

type THistoryListProps<T extends { id: number }, F extends string> = {
  /** Test ids: `<prefix>-list` on the table, `<prefix>-row` on each row. */
  prefix: string;
  title: string;
  list: TListState;
  query: TPagedQuery<T>;
  range: TDayRange;
  onRange: (next: TDayRange) => void;
  /** The second filter (status, type): a clearable choice among `options`. */
  filter: {
    placeholder: string;
    value: F | undefined;
    onChange: (value: F | undefined) => void;
    options: readonly F[];
    label: (value: F) => string;
  };
  columns: TColumn<T>[];
  /** "CSV" saves the page's rows as `csv.file` with these columns. */
  csv: { file: string; columns: readonly TCsvColumn<T>[] };
  emptyText: string;
};

/**
 * A billing history (purchases, balance movements): newest first, server-paged, filtered by days
 * and one more field, with the page's rows as CSV.
 */
export const HistoryList = <T extends { id: number }, F extends string>({
  prefix,
  title,
  list,
  query,
  range,
  onRange,
  filter,
  columns,
  csv,
  emptyText,
}: THistoryListProps<T, F>) => {
  const exportCsv = () =>
    saveCsv(
      csv.file,
      csv.columns.map(([header]) => header),
      (query.data?.data ?? []).map((row) => csv.columns.map(([, cell]) => cell(row))),
    );
  return (
    <ListPage
      prefix={prefix}
      testIds={{ table: `${prefix}-list`, page: null }}
      title={title}
      tools={
        <>
          <DateRangeFilter value={range} onChange={onRange} />
          <Select
            placeholder={filter.placeholder}
            clearable
            value={filter.value ?? null}
            onChange={(v) => filter.onChange(filter.options.find((option) => option === v))}
            data={filter.options.map((value) => ({ value, label: filter.label(value) }))}
          />
          <CsvButton onClick={exportCsv} />
        </>
      }
      source={pagedRows(list, query)}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId={() => `${prefix}-row`}
      emptyText={emptyText}
    />
  );
};
