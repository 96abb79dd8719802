import type { TBatch, TBatchItem, TBatchItemSortKey, TBatchSortKey } from '@bubuh/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileZip, IconFolderOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagedTable, type TColumn } from '@/components/data-table';
import { ListPage } from '@/components/lists/list-page';
import { oneActionColumn, rowAction } from '@/components/row-actions';
import { notifyError } from '@/lib/notify';
import { useListState } from '@/lib/use-list-state';
import { downloadBatchFile, downloadOriginal, useBatches, useBatchFiles } from '../api/batches';
import { ItemStatusBadge } from './batch-badges';
import { batchColumns } from './batch-columns';

/** One batch's files with their originals: each one, or all as one ZIP. */
const BatchOriginals = ({ batch }: { batch: TBatch }) => {
  const { t } = useTranslation();
  const list = useListState<TBatchItemSortKey>();
  const query = useBatchFiles(batch.id, list.query);
  const failed = () => notifyError(t('bulk.detail.downloadFailed'));

  const columns: TColumn<TBatchItem, TBatchItemSortKey>[] = [
    {
      key: 'file_name',
      header: t('bulk.items.file'),
      sortKey: 'file_name',
      render: (row) => <Text fz="sm">{row.file_name}</Text>,
    },
    {
      key: 'status',
      header: t('bulk.items.status'),
      sortKey: 'status',
      render: (row) => <ItemStatusBadge status={row.status} />,
    },
    oneActionColumn(
      t('stamping.list.actions'),
      (row) =>
        row.document_id === null
          ? null
          : rowAction(
              t('bulk.backup.original'),
              <IconDownload size={18} />,
              () => {
                downloadOriginal(row).catch(failed);
              },
              'backup-original',
            ),
      { name: (row) => row.file_name },
    ),
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="backup-files">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="h4">
            {t('bulk.backup.filesOf', { name: batch.name })}
          </Title>
          <Button
            variant="light"
            leftSection={<IconFileZip size={16} />}
            onClick={() => {
              downloadBatchFile(batch, 'originals').catch(failed);
            }}
            data-testid="backup-zip"
          >
            {t('bulk.backup.zip')}
          </Button>
        </Group>
        <ListPage
          prefix="backup-file"
          bare
          source={pagedTable(list, query, t, t('bulk.backup.searchFiles'))}
          columns={columns}
          rowTestId={(row) => `backup-file-${row.file_name}`}
          emptyText={t('bulk.items.empty')}
        />
      </Stack>
    </Paper>
  );
};

/**
 * /stamp/bulk/backup: the originals of the caller's batches (company admins: the company's),
 * browsed by batch: a server-paged, searchable list of batches, then the chosen batch's files.
 */
export const BatchBackup = () => {
  const { t } = useTranslation();
  const list = useListState<TBatchSortKey>();
  const query = useBatches(list.query);
  const [open, setOpen] = useState<TBatch | null>(null);

  const common = batchColumns(t);
  const columns: TColumn<TBatch, TBatchSortKey>[] = [
    common.name,
    common.date,
    common.total,
    common.status,
    oneActionColumn(t('stamping.list.actions'), (row) =>
      rowAction(
        t('bulk.backup.files'),
        <IconFolderOpen size={18} />,
        () => setOpen(row),
        'backup-open',
      ),
    ),
  ];

  return (
    <Stack gap="lg" data-testid="backup-page">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xs">
          <Text c="dimmed" fz="sm">
            {t('bulk.backup.hint')}
          </Text>
          <ListPage
            prefix="backup"
            bare
            source={pagedTable(list, query, t, t('bulk.list.search'))}
            columns={columns}
            emptyText={t('bulk.list.empty')}
          />
        </Stack>
      </Paper>
      {open ? <BatchOriginals key={open.id} batch={open} /> : null}
    </Stack>
  );
};
