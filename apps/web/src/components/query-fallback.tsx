import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, isApiError } from '@/lib/api-client';
import { statusMessage } from '@/lib/api-errors';

/**
 * What a page shows instead of its content while its main query loads (a loader) or when it
 * failed or found nothing (the error, read from its status):
 * `if (query.isPending || !data) return <QueryFallback pending={query.isPending} error={query.error} />`.
 */
export const QueryFallback = ({
  pending,
  error,
  back,
}: {
  pending: boolean;
  error: unknown;
  /** The way back (e.g. to the list) when the record is missing or cannot be shown. */
  back?: { to: string; label: string };
}) => {
  const { t } = useTranslation();
  return pending ? (
    <Group justify="center" py="xl">
      <Loader />
    </Group>
  ) : (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      <Stack gap="sm" align="flex-start">
        {isApiError(error) && error.status === 404
          ? t('master.apiStatus.NOT_FOUND_RECORD')
          : statusMessage(error, t)}
        {back ? (
          <Button
            component={Link}
            to={back.to}
            size="xs"
            variant="light"
            leftSection={<IconArrowLeft size={14} />}
            data-testid="fallback-back"
          >
            {back.label}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
};

/** The "not found" page of an address whose id cannot be a record's (e.g. `/stamp/draft/abc`). */
export const NotFoundFallback = ({ back }: { back: { to: string; label: string } }) => (
  <QueryFallback
    pending={false}
    error={new ApiError({ status: 404, message: 'Not found' })}
    back={back}
  />
);
