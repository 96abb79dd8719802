import type { TCompanyUser, TPersonalUserSortKey } from '@bubuh/contracts';
import { Code } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pagedTable, type TColumn } from '@/components/data-table';
import { flagColumn } from '@/components/flag-column';
import { ListPage } from '@/components/lists/list-page';
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
    <ListPage
      prefix="personal-user"
      source={pagedTable(list, query, t, t('master.user.search'))}
      columns={columns}
      rowName={(row) => row.email}
      emptyText={t('master.personal.empty')}
    />
  );
};
