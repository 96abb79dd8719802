import { formatDate } from '@bubuh/contracts';
import { Text } from '@mantine/core';
import type { TColumn } from './data-table';

/** A list's first column: the record's name in bold, its owner small beneath (sorted as `name`). */
export const nameOwnerColumn = <T extends { name: string; owner: string }, K extends string>(
  header: string,
  sortKey: K,
): TColumn<T, K> => ({
  key: 'name',
  header,
  sortKey,
  render: (row) => (
    <div>
      <Text fw={600} fz="sm">
        {row.name}
      </Text>
      <Text fz="xs" c="dimmed">
        {row.owner}
      </Text>
    </div>
  ),
});

/** When the record was created (YYYY-MM-DD, spec §9), sorted as `sortKey`. */
export const createdColumn = <T extends { created_at: string }, K extends string>(
  header: string,
  sortKey: K,
): TColumn<T, K> => ({
  key: sortKey,
  header,
  sortKey,
  render: (row) => <Text fz="sm">{formatDate(row.created_at)}</Text>,
});
