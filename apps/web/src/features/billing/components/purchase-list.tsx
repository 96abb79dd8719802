import { formatDateTime, formatNumber, type TInvoiceStatus } from '@bubuh/contracts';
import { Anchor, Badge } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TColumn } from '@/components/data-table';
import { useSession } from '@/lib/session';
import { type TPurchaseRow, usePurchases } from '../api/billing';
import { HistoryList, type TCsvColumn, useHistoryState } from './history-list';
import { invoicePaths } from './invoice-paths';
import { idr } from './money';

const STATUS_OF: Record<TPurchaseRow['status'], TInvoiceStatus> = {
  Paid: 'paid',
  Pending: 'pending',
  Expired: 'expired',
  Failed: 'failed',
};

const CSV_COLUMNS: TCsvColumn<TPurchaseRow>[] = [
  ['invoiceNumber', (r) => r.invoiceNumber],
  ['date', (r) => r.date],
  ['puchaseBy', (r) => r.puchaseBy ?? ''],
  ['qty', (r) => r.qty],
  ['amount', (r) => r.amount],
  ['status', (r) => r.status],
];

/** The caller's purchases (spec §3), newest first, server-paged, filter by status, CSV. */
export const PurchaseList = () => {
  const { t } = useTranslation();
  const user = useSession()?.userData;
  const state = useHistoryState<TInvoiceStatus>();
  const query = usePurchases(user?.id, state.list.query, state.value, state.range);

  const columns = useMemo<TColumn<TPurchaseRow>[]>(
    () => [
      {
        key: 'invoiceNumber',
        header: t('billing.invoiceNumber'),
        render: (row) => (
          <Anchor component={Link} to={invoicePaths({ id: row.id, purpose: row.purpose }).view}>
            {row.invoiceNumber}
          </Anchor>
        ),
      },
      { key: 'date', header: t('billing.date'), render: (row) => formatDateTime(row.date) },
      { key: 'by', header: t('billing.purchaseBy'), render: (row) => row.puchaseBy ?? '-' },
      {
        key: 'qty',
        header: t('billing.qty'),
        align: 'right',
        render: (row) => formatNumber(row.qty),
      },
      {
        key: 'amount',
        header: t('billing.amount'),
        align: 'right',
        render: (row) => idr(row.amount),
      },
      {
        key: 'status',
        header: t('billing.statusLabel'),
        render: (row) => (
          <Badge variant="light" data-testid="purchase-status">
            {t(`billing.status.${STATUS_OF[row.status]}`)}
          </Badge>
        ),
      },
    ],
    [t],
  );

  return (
    <HistoryList
      prefix="purchase"
      title={t('billing.purchases')}
      state={state}
      query={query}
      filter={{
        placeholder: t('billing.allStatuses'),
        options: ['pending', 'paid', 'expired', 'failed'],
        label: (s) => t(`billing.status.${s}`),
      }}
      columns={columns}
      csv={{ file: 'purchases.csv', columns: CSV_COLUMNS }}
      emptyText={t('billing.noPurchases')}
    />
  );
};
