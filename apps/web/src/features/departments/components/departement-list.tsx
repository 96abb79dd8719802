import { formatNumber, type TDepartement, type TDepartementSortKey } from '@bubuh/contracts';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pagedTable, type TColumn } from '@/components/data-table';
import { ListPage } from '@/components/lists/list-page';
import { useListDeletion } from '@/components/lists/use-list-deletion';
import { editDeleteColumn } from '@/components/row-actions';
import { useListState } from '@/lib/use-list-state';
import { useFormDialog } from '@/lib/use-row-dialogs';
import { useDeleteDepartement, useDepartements } from '../api/departements';
import { DepartementFormModal } from './departement-form-modal';

/** The department's balances, one badge column each (grey when empty). */
const QUOTA_COLUMNS = [
  { key: 'emeterai', field: 'quota_emeterai', color: 'brand' },
  { key: 'esign', field: 'quota_esign', color: 'teal' },
] as const;

/** /master/department: the company's departments with their users and quota balances. */
export const DepartementList = () => {
  const { t } = useTranslation();
  const list = useListState<TDepartementSortKey>();
  const query = useDepartements(list.query);
  const form = useFormDialog<TDepartement>();
  const deletion = useListDeletion({
    remove: useDeleteDepartement(),
    idOf: (row: TDepartement) => row.departement_id,
    deleted: t('master.toast.delete', { entity: t('master.entity.department') }),
    title: t('master.department.deleteTitle'),
    body: (row) => t('master.department.deleteBody', { name: row.name }),
  });

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
    ...QUOTA_COLUMNS.map(
      ({ key, field, color }): TColumn<TDepartement, TDepartementSortKey> => ({
        key,
        header: t(`master.department.${key}`),
        sortKey: key,
        align: 'right',
        render: (row) => (
          <Badge variant="light" color={row[field] > 0 ? color : 'secondary'}>
            {formatNumber(row[field])}
          </Badge>
        ),
      }),
    ),
    editDeleteColumn(t, {
      testIdPrefix: 'departement',
      edit: (row) => () => form.open(row),
      onDelete: deletion.ask,
      width: 110,
    }),
  ];

  return (
    <ListPage
      prefix="departement"
      source={pagedTable(list, query, t, t('master.department.search'))}
      columns={columns}
      rowKey={(row) => row.departement_id}
      emptyText={t('master.department.empty')}
      add={{ label: t('master.department.add'), onClick: () => form.open(null) }}
      deletion={deletion}
    >
      <DepartementFormModal opened={form.opened} departement={form.editing} onClose={form.close} />
    </ListPage>
  );
};
