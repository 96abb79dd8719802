import type { TBatch } from '@bubuh/contracts';
import { ActionIcon, Group, Loader, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconRefresh, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfDropzone } from '@/components/document-editor/pdf-dropzone';
import { serverMessage } from '@/lib/api-errors';
import { uploadBatchFile, uploadBatchZip } from '../api/batches';

type TUpload = {
  key: number;
  file: File;
  state: 'waiting' | 'uploading' | 'accepted' | 'rejected' | 'error';
  message: string | null;
};

/** Files sent at once: enough to keep the server's worker pool busy, few enough for a slow line. */
const PARALLEL = 3;

/**
 * Step two of a draft batch: drop many PDFs; each is sent on its own (its own state, a failed
 * upload is retried alone) and checked by the server's preflight.
 */
export const BatchUpload = ({ batch }: { batch: TBatch }) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [uploads, setUploads] = useState<TUpload[]>([]);
  const nextKey = useRef(1);

  const patch = useCallback((key: number, change: Partial<TUpload>) => {
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }, []);

  const send = useCallback(
    async (upload: TUpload) => {
      patch(upload.key, { state: 'uploading', message: null });
      try {
        if (/\.zip$/i.test(upload.file.name)) {
          const { items, refused } = (await uploadBatchZip(batch.id, upload.file)).data;
          const rejected = items.filter((i) => i.status === 'rejected');
          const problems = [...rejected.map((i) => `${i.file_name}: ${i.reason ?? ''}`)];
          for (const r of refused) problems.push(`${r.file_name}: ${r.reason}`);
          patch(upload.key, {
            state: problems.length > 0 ? 'rejected' : 'accepted',
            message: [
              t('bulk.upload.zipDone', { count: items.length - rejected.length }),
              ...problems,
            ].join(' · '),
          });
        } else {
          const item = (await uploadBatchFile(batch.id, upload.file)).data;
          patch(upload.key, {
            state: item.status === 'rejected' ? 'rejected' : 'accepted',
            message: item.reason,
          });
        }
      } catch (error) {
        patch(upload.key, { state: 'error', message: serverMessage(error, t) });
      } finally {
        void client.invalidateQueries({ queryKey: ['batch-stamp'] });
      }
    },
    [batch.id, client, patch, t],
  );

  // Starts waiting files while fewer than PARALLEL are on their way.
  useEffect(() => {
    const waiting = uploads.filter((u) => u.state === 'waiting');
    const free = PARALLEL - uploads.filter((u) => u.state === 'uploading').length;
    for (const upload of waiting.slice(0, Math.max(0, free))) void send(upload);
  }, [uploads, send]);

  const add = (file: File) => {
    const key = nextKey.current;
    nextKey.current += 1;
    setUploads((all) => [...all, { key, file, state: 'waiting', message: null }]);
  };

  const finished = uploads.filter((u) => u.state !== 'waiting' && u.state !== 'uploading').length;

  return (
    <Stack gap="sm" data-testid="batch-upload">
      <PdfDropzone
        multiple
        acceptZip
        onFile={add}
        title={t('bulk.upload.title')}
        hint={t('bulk.upload.hint')}
        testId="batch-dropzone"
      />
      {uploads.length > 0 ? (
        <Paper withBorder p="sm">
          <Text fz="sm" mb={6}>
            {t('bulk.upload.progress', { done: finished, total: uploads.length })}
          </Text>
          <Progress value={(finished / uploads.length) * 100} size="sm" mb="sm" />
          <Stack gap={4} mah={260} style={{ overflowY: 'auto' }}>
            {uploads.map((u) => (
              <Group
                key={u.key}
                justify="space-between"
                wrap="nowrap"
                data-testid="batch-upload-row"
              >
                <Text fz="sm" truncate>
                  {u.file.name}
                </Text>
                <Group gap={6} wrap="nowrap">
                  {u.message ? (
                    <Text
                      fz="xs"
                      c={u.state === 'accepted' ? 'dimmed' : 'red'}
                      maw={320}
                      truncate
                      title={u.message}
                    >
                      {u.message}
                    </Text>
                  ) : null}
                  {u.state === 'uploading' || u.state === 'waiting' ? <Loader size="xs" /> : null}
                  {u.state === 'accepted' ? <IconCheck size={16} color="teal" /> : null}
                  {u.state === 'rejected' ? <IconX size={16} color="red" /> : null}
                  {u.state === 'error' ? (
                    <Tooltip label={t('bulk.upload.retry')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('bulk.upload.retry')}
                        onClick={() => patch(u.key, { state: 'waiting', message: null })}
                      >
                        <IconRefresh size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
};
