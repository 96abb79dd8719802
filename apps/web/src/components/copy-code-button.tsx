import { ActionIcon, Box, Code, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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

/** Where the code is shown: its size, the space above it and the test ids of code and button. */
const DIGIFRIEND_PLACES = {
  menu: { fz: 'sm', mt: 'md', testId: 'profile-digifriend', copyTestId: 'copy-digifriend' },
  account: {
    fz: 'md',
    mt: 'lg',
    testId: 'account-digifriend',
    copyTestId: 'account-copy-digifriend',
  },
} as const;

/** The user's DigiFriend code under its label, with the copy button (and an optional hint). */
export const DigiFriendCode = ({
  code,
  className,
  place,
  children,
}: {
  code: string;
  /** The box around it (its border and background belong to the page). */
  className?: string;
  place: keyof typeof DIGIFRIEND_PLACES;
  /** Under the code. */
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  const { fz, mt, testId, copyTestId } = DIGIFRIEND_PLACES[place];
  return (
    <Box className={className} mt={mt}>
      <Text fz="xs" c="dimmed">
        {t('profile.digiFriendCode')}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Code fz={fz} fw={700} bg="transparent" p={0} data-testid={testId}>
          {code}
        </Code>
        <CopyCodeButton code={code} testId={copyTestId} />
      </Group>
      {children}
    </Box>
  );
};
