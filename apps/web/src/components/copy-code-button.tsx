import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';

/** Copies a DigiFriend code; spec §1 toast on success, spec §8 alert on failure. */
export const CopyCodeButton = ({ code, testId }: { code: string; testId?: string }) => {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await copyText(code);
      notifications.show({
        message: t('profile.copySuccess'),
        color: 'green',
        icon: <IconCheck size={18} />,
        autoClose: 3000,
      });
    } catch {
      window.alert(t('profile.copyFailed'));
    }
  };
  return (
    <Tooltip label={t('profile.copyCode')}>
      <ActionIcon
        variant="light"
        size="md"
        aria-label={t('profile.copyCode')}
        onClick={() => void copy()}
        data-testid={testId}
      >
        <IconCopy size={16} />
      </ActionIcon>
    </Tooltip>
  );
};
