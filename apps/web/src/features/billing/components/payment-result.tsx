import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryFallback } from '@/components/query-fallback';
import { useInvoice } from '../api/billing';
import { invoicePaths } from './invoice-paths';
import { idr } from './money';

/**
 * /payment/success and /payment/failed: the status is read from the server (and read again
 * while the gateway's confirmation is on its way), never taken from the address.
 */
export const PaymentResult = ({
  invoiceId,
  title,
}: {
  invoiceId: number | null;
  /** The page's own title, shown when the address names no invoice. */
  title: string;
}) => {
  const { t } = useTranslation();
  const invoice = useInvoice(invoiceId, { poll: true });
  if (invoiceId === null)
    return (
      <Paper withBorder p="xl" maw={520} mx="auto" mt="xl" data-testid="payment-result">
        <Stack align="center">
          <Title order={2}>{title}</Title>
          <Text ta="center">{t('billing.result.unknown')}</Text>
          <Button component={Link} to="/dashboard" variant="light">
            {t('billing.toDashboard')}
          </Button>
        </Stack>
      </Paper>
    );
  if (!invoice.data) return <QueryFallback pending={invoice.isPending} error={invoice.error} />;
  const { status } = invoice.data;
  const paths = invoicePaths(invoice.data);
  const look =
    status === 'paid'
      ? { color: 'green', icon: <IconCheck /> }
      : status === 'pending'
        ? { color: 'yellow', icon: <IconClock /> }
        : { color: 'red', icon: <IconX /> };
  return (
    <Paper withBorder p="xl" maw={520} mx="auto" mt="xl" data-testid="payment-result">
      <Stack align="center">
        <ThemeIcon size={56} radius="xl" color={look.color}>
          {look.icon}
        </ThemeIcon>
        <Title order={2} data-testid="payment-result-title" data-status={status}>
          {t(`billing.result.${status}`)}
        </Title>
        {status === 'pending' && <Loader size="sm" />}
        <Text>
          {invoice.data.number} · {idr(invoice.data.total)}
        </Text>
        <Group>
          <Button component={Link} to={status === 'paid' ? paths.receipt : paths.view}>
            {status === 'paid' ? t('billing.viewReceipt') : t('billing.viewInvoice')}
          </Button>
          <Button variant="default" component={Link} to="/dashboard">
            {t('billing.toDashboard')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
