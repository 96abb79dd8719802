import { ActionIcon, Code, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TColumn } from '@/components/data-table';
import { statusMessage } from '@/lib/api-errors';
import { type TMasterStatus, useMasterStatuses } from '../api/master-status';
import { StatusFormModal } from './status-form-modal';
import { useStatusLabel } from './use-status-label';

const noop = () => undefined;

/** /master/status (super): the configuration values of spec §3, each value editable. */
export const StatusList = () => {
  const { t } = useTranslation();
  const query = useMasterStatuses();
  const labelOf = useStatusLabel();
  const [editing, setEditing] = useState<TMasterStatus | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const rows = query.data;

  const openForm = (status: TMasterStatus) => {
    setEditing(status);
    setFormOpen(true);
  };

  const columns: TColumn<TMasterStatus>[] = [
    {
      key: 'setting',
      header: t('platform.status.setting'),
      render: (row) => (
        <Stack gap={2}>
          <Text fw={600} fz="sm">
            {labelOf(row).name}
          </Text>
          <Code w="fit-content">{row.status_group}</Code>
        </Stack>
      ),
    },
    {
      key: 'value',
      header: t('platform.status.value'),
      render: (row) => (
        <Text fw={600} fz="sm" ff="monospace" data-testid={`status-value-${row.status_group}`}>
          {row.status_name}
        </Text>
      ),
    },
    {
      key: 'description',
      header: t('platform.status.description'),
      render: (row) => (
        <Text fz="sm" c="dimmed" maw={420}>
          {labelOf(row).hint}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('master.actions.label')}</VisuallyHidden>,
      align: 'right',
      width: 64,
      render: (row) => (
        <Tooltip label={t('platform.status.edit')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('platform.status.editNamed', { name: labelOf(row).name })}
            onClick={() => openForm(row)}
            data-testid="status-edit"
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="status-page">
      <Text c="dimmed" fz="sm" mb="md">
        {t('platform.status.intro')}
      </Text>
      <DataTable
        testId="status-table"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowTestId={(row) => `status-row-${row.status_group}`}
        loading={query.isPending || query.isFetching}
        error={query.error ? statusMessage(query.error, t) : null}
        emptyText={t('platform.status.empty')}
        page={1}
        perPage={Math.max(rows?.length ?? 0, 1)}
        total={rows?.length ?? 0}
        onPageChange={noop}
      />
      <StatusFormModal opened={formOpen} status={editing} onClose={() => setFormOpen(false)} />
    </Paper>
  );
};
