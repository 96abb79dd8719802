import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type TColumn, wholeTable } from '@/components/data-table';
import { ListPage } from '@/components/lists/list-page';
import { editColumn } from '@/components/row-actions';
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
    editColumn(t, {
      label: t('platform.status.edit'),
      ariaLabel: (row) => t('platform.status.editNamed', { name: labelOf(row).name }),
      onEdit: (row) => form.open(row),
      testId: 'status-edit',
    }),
  ];

  return (
    <ListPage
      prefix="status"
      intro={t('platform.status.intro')}
      source={wholeTable(query, t)}
      columns={columns}
      rowName={(row) => row.status_group}
      emptyText={t('platform.status.empty')}
    >
      <StatusFormModal opened={form.opened} status={form.editing} onClose={form.close} />
    </ListPage>
  );
};
