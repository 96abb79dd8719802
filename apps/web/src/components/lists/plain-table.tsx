import { Table } from '@mantine/core';
import { ColumnCells, type TColumn } from '@/components/table-column';

type TPlainTableProps<T> = {
  /** `DataTable`'s columns (their `sortKey` is not used). */
  columns: TColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** The table's least width before it scrolls sideways (px). */
  minWidth: number;
  verticalSpacing?: number | string;
};

/** A short table shown whole: no search, sorting or paging (those are `DataTable`'s). */
export const PlainTable = <T,>({
  columns,
  rows,
  rowKey,
  minWidth,
  verticalSpacing,
}: TPlainTableProps<T>) => (
  <Table.ScrollContainer minWidth={minWidth}>
    <Table verticalSpacing={verticalSpacing}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} w={column.width} ta={column.align}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            <ColumnCells columns={columns} row={row} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
