import { formatNumber, type TDepartement, type TDepartementSortKey } from '@bubuh/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type TColumn } from '@/components/data-table';
import { serverMessage, statusMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useListState } from '@/lib/use-list-state';
import { useDeleteDepartement, useDepartements } from '../api/departements';
import { DepartementFormModal } from './departement-form-modal';

/** /master/department: the company's departments with their users and quota balances. */
export const DepartementList = () => {
  const { t } = useTranslation();
  const list = useListState<TDepartementSortKey>();
  const query = useDepartements(list.query);
  const remove = useDeleteDepartement();
  const [editing, setEditing] = useState<TDepartement | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TDepartement | null>(null);

  const openForm = (departement: TDepartement | null) => {
    setEditing(departement);
    setFormOpen(true);
  };
  const openDelete = (departement: TDepartement) => {
    remove.reset();
    setDeleting(departement);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.departement_id, {
      onSuccess: () => {
        notifySuccess(t('master.toast.delete', { entity: t('master.entity.department') }));
        setDeleting(null);
      },
    });
  };

  const columns: TColumn<TDepartement, TDepartementSortKey>[] = [
    {
      key: 'name',
      header: t('master.department.name'),
      sortKey: 'name',
      render: (row) => (
        <Text fw={600} fz="sm">
          {row.name}
        </Text>
      ),
    },
    {
      key: 'users',
      header: t('master.department.users'),
      sortKey: 'users',
      align: 'right',
      render: (row) => formatNumber(row.total_users),
    },
    {
      key: 'emeterai',
      header: t('master.department.emeterai'),
      sortKey: 'emeterai',
      align: 'right',
      render: (row) => (
        <Badge variant="light" color={row.quota_emeterai > 0 ? 'brand' : 'secondary'}>
          {formatNumber(row.quota_emeterai)}
        </Badge>
      ),
    },
    {
      key: 'esign',
      header: t('master.department.esign'),
      sortKey: 'esign',
      align: 'right',
      render: (row) => (
        <Badge variant="light" color={row.quota_esign > 0 ? 'teal' : 'secondary'}>
          {formatNumber(row.quota_esign)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('master.actions.label')}</VisuallyHidden>,
      align: 'right',
      width: 110,
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('master.actions.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('master.actions.edit')} ${row.name}`}
              onClick={() => openForm(row)}
              data-testid="departement-edit"
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('master.actions.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('master.actions.delete')} ${row.name}`}
              onClick={() => openDelete(row)}
              data-testid="departement-delete"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="departement-page">
      <DataTable
        testId="departement-table"
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.departement_id}
        rowTestId={(row) => `departement-row-${row.name}`}
        loading={query.isPending || query.isFetching}
        error={query.error ? statusMessage(query.error, t) : null}
        emptyText={t('master.department.empty')}
        page={list.page}
        perPage={list.perPage}
        total={query.data?.meta.total ?? 0}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{
          value: list.search,
          onChange: list.setSearch,
          placeholder: t('master.department.search'),
        }}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => openForm(null)}
            data-testid="departement-add"
          >
            {t('master.department.add')}
          </Button>
        }
      />
      <DepartementFormModal
        opened={formOpen}
        departement={editing}
        onClose={() => setFormOpen(false)}
      />
      <ConfirmDialog
        testId="departement-delete-dialog"
        opened={deleting !== null}
        title={t('master.department.deleteTitle')}
        body={t('master.department.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('master.actions.delete')}
        loading={remove.isPending}
        error={remove.error ? serverMessage(remove.error, t) : null}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
};
