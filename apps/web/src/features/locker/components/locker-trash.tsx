import { LOCKER_TRASH_DAYS } from '@bubuh/contracts';
import { Alert, Button, Group, Table, Text } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryFallback } from '@/components/query-fallback';
import { serverMessage } from '@/lib/api-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLockerTrash, usePurgeItems, useRestoreItem } from '../api/locker';
import { ItemName, ItemRow } from './locker-items';

/** Deleted items of the last 30 days: restore, or delete for good. */
export const LockerTrash = ({ readOnly }: { readOnly: boolean }) => {
  const { t, i18n } = useTranslation();
  const trash = useLockerTrash(true);
  const restore = useRestoreItem();
  const purge = usePurgeItems();
  const items = trash.data;
  const run = (work: Promise<{ message: string }>) =>
    work
      .then((body) => notifySuccess(body.message))
      .catch((error: unknown) => notifyError(serverMessage(error, t)));
  return (
    <div data-testid="locker-trash">
      <Alert variant="light" mb="sm">
        {t('locker.trashNote', { days: LOCKER_TRASH_DAYS })}
      </Alert>
      {!items ? (
        <QueryFallback pending={trash.isPending} error={trash.error} />
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('locker.trashEmpty')}
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Tbody>
            {items.map((item) => (
              <ItemRow key={item.file_manager_id} item={item} testId="locker-trash-item">
                <Table.Td>
                  <ItemName
                    item={item}
                    note={t('locker.deletedAt', {
                      date: new Date(item.deleted_at ?? item.updated_at).toLocaleString(
                        i18n.language === 'id' ? 'id-ID' : 'en-GB',
                      ),
                    })}
                  />
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconRestore size={14} />}
                      disabled={readOnly || !item.can_manage}
                      onClick={() =>
                        run(
                          restore.mutateAsync({
                            params: { file_manager_id: item.file_manager_id },
                          }),
                        )
                      }
                    >
                      {t('locker.actions.restore')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrashX size={14} />}
                      disabled={!item.can_manage}
                      onClick={() =>
                        run(purge.mutateAsync({ body: { ids: [item.file_manager_id] } }))
                      }
                    >
                      {t('locker.actions.purge')}
                    </Button>
                  </Group>
                </Table.Td>
              </ItemRow>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
};
