import { Alert, Group, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { statusMessage } from '@/lib/api-errors';

/**
 * What a page shows instead of its content while its main query loads (a loader) or when it
 * failed or found nothing (the error, read from its status):
 * `if (query.isPending || !data) return <QueryFallback pending={query.isPending} error={query.error} />`.
 */
export const QueryFallback = ({ pending, error }: { pending: boolean; error: unknown }) => {
  const { t } = useTranslation();
  return pending ? (
    <Group justify="center" py="xl">
      <Loader />
    </Group>
  ) : (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {statusMessage(error, t)}
    </Alert>
  );
};
