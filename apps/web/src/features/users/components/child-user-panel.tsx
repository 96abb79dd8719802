import { formatDate, formatNumber } from '@bubuh/contracts';
import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '@/components/delete-confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { RowActions } from '@/components/row-actions';
import { SectionHeading } from '@/components/section-card';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useDeleteConfirm } from '@/lib/use-row-dialogs';
import { useAddChildUser, useChildUsers, useRemoveChildUser } from '../api/users';
import { UserFields } from './user-fields';
import { emailError, fullNameError } from './user-rules';

/** Child users of the subscription (plan total_multiuser): used/limit, add, remove (spec §3, §8). */
export const ChildUserPanel = () => {
  const { t } = useTranslation();
  const query = useChildUsers();
  const add = useAddChildUser();
  const remove = useRemoveChildUser();
  const deletion = useDeleteConfirm({
    remove,
    idOf: (row: { id: number; fullName: string }) => row.id,
    onDeleted: () => notifySuccess(t('master.toast.delete', { entity: t('master.entity.user') })),
    errorText: (error) => serverMessage(error, t),
  });
  const form = useForm({
    initialValues: { fullName: '', email: '' },
    validate: {
      fullName: (value) => fullNameError(t, value),
      email: (value) => emailError(t, value),
    },
  });

  const submit = form.onSubmit((values) => {
    add.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('master.toast.add', { entity: t('master.entity.user') }));
        form.reset();
      },
    });
  });

  const data = query.data;
  const full = data ? data.used >= data.limit : false;

  return (
    <Stack gap="lg" data-testid="child-user-panel">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <div>
            <SectionHeading
              order={3}
              title={t('master.child.title')}
              hint={t('master.child.body')}
              maw={520}
            />
          </div>
          {data ? (
            <Stack gap={6} miw={200}>
              <Group justify="space-between" gap="xs">
                <Text fz="sm" c="dimmed">
                  {t('master.child.used')}
                </Text>
                <Text fw={700} data-testid="child-user-usage">
                  {formatNumber(data.used)} / {formatNumber(data.limit)}
                </Text>
              </Group>
              <Progress
                value={data.limit > 0 ? (data.used / data.limit) * 100 : 0}
                color={full ? 'orange' : 'brand'}
                aria-label={t('master.child.used')}
              />
            </Stack>
          ) : null}
        </Group>

        <form onSubmit={submit} noValidate data-testid="child-user-form">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="lg">
            <UserFields
              name={form.getInputProps('fullName')}
              email={form.getInputProps('email')}
              testIdPrefix="child-user"
            />
            <Button
              type="submit"
              mt={{ base: 0, sm: 25 }}
              leftSection={<IconUserPlus size={16} />}
              loading={add.isPending}
              disabled={full}
              data-testid="child-user-submit"
            >
              {t('master.child.add')}
            </Button>
          </SimpleGrid>
        </form>
        {add.error ? (
          <ErrorAlert mt="md" testId="child-user-error">
            {serverMessage(add.error, t)}
          </ErrorAlert>
        ) : null}
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        {query.error ? (
          <ErrorAlert>{serverMessage(query.error, t)}</ErrorAlert>
        ) : data && data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg" fz="sm" data-testid="child-user-empty">
            {t('master.child.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('master.user.fullName')}</Table.Th>
                  <Table.Th>{t('master.user.email')}</Table.Th>
                  <Table.Th>{t('master.user.status')}</Table.Th>
                  <Table.Th>{t('master.user.created')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.data ?? []).map((child) => (
                  <Table.Tr key={child.id} data-testid={`child-user-row-${child.email}`}>
                    <Table.Td fw={600} fz="sm">
                      {child.fullName}
                    </Table.Td>
                    <Table.Td fz="sm">{child.email}</Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={child.invitation_pending ? 'orange' : 'green'}>
                        {child.invitation_pending
                          ? t('master.user.invited')
                          : t('master.user.active')}
                      </Badge>
                    </Table.Td>
                    <Table.Td fz="sm">{formatDate(child.created_at)}</Table.Td>
                    <Table.Td ta="right">
                      <RowActions
                        name={child.fullName}
                        actions={[
                          {
                            label: t('master.actions.delete'),
                            icon: <IconTrash size={18} />,
                            color: 'red',
                            onClick: () => deletion.ask(child),
                            testId: 'child-user-delete',
                          },
                        ]}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <DeleteConfirmDialog
        deletion={deletion}
        testId="child-user-delete-dialog"
        title={t('master.child.deleteTitle')}
        body={(row) => t('master.user.deleteBody', { name: row.fullName })}
      />
    </Stack>
  );
};
