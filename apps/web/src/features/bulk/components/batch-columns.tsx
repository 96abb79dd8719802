import { formatDate, type TBatch, type TBatchSortKey } from '@bubuh/contracts';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { TColumn } from '@/components/data-table';
import { BatchStatusBadge } from './batch-badges';

type TBatchColumn = TColumn<TBatch, TBatchSortKey>;

/** The columns every list of batches shows: name (and owner), created, files, status. */
export const batchColumns = (
  t: TFunction,
): Record<'name' | 'date' | 'total' | 'status', TBatchColumn> => ({
  name: {
    key: 'name',
    header: t('bulk.list.name'),
    sortKey: 'name',
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
  },
  date: {
    key: 'date',
    header: t('bulk.list.created'),
    sortKey: 'date',
    render: (row) => <Text fz="sm">{formatDate(row.created_at)}</Text>,
  },
  total: {
    key: 'total',
    header: t('bulk.list.documents'),
    sortKey: 'total',
    render: (row) => <Text fz="sm">{row.counts.total}</Text>,
  },
  status: {
    key: 'status',
    header: t('bulk.list.status'),
    sortKey: 'status',
    render: (row) => <BatchStatusBadge status={row.status} />,
  },
});
