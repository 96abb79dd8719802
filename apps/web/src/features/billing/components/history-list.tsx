import { Select } from '@mantine/core';
import { pagedRows, type TColumn, type TPagedQuery } from '@/components/data-table';
import { ListPage } from '@/components/lists/list-page';
import { type TListState, useListFilter, useListState } from '@/lib/use-list-state';
import type { TDayRange } from '../api/billing';
import { saveCsv } from './csv';
import { CsvButton } from './csv-button';
import { DateRangeFilter } from './date-range-filter';

/**
 * Page, days and the second filter of a history (`undefined`: every value); a new range or value
 * goes back to page 1.
 */
export const useHistoryState = <F extends string>() => {
  const list = useListState();
  const [range, setRange] = useListFilter<TDayRange>(list, {});
  const [value, setValue] = useListFilter<F | undefined>(list, undefined);
  return { list, range, setRange, value, setValue };
};

/** One CSV column: its header and the cell of a row. */
export type TCsvColumn<T> = readonly [header: string, cell: (row: T) => string | number];

type THistoryListProps<T extends { id: number }, F extends string> = {
  /** Test ids: `<prefix>-list` on the table, `<prefix>-row` on each row. */
  prefix: string;
  title: string;
  /** `useHistoryState()`: page, days and the second filter's value. */
  state: {
    list: TListState;
    range: TDayRange;
    setRange: (next: TDayRange) => void;
    value: F | undefined;
    setValue: (value: F | undefined) => void;
  };
  query: TPagedQuery<T>;
  /** The second filter (status, type): a clearable choice among `options`. */
  filter: {
    placeholder: string;
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
  state,
  query,
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
          <DateRangeFilter value={state.range} onChange={state.setRange} />
          <Select
            placeholder={filter.placeholder}
            clearable
            value={state.value ?? null}
            onChange={(v) => state.setValue(filter.options.find((option) => option === v))}
            data={filter.options.map((value) => ({ value, label: filter.label(value) }))}
          />
          <CsvButton onClick={exportCsv} />
        </>
      }
      source={pagedRows(state.list, query)}
      columns={columns}
      rowTestId={() => `${prefix}-row`}
      emptyText={emptyText}
    />
  );
};
