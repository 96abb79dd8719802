import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TColumn } from '@/components/data-table';
import { useFormDialog } from '@/lib/use-row-dialogs';
import { type TMasterStatus, useMasterStatuses } from '../api/master-status';
import { SettingListPage } from './setting-list-page';
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
  ];

  return (
    <SettingListPage
      prefix="status"
      query={query}
      columns={columns}
      rowName={(row) => row.status_group}
      editName={(row) => labelOf(row).name}
      onEdit={form.open}
    >
      <StatusFormModal opened={form.opened} status={form.editing} onClose={form.close} />
    </SettingListPage>
  );
};
