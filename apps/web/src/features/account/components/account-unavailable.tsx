import { ROUTES, toPath } from '@bubuh/contracts';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconRefresh, IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';

type TAccountUnavailableProps = {
  /** The failed profile call, or null when the id in the address is not a user id at all. */
  error: unknown;
  ownId: number;
  page: 'account' | 'setting';
  /** The profile loaded, but it is someone else's (settings are the owner's only). */
  notOwn?: boolean;
  onRetry?: () => void;
};

/** A profile that cannot be shown: another user's (403/404), or a failed load. */
export const AccountUnavailable = ({
  error,
  ownId,
  page,
  notOwn = false,
  onRetry,
}: TAccountUnavailableProps) => {
  const { t } = useTranslation();
  const status = isApiError(error) ? error.status : notOwn ? 403 : 404;
  const denied = status === 403 || status === 404;
  const Icon = status === 403 ? IconLock : IconUserQuestion;
  const title =
    status === 403
      ? t('account.unavailable.forbidden')
      : status === 404
        ? t('account.unavailable.notFound')
        : t('account.unavailable.failed');
  const own = toPath(page === 'account' ? ROUTES.account.path : ROUTES.setting.path, { id: ownId });
  return (
    <Paper
      withBorder
      p={{ base: 'lg', sm: 48 }}
      data-testid="account-unavailable"
      data-status={status}
    >
      <Stack align="center" ta="center" gap="sm" maw={480} mx="auto">
        <ThemeIcon size={64} radius={32} variant="light" color={denied ? 'orange' : 'red'}>
          <Icon size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {title}
        </Title>
        <Text c="dimmed">{denied ? t('account.unavailable.body') : null}</Text>
        {error || notOwn ? (
          <Text fz="sm" c="dimmed" data-testid="account-unavailable-message">
            {error ? serverMessage(error, t) : t('setting.onlyOwn')}
          </Text>
        ) : null}
        <Group mt="md">
          {!denied && onRetry ? (
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
              {t('error.reload')}
            </Button>
          ) : null}
          <Button component={Link} to={own}>
            {page === 'account' ? t('account.unavailable.mine') : t('setting.mine')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
