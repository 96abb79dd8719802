import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonRow } from '@/components/button-row';
import { QueryFallback } from '@/components/query-fallback';
import { serverMessage } from '@/lib/api-errors';
import { notifyError } from '@/lib/notify';
import { useInvoice, useSandboxComplete } from '../api/billing';
import classes from './billing.module.css';
import { idr } from './money';

/**
 * The embedded sandbox gateway's pay page: clearly a sandbox, the tester decides what the
 * "bank" answers. The decision reaches the server as a signed gateway notification.
 */
export const SandboxPay = ({ invoiceId }: { invoiceId: number }) => {
  const { t } = useTranslation();
  const invoice = useInvoice(invoiceId);
  const complete = useSandboxComplete();
  if (!invoice.data) return <QueryFallback pending={invoice.isPending} error={invoice.error} />;
  const decide = (outcome: 'success' | 'failure' | 'pending') =>
    complete.mutate(
      { params: { id: invoiceId }, body: { outcome } },
      {
        onSuccess: (body) => window.location.assign(body.data.redirect_url),
        onError: (error) => notifyError(serverMessage(error, t)),
      },
    );
  return (
    <Paper withBorder p="xl" maw={520} mx="auto" mt="xl" className={classes.sandbox}>
      <Stack>
        <Alert color="orange" icon={<IconFlask size={18} />} title={t('billing.sandbox.title')}>
          {t('billing.sandbox.notice')}
        </Alert>
        <Title order={3}>{invoice.data.number}</Title>
        <Text fz={28} fw={700} data-testid="sandbox-amount">
          {idr(invoice.data.total)}
        </Text>
        {invoice.data.channel ? (
          <Text fz="sm" data-testid="sandbox-channel">
            {t('billing.channel')}: {t(`billing.method.${invoice.data.channel}`)}
          </Text>
        ) : null}
        <ButtonRow
          grow
          actions={[
            {
              label: t('billing.sandbox.success'),
              color: 'green',
              onClick: () => decide('success'),
              loading: complete.isPending,
              testId: 'sandbox-success',
            },
            {
              label: t('billing.sandbox.failure'),
              color: 'red',
              variant: 'light',
              onClick: () => decide('failure'),
              loading: complete.isPending,
              testId: 'sandbox-failure',
            },
          ]}
        />
        <Button variant="subtle" onClick={() => decide('pending')} data-testid="sandbox-pending">
          {t('billing.sandbox.pending')}
        </Button>
      </Stack>
    </Paper>
  );
};
