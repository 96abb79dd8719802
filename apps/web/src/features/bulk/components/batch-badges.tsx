import type { TBatch, TBatchItemStatus, TBatchStatus } from '@bubuh/contracts';
import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MapBadge } from '@/components/lists/map-badge';

const BATCH_COLOR: Record<TBatchStatus, string> = {
  draft: 'gray',
  running: 'blue',
  paused: 'yellow',
  done: 'teal',
  cancelled: 'red',
};

const ITEM_COLOR: Record<TBatchItemStatus, string> = {
  ready: 'gray',
  rejected: 'red',
  queued: 'gray',
  stamping: 'blue',
  stamped: 'teal',
  failed: 'red',
  cancelled: 'orange',
};

export const BatchStatusBadge = ({ status }: { status: TBatchStatus }) => {
  const { t } = useTranslation();
  return (
    <MapBadge value={status} colors={BATCH_COLOR} data-testid="batch-status">
      {t(`bulk.status.${status}`)}
    </MapBadge>
  );
};

export const ItemStatusBadge = ({ status }: { status: TBatchItemStatus }) => {
  const { t } = useTranslation();
  return (
    <MapBadge value={status} colors={ITEM_COLOR}>
      {t(`bulk.itemStatus.${status}`)}
    </MapBadge>
  );
};

/** The batch's progress bar (stamped, failed, cancelled of the accepted files). */
export const BatchProgress = ({ batch, size = 'sm' }: { batch: TBatch; size?: 'sm' | 'xl' }) => {
  const { counts } = batch;
  const accepted = Math.max(1, counts.total - counts.rejected - counts.ready);
  const part = (n: number) => (n / accepted) * 100;
  return (
    <Progress.Root size={size} data-testid="batch-progress" aria-label={`${batch.progress}%`}>
      <Progress.Section value={part(counts.stamped)} color="teal" />
      <Progress.Section value={part(counts.failed)} color="red" />
      <Progress.Section value={part(counts.cancelled)} color="orange" />
    </Progress.Root>
  );
};

export const BatchCounts = ({ batch }: { batch: TBatch }) => {
  const { t } = useTranslation();
  const { counts } = batch;
  return (
    <Group gap="md" wrap="wrap">
      {(['queued', 'stamping', 'stamped', 'failed', 'cancelled', 'rejected'] as const).map((k) => (
        <Text key={k} fz="sm" data-testid={`batch-count-${k}`}>
          {t(`bulk.itemStatus.${k}`)}: <b>{counts[k]}</b>
        </Text>
      ))}
    </Group>
  );
};
