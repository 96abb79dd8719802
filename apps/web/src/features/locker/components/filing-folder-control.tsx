import { Button, Group, Popover, Select, Stack, Text } from '@mantine/core';
import { IconFolderCog } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/api-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFilingFolder, useLockerFolders, useSetFilingFolder } from '../api/locker';

const DEFAULT = 'default';

/** "File my stamped documents in: <folder>": the user's filing folder, chosen in a popover. */
export const FilingFolderControl = ({ canWrite }: { canWrite: boolean }) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<string>(DEFAULT);
  const filing = useFilingFolder();
  const folders = useLockerFolders('private', opened);
  const save = useSetFilingFolder();
  if (!filing.data) return null;
  const current = filing.data;

  const open = () => {
    setValue(current.file_manager_id === null ? DEFAULT : String(current.file_manager_id));
    setOpened(true);
  };
  const submit = () =>
    save
      .mutateAsync({ body: { file_manager_id: value === DEFAULT ? null : Number(value) } })
      .then((body) => {
        notifySuccess(t('locker.filing.saved', { folder: body.data.name }));
        setOpened(false);
      })
      .catch((error: unknown) => notifyError(serverMessage(error, t)));

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={320} withArrow>
      <Popover.Target>
        <Button
          variant="subtle"
          leftSection={<IconFolderCog size={16} />}
          onClick={() => (opened ? setOpened(false) : open())}
          disabled={!canWrite}
          data-testid="locker-filing-folder"
        >
          {t('locker.filing.label', { folder: current.name })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('locker.filing.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('locker.filing.help')}
          </Text>
          <Select
            label={t('locker.filing.folder')}
            value={value}
            onChange={(next) => setValue(next ?? DEFAULT)}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: false }}
            data={[
              { value: DEFAULT, label: t('locker.filing.default') },
              ...(folders.data ?? []).map((folder) => ({
                value: String(folder.file_manager_id),
                label: [...folder.path, folder.name].join(' / '),
              })),
            ]}
            data-testid="locker-filing-select"
          />
          <Group justify="flex-end">
            <Button size="xs" onClick={submit} loading={save.isPending}>
              {t('locker.filing.save')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
