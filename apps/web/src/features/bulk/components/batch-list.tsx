import type { TBatch, TBatchSortKey } from '@bubuh/contracts';
import { Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagedTable, type TColumn } from '@/components/data-table';
import { ListPage } from '@/components/lists/list-page';
import { oneActionColumn, rowAction } from '@/components/row-actions';
import { useListState } from '@/lib/use-list-state';
import { useBatches } from '../api/batches';
import { BatchProgress } from './batch-badges';
import { batchColumns } from './batch-columns';
import { NewBatchModal } from './new-batch-modal';

type TBatchListProps = {
  /** The batch's own page (/stamp/bulk/{id}). */
  detailPath: (id: number) => string;
  onCreated: (id: number) => void;
  /** Open "New batch" at once with this bulk template (/stamp/bulk/use-template/{id}). */
  templateId?: number | null;
};

/** /stamp/bulk: the batches, server-paged, searchable and sortable, and "New batch". */
export const BatchList = ({ detailPath, onCreated, templateId = null }: TBatchListProps) => {
  const { t } = useTranslation();
  const list = useListState<TBatchSortKey>();
  const query = useBatches(list.query);
  const [creating, setCreating] = useState(templateId !== null);

  const common = batchColumns(t, (row) => detailPath(row.id));
  const columns: TColumn<TBatch, TBatchSortKey>[] = [
    common.name,
    common.date,
    common.total,
    {
      key: 'result',
      header: t('bulk.list.result'),
      render: (row) => (
        <Text fz="sm">
          {t('bulk.list.stampedFailed', { stamped: row.counts.stamped, failed: row.counts.failed })}
        </Text>
      ),
    },
    common.status,
    {
      key: 'progress',
      header: t('bulk.list.progress'),
      render: (row) => (
        <Stack gap={2} miw={120}>
          <BatchProgress batch={row} />
          <Text fz="xs" c="dimmed">
            {row.progress}%
          </Text>
        </Stack>
      ),
    },
    oneActionColumn(t('stamping.list.actions'), (row) =>
      rowAction(t('bulk.list.open'), <IconEye size={18} />, detailPath(row.id), 'batch-open'),
    ),
  ];

  return (
    <ListPage
      prefix="batch"
      source={pagedTable(list, query, t, t('bulk.list.search'))}
      columns={columns}
      emptyText={t('bulk.list.empty')}
      add={{ label: t('bulk.list.new'), onClick: () => setCreating(true), testId: 'batch-new' }}
    >
      <NewBatchModal
        bulkTemplateId={templateId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          onCreated(id);
        }}
      />
    </ListPage>
  );
};
