import type { TBatch, TBatchSortKey } from '@bubuh/contracts';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { TColumn } from '@/components/data-table';
import { createdColumn, nameOwnerColumn } from '@/components/list-columns';
import { BatchStatusBadge } from './batch-badges';

type TBatchColumn = TColumn<TBatch, TBatchSortKey>;

/**
 * The columns every list of batches shows: name (and owner; a link to `linkTo` when given),
 * created, files, status.
 */
export const batchColumns = (
  t: TFunction,
  linkTo?: (row: TBatch) => string,
): Record<'name' | 'date' | 'total' | 'status', TBatchColumn> => ({
  name: nameOwnerColumn(t('bulk.list.name'), 'name', linkTo),
  date: createdColumn(t('bulk.list.created'), 'date'),
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
