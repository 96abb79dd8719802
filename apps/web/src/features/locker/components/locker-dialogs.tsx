import type { TLockerItem, TLockerSpace } from '@bubuh/contracts';
import { Button, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/forms/dialog-modal';
import { DialogActions } from '@/components/ui/dialog-actions';
import { useLockerFolders } from '../api/locker';

/** Asks for a folder or file name (new folder, rename). */
export const NameModal = ({
  opened,
  title,
  initial,
  submitLabel,
  loading,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  loading: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  useEffect(() => {
    if (opened) setName(initial);
  }, [opened, initial]);
  return (
    <DialogModal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) onSubmit(name.trim());
        }}
      >
        <Stack gap="md" data-testid="locker-name-modal">
          <TextInput
            label={t('locker.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
            maxLength={255}
            data-testid="locker-name-input"
          />
          <DialogActions error={error} loading={loading} onCancel={onClose}>
            <Button type="submit" loading={loading} disabled={!name.trim()}>
              {submitLabel}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </DialogModal>
  );
};

/** Picks the folder to move items into (any folder of the space but the moved ones). */
export const MoveModal = ({
  opened,
  space,
  moving,
  loading,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  space: TLockerSpace;
  moving: TLockerItem[];
  loading: boolean;
  error: string | null;
  onSubmit: (parentId: number | null) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const folders = useLockerFolders(space, opened);
  const [target, setTarget] = useState<string>('root');
  useEffect(() => {
    if (opened) setTarget('root');
  }, [opened]);
  const movingIds = new Set(moving.map((m) => m.file_manager_id));
  const movingNames = new Set(moving.filter((m) => m.type === 'folder').map((m) => m.name));
  const options = [
    { value: 'root', label: t('locker.root') },
    ...(folders.data ?? [])
      .filter((f) => !movingIds.has(f.file_manager_id))
      .filter((f) => !f.path.some((p) => movingNames.has(p)))
      .map((f) => ({
        value: String(f.file_manager_id),
        label: [...f.path, f.name].join(' / '),
      })),
  ];
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={t('locker.moveTitle', { count: moving.length })}
    >
      <Stack gap="md" data-testid="locker-move-modal">
        <Select
          label={t('locker.moveTo')}
          data={options}
          value={target}
          onChange={(value) => setTarget(value ?? 'root')}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="locker-move-target"
        />
        <DialogActions error={error} loading={loading} onCancel={onClose}>
          <Button
            loading={loading}
            onClick={() => onSubmit(target === 'root' ? null : Number(target))}
            data-testid="locker-move-submit"
          >
            {t('locker.actions.move')}
          </Button>
        </DialogActions>
      </Stack>
    </DialogModal>
  );
};
