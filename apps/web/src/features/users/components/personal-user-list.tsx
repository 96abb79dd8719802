import type { TCompanyUser, TPersonalUserSortKey } from '@bubuh/contracts';
import { Code } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, pagedTable, type TColumn } from '@/components/data-table';
import { flagColumn } from '@/components/flag-column';
import { ListSection } from '@/components/list-section';
import { useListState } from '@/lib/use-list-state';
import { usePersonalUsers } from '../api/users';
import { userCreatedColumn, userIdentityColumns } from './user-columns';

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
      flagColumn({
        key: 'verified',
        header: t('master.user.status'),
        on: (row) => row.email_verified,
        labels: [t('master.user.verified'), t('master.user.unverified')],
        colors: ['green', 'orange'],
      }),
      userCreatedColumn(t),
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
