import type { TLockerSpace } from '@bubuh/contracts';
import { ActionIcon, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadLockerFile, useInvalidateLocker } from '../api/locker';

export type TUpload = {
  id: number;
  name: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
};

let nextId = 1;

/** Uploads files one after another (each with its own progress) into the open folder. */
export const useUploads = (target: { space: TLockerSpace; parentId: number | null }) => {
  const [uploads, setUploads] = useState<TUpload[]>([]);
  const invalidate = useInvalidateLocker();
  const patch = (id: number, values: Partial<TUpload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...values } : u)));

  const start = async (files: File[]) => {
    const queued = files.map((file) => ({ file, id: nextId++ }));
    setUploads((list) => [
      ...list.filter((u) => u.status !== 'done'),
      ...queued.map(({ file, id }) => ({
        id,
        name: file.name,
        progress: 0,
        status: 'uploading' as const,
      })),
    ]);
    for (const { file, id } of queued) {
      try {
        await uploadLockerFile(file, target, (progress) => patch(id, { progress }));
        patch(id, { status: 'done', progress: 1 });
      } catch (error) {
        patch(id, {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
      }
      await invalidate();
    }
  };
  const dismiss = (id: number) => setUploads((list) => list.filter((u) => u.id !== id));
  return { uploads, start, dismiss };
};

export const UploadQueue = ({
  uploads,
  onDismiss,
}: {
  uploads: TUpload[];
  onDismiss: (id: number) => void;
}) => {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="locker-uploads">
      <Stack gap={6}>
        {uploads.map((u) => (
          <div key={u.id} data-testid="locker-upload" data-status={u.status}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" truncate>
                {u.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text fz="xs" c={u.status === 'failed' ? 'red' : 'dimmed'}>
                  {u.status === 'failed'
                    ? u.error
                    : u.status === 'done'
                      ? t('locker.upload.done')
                      : `${Math.round(u.progress * 100)}%`}
                </Text>
                {u.status !== 'uploading' ? (
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    onClick={() => onDismiss(u.id)}
                    aria-label={t('locker.upload.dismiss')}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                ) : null}
              </Group>
            </Group>
            <Progress
              size="xs"
              value={u.progress * 100}
              color={u.status === 'failed' ? 'red' : u.status === 'done' ? 'green' : 'blue'}
            />
          </div>
        ))}
      </Stack>
    </Paper>
  );
};
