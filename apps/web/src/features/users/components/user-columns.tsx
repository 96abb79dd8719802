import type { TCompanyUser } from '@bubuh/contracts';
import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { TColumn } from '@/components/data-table';
import { createdColumn } from '@/components/list-columns';

/** The first columns of every user list: the name (with the phone under it) and the e-mail. */
export const userIdentityColumns = (t: TFunction): TColumn<TCompanyUser, 'name' | 'email'>[] => [
  {
    key: 'name',
    header: t('master.user.fullName'),
    sortKey: 'name',
    render: (row) => (
      <Stack gap={0}>
        <Text fw={600} fz="sm">
          {row.fullName}
        </Text>
        {row.phone ? (
          <Text fz="xs" c="dimmed">
            {row.phone}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'email',
    header: t('master.user.email'),
    sortKey: 'email',
    render: (row) => <Text fz="sm">{row.email}</Text>,
  },
];

/** When the user was created (sortable). */
export const userCreatedColumn = (t: TFunction): TColumn<TCompanyUser, 'created'> =>
  createdColumn(t('master.user.created'), 'created');
