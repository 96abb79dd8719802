import { formatDateTime } from '@bubuh/contracts';
import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TInvoiceView } from '../api/billing';
import classes from './billing.module.css';
import { idr, STATUS_COLOR, taxRateLabel } from './money';

/**
 * The invoice as a document (number, parties, items, PPN, total, status, due time). Once paid it
 * reads as the receipt. The same sheet is printed on A4 by the print routes.
 */
export const InvoiceSheet = ({ invoice }: { invoice: TInvoiceView }) => {
  const { t } = useTranslation();
  const receipt = invoice.status === 'paid';
  return (
    <Paper withBorder p="xl" className={classes.sheet} data-testid="invoice-sheet">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2}>{receipt ? t('billing.receipt') : t('billing.invoice')}</Title>
          <Text fw={600} data-testid="invoice-number">
            {invoice.number}
          </Text>
        </Stack>
        <Badge size="lg" color={STATUS_COLOR[invoice.status]} data-testid="invoice-status">
          {t(`billing.status.${invoice.status}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={2} mt="lg">
        <Stack gap={2}>
          <Text c="dimmed" fz="sm">
            {t('billing.seller')}
          </Text>
          <Text fw={600}>{invoice.seller.name}</Text>
          <Text fz="sm">NPWP {invoice.seller.npwp}</Text>
          <Text fz="sm">{invoice.seller.address}</Text>
        </Stack>
        <Stack gap={2}>
          <Text c="dimmed" fz="sm">
            {t('billing.buyer')}
          </Text>
          <Text fw={600}>{invoice.buyer.company ?? invoice.buyer.name}</Text>
          {invoice.buyer.company && <Text fz="sm">{invoice.buyer.name}</Text>}
          {invoice.buyer.npwp && <Text fz="sm">NPWP {invoice.buyer.npwp}</Text>}
          <Text fz="sm">{invoice.buyer.email}</Text>
        </Stack>
      </SimpleGrid>
      <Group mt="md" gap="xl">
        <Text fz="sm">
          {t('billing.date')}: {formatDateTime(invoice.created_at)}
        </Text>
        {receipt && invoice.paid_at ? (
          <Text fz="sm">
            {t('billing.paidAt')}: {formatDateTime(invoice.paid_at)}
          </Text>
        ) : (
          <Text fz="sm" data-testid="invoice-due">
            {t('billing.dueAt')}: {formatDateTime(invoice.due_at)}
          </Text>
        )}
      </Group>
      <Table mt="lg" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('billing.item')}</Table.Th>
            <Table.Th ta="right">{t('billing.qty')}</Table.Th>
            <Table.Th ta="right">{t('billing.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('billing.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.items.map((item) => (
            <Table.Tr key={`${item.kind}-${item.description}`}>
              <Table.Td>{item.description}</Table.Td>
              <Table.Td ta="right">{item.quantity.toLocaleString('id-ID')}</Table.Td>
              <Table.Td ta="right">{idr(item.unit_price)}</Table.Td>
              <Table.Td ta="right">{idr(item.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4} mt="md" align="flex-end">
        <Text fz="sm">
          {t('billing.subtotal')}: {idr(invoice.subtotal)}
        </Text>
        {invoice.discount > 0 ? (
          <Text fz="sm" data-testid="invoice-discount">
            {t('billing.promo.discount')} ({invoice.promo_code}): −{idr(invoice.discount)}
          </Text>
        ) : null}
        <Text fz="sm">
          PPN {taxRateLabel(invoice.tax_rate_bp)}: {idr(invoice.tax)}
        </Text>
        <Divider w={260} />
        <Text fw={700} fz="lg" data-testid="invoice-total">
          {t('billing.total')}: {idr(invoice.total)}
        </Text>
      </Stack>
      {!receipt && invoice.method === 'bank_transfer' && (
        <Text mt="lg" fz="sm">
          {t('billing.transferTo')}: {invoice.bank_account}
        </Text>
      )}
    </Paper>
  );
};
