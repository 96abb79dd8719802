import { Code, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TColumn, wholeTable } from '@/components/data-table';
import { actionsColumn, RowActions } from '@/components/row-actions';
import { useFormDialog } from '@/lib/use-row-dialogs';
import { type TMasterStatus, useMasterStatuses } from '../api/master-status';
import { StatusFormModal } from './status-form-modal';
import { useStatusLabel } from './use-status-label';

/** /master/status (super): the configuration values of spec §3, each value editable. */
export const StatusList = () => {
  const { t } = useTranslation();
  const query = useMasterStatuses();
  const labelOf = useStatusLabel();
  const form = useFormDialog<TMasterStatus>();

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
    actionsColumn(
      t('master.actions.label'),
      (row) => (
        <RowActions
          actions={[
            {
              label: t('platform.status.edit'),
              ariaLabel: t('platform.status.editNamed', { name: labelOf(row).name }),
              icon: <IconPencil size={18} />,
              onClick: () => form.open(row),
              testId: 'status-edit',
            },
          ]}
        />
      ),
      64,
    ),
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="status-page">
      <Text c="dimmed" fz="sm" mb="md">
        {t('platform.status.intro')}
      </Text>
      <DataTable
        testId="status-table"
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId={(row) => `status-row-${row.status_group}`}
        {...wholeTable(query, t)}
        emptyText={t('platform.status.empty')}
      />
      <StatusFormModal opened={form.opened} status={form.editing} onClose={form.close} />
    </Paper>
  );
};
