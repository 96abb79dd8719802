import {
  canManageRole,
  type TCompanyUser,
  type TCompanyUserSortKey,
  type TRole,
} from '@bubuh/contracts';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pagedTable, type TColumn } from '@/components/data-table';
import { flagColumn } from '@/components/flag-column';
import { optionalTextColumn } from '@/components/list-columns';
import { ListPage } from '@/components/lists/list-page';
import { MapBadge } from '@/components/lists/map-badge';
import { useListDeletion } from '@/components/lists/use-list-deletion';
import { editDeleteColumn } from '@/components/row-actions';
import { statusMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useListState } from '@/lib/use-list-state';
import { useFormDialog } from '@/lib/use-row-dialogs';
import { useCompanyUsers, useDeleteUser } from '../api/users';
import { userCreatedColumn, userIdentityColumns } from './user-columns';
import { type TDepartementChoice, UserFormModal } from './user-form-modal';

const ROLE_COLORS: Record<TCompanyUser['role'], string> = {
  admin: 'brand',
  'admin-company': 'indigo',
  user: 'teal',
  super: 'grape',
};

type TCompanyUserListProps = {
  departements: TDepartementChoice[];
  /** The signed-in admin's role: rows it may not manage (user policy) get no actions. */
  actorRole: TRole;
};

/** /master/user: the company's users (own record excluded), with add, edit and delete. */
export const CompanyUserList = ({ departements, actorRole }: TCompanyUserListProps) => {
  const canAppointAdmin = canManageRole(actorRole, 'admin');
  const { t } = useTranslation();
  const list = useListState<TCompanyUserSortKey>();
  const query = useCompanyUsers(list.query);
  const form = useFormDialog<TCompanyUser>();
  const deletion = useListDeletion({
    remove: useDeleteUser(),
    idOf: (row: TCompanyUser) => row.id,
    deleted: (answer) =>
      notifySuccess(
        answer.data.outcome === 'deactivated'
          ? t('master.user.deactivated')
          : t('master.toast.delete', { entity: t('master.entity.user') }),
      ),
    errorText: (error) => statusMessage(error, t),
    title: t('master.user.deleteTitle'),
    body: (row) => t('master.user.deleteBody', { name: row.fullName }),
  });

  const columns: TColumn<TCompanyUser, TCompanyUserSortKey>[] = [
    ...userIdentityColumns(t),
    {
      key: 'role',
      header: t('master.user.role'),
      sortKey: 'role',
      render: (row) => (
        <MapBadge value={row.role} colors={ROLE_COLORS}>
          {t(`master.roles.${row.role}`)}
        </MapBadge>
      ),
    },
    optionalTextColumn({
      key: 'department',
      header: t('master.user.department'),
      sortKey: 'department',
      value: (row) => row.departement_name,
      fallback: () => '—',
    }),
    flagColumn({
      key: 'status',
      header: t('master.user.status'),
      on: (row) => row.invitation_pending,
      labels: [t('master.user.invited'), t('master.user.active')],
      colors: ['orange', 'green'],
    }),
    userCreatedColumn(t),
    editDeleteColumn(t, {
      testIdPrefix: 'user',
      name: (row) => row.fullName,
      manageable: (row) => canManageRole(actorRole, row.role),
      edit: (row) => () => form.open(row),
      onDelete: deletion.ask,
    }),
  ];

  return (
    <ListPage
      prefix="user"
      bare
      source={pagedTable(list, query, t, t('master.user.search'))}
      columns={columns}
      rowName={(row) => row.email}
      emptyText={t('master.user.empty')}
      add={{
        label: t('master.user.add'),
        icon: <IconUserPlus size={16} />,
        onClick: () => form.open(null),
      }}
      deletion={deletion}
    >
      <UserFormModal
        opened={form.opened}
        user={form.editing}
        departements={departements}
        canAppointAdmin={canAppointAdmin}
        onClose={form.close}
      />
    </ListPage>
  );
};
