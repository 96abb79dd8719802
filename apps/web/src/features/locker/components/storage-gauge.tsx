import type { TStorageUse } from '@bubuh/contracts';
import { Group, Paper, Progress, Text } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { gaugeNumbers } from '../utils/locker-format';

/** "312.4 MB of 1,000 MB used" with a bar (red above 90 %). */
export const StorageGauge = ({ use }: { use: TStorageUse }) => {
  const { t, i18n } = useTranslation();
  const numbers = gaugeNumbers(use.size_use_user, use.max_size_digital_loker, i18n.language);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="locker-gauge">
      <Group gap="xs" mb={6} wrap="nowrap">
        <IconDatabase size={16} />
        <Text fz="sm" data-testid="locker-gauge-text">
          {t('locker.gauge', { used: numbers.used, max: numbers.max })}
        </Text>
      </Group>
      <Progress
        value={numbers.percent}
        color={numbers.percent > 90 ? 'red' : 'blue'}
        aria-label={t('locker.gaugeLabel')}
      />
      {use.expiry_digital_locker_date ? (
        <Text fz="xs" c="dimmed" mt={6}>
          {t(use.read_only ? 'locker.expired' : 'locker.expires', {
            date: use.expiry_digital_locker_date,
          })}
        </Text>
      ) : null}
    </Paper>
  );
};
