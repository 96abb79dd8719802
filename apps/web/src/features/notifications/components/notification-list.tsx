import { Button, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryFallback } from '@/components/query-fallback';
import { useMarkAllRead, useNotifications } from '../api/notifications';
import { NotificationItems } from './notification-items';

/** /notifications: every notification, newest first. */
export const NotificationList = () => {
  const { t } = useTranslation();
  const list = useNotifications();
  const markAll = useMarkAllRead();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="notification-page">
      <Group justify="flex-end" mb="sm">
        <Button
          variant="light"
          onClick={() => markAll.mutate({})}
          loading={markAll.isPending}
          data-testid="notification-page-read-all"
        >
          {t('support.notifications.readAll')}
        </Button>
      </Group>
      {list.data ? (
        <NotificationItems items={list.data} testId="notification-page-list" />
      ) : (
        <QueryFallback pending={list.isPending} error={list.error} />
      )}
    </Paper>
  );
};
