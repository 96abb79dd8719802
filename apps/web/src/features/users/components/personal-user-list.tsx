import { formatDate, type TCompanyUser, type TPersonalUserSortKey } from '@bubuh/contracts';
import { Badge, Code, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, pagedTable, type TColumn } from '@/components/data-table';
import { ListSection } from '@/components/list-section';
import { useListState } from '@/lib/use-list-state';
import { usePersonalUsers } from '../api/users';
import { userIdentityColumns } from './user-columns';

/** /master/personal-user (super): personal accounts, searchable and paged. */
export const PersonalUserList = () => {
  const { t } = useTranslation();
  const list = useListState<TPersonalUserSortKey>();
  const query = usePersonalUsers(list.query);

  const columns = useMemo<TColumn<TCompanyUser, TPersonalUserSortKey>[]>(
    () => [
      ...userIdentityColumns(t),
      {
        key: 'code',
        header: t('master.user.digiFriend'),
        render: (row) => <Code>{row.emet_id}</Code>,
      },
      {
        key: 'verified',
        header: t('master.user.status'),
        render: (row) => (
          <Badge variant="dot" color={row.email_verified ? 'green' : 'orange'}>
            {row.email_verified ? t('master.user.verified') : t('master.user.unverified')}
          </Badge>
        ),
      },
      {
        key: 'created',
        header: t('master.user.created'),
        sortKey: 'created',
        render: (row) => <Text fz="sm">{formatDate(row.created_at)}</Text>,
      },
    ],
    [t],
  );

  return (
    <ListSection testId="personal-user-page">
      <DataTable
        testId="personal-user-table"
        columns={columns}
        {...pagedTable(list, query, t, t('master.user.search'))}
        rowKey={(row) => row.id}
        rowTestId={(row) => `personal-user-row-${row.email}`}
        emptyText={t('master.personal.empty')}
      />
    </ListSection>
  );
};
