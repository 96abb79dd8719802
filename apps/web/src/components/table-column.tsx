/**
 * A table column and the cells it renders, shared by `DataTable` and `PlainTable` (kept apart
 * from both so neither table imports the other).
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** `K`: the sort keys of the list (the server sorts the whole list, not the page). */
export type TColumn<T, K extends string = never> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Makes the header a sort button: the server sorts the whole list by this key. */
  sortKey?: K;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
};

/** A row's cells, one per column (`DataTable`, `PlainTable`). */
export const ColumnCells = <T, K extends string>({
  columns,
  row,
}: {
  columns: TColumn<T, K>[];
  row: T;
}) =>
  columns.map((column) => (
    <Table.Td key={column.key} ta={column.align}>
      {column.render(row)}
    </Table.Td>
  ));
