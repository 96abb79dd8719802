import { ROUTES } from '@bubuh/contracts';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMarkAllRead, useNotifications, useUnreadCount } from '../api/notifications';
import { NotificationItems } from './notification-items';

const LATEST = 8;

/** The navbar bell: unread count, the latest notifications, mark all read, the full list. */
export const NotificationBell = () => {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const unread = useUnreadCount().data ?? 0;
  const list = useNotifications(opened);
  const markAll = useMarkAllRead();
  const label = t('support.notifications.bell', { count: unread });
  return (
    // The indicator wraps the popover: Popover.Target gives its child aria-expanded/haspopup,
    // which belong on the button, not on the indicator's div (axe: aria-allowed-attr).
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      disabled={unread === 0}
      color="red"
      offset={6}
      data-testid="notification-count"
      data-count={unread}
    >
      <Popover
        opened={opened}
        onChange={(o) => (o ? null : close())}
        width={340}
        position="bottom-end"
        shadow="md"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="secondary"
            size={36}
            onClick={toggle}
            aria-label={label}
            data-testid="notification-bell"
          >
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" p="sm">
            <Text fw={700} fz="sm">
              {t('support.notifications.title')}
            </Text>
            <Button
              variant="subtle"
              size="compact-xs"
              disabled={unread === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate({})}
              data-testid="notification-read-all"
            >
              {t('support.notifications.readAll')}
            </Button>
          </Group>
          <ScrollArea.Autosize mah={360}>
            <NotificationItems
              items={(list.data ?? []).slice(0, LATEST)}
              onOpen={close}
              testId="notification-dropdown"
            />
          </ScrollArea.Autosize>
          <Button
            component={Link}
            to={ROUTES.notifications.path}
            onClick={close}
            variant="subtle"
            fullWidth
            radius={0}
            data-testid="notification-see-all"
          >
            {t('support.notifications.seeAll')}
          </Button>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
};
