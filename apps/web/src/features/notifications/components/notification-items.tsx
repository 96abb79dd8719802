import type { TNotification } from '@bubuh/contracts';
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMarkRead } from '../api/notifications';

type TProps = { items: TNotification[]; onOpen?: () => void; testId: string };

/** Notifications as clickable rows: opening one marks it read and follows its link. */
export const NotificationItems = ({ items, onOpen, testId }: TProps) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  if (items.length === 0) {
    return (
      <Text c="dimmed" fz="sm" p="md" ta="center" data-testid={`${testId}-empty`}>
        {t('support.notifications.empty')}
      </Text>
    );
  }
  const open = (n: TNotification) => {
    if (!n.read) markRead.mutate({ params: { id: n.id } });
    onOpen?.();
    if (n.link) navigate(n.link);
  };
  return (
    <Stack gap={0} data-testid={testId}>
      {items.map((n) => (
        <UnstyledButton
          key={n.id}
          onClick={() => open(n)}
          p="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          data-testid={`notification-${n.id}`}
          data-read={n.read}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Box
              mt={6}
              w={8}
              h={8}
              style={{
                borderRadius: 8,
                flexShrink: 0,
                background: n.read ? 'transparent' : 'var(--mantine-color-brand-6)',
              }}
            />
            <Box style={{ minWidth: 0 }}>
              <Text fz="sm" fw={n.read ? 500 : 700} lineClamp={2}>
                {n.header}
              </Text>
              <Text fz="xs" c="dimmed" lineClamp={2}>
                {n.content}
              </Text>
              <Text fz={11} c="dimmed">
                {new Date(n.date).toLocaleString(i18n.language === 'id' ? 'id-ID' : 'en-GB')}
              </Text>
            </Box>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
};
