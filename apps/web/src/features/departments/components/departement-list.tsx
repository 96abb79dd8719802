import { formatNumber, type TDepartement, type TDepartementSortKey } from '@bubuh/contracts';
import { Badge, Button, Paper, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, pagedTable, type TColumn } from '@/components/data-table';
import { actionsColumn, RowActions } from '@/components/row-actions';
import { serverMessage } from '@/lib/api-errors';
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
    actionsColumn(
      t('master.actions.label'),
      (row) => (
        <RowActions
          name={row.name}
          actions={[
            {
              label: t('master.actions.edit'),
              icon: <IconPencil size={18} />,
              onClick: () => openForm(row),
              testId: 'departement-edit',
            },
            {
              label: t('master.actions.delete'),
              icon: <IconTrash size={18} />,
              color: 'red',
              onClick: () => openDelete(row),
              testId: 'departement-delete',
            },
          ]}
        />
      ),
      110,
    ),
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="departement-page">
      <DataTable
        testId="departement-table"
        columns={columns}
        {...pagedTable(list, query, t, t('master.department.search'))}
        rowKey={(row) => row.departement_id}
        rowTestId={(row) => `departement-row-${row.name}`}
        emptyText={t('master.department.empty')}
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
