import { formatDateTime, formatNumber } from '@bubuh/contracts';
import { Badge, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TColumn } from '@/components/data-table';
import { type TTransactionRow, useTransactions } from '../api/billing';
import { HistoryList, type TCsvColumn, useHistoryState } from './history-list';

const TYPES = ['purchase', 'transfer', 'return', 'spend', 'refund', 'seed', 'adjust'] as const;

const CSV_COLUMNS: TCsvColumn<TTransactionRow>[] = [
  ['date', (r) => r.date],
  ['type', (r) => r.type],
  ['kind', (r) => r.kind],
  ['quantity', (r) => r.quantity],
  ['reference', (r) => r.reference ?? ''],
  ['by', (r) => r.by ?? ''],
];

/** Every movement of the caller's balance from the ledger, newest first. */
export const TransactionList = () => {
  const { t } = useTranslation();
  const state = useHistoryState<TTransactionRow['type']>();
  const query = useTransactions(state.list.query, state.value, state.range);

  const columns = useMemo<TColumn<TTransactionRow>[]>(
    () => [
      { key: 'date', header: t('billing.date'), render: (row) => formatDateTime(row.date) },
      {
        key: 'type',
        header: t('billing.type'),
        render: (row) => <Badge variant="light">{t(`billing.txType.${row.type}`)}</Badge>,
      },
      {
        key: 'kind',
        header: t('billing.kind'),
        render: (row) => t(`billing.kindName.${row.kind}`),
      },
      {
        key: 'quantity',
        header: t('billing.qty'),
        align: 'right',
        render: (row) => (
          <Text fz="sm" fw={700} c={row.quantity > 0 ? 'green' : 'red'} data-testid="tx-quantity">
            {row.quantity > 0 ? '+' : ''}
            {formatNumber(row.quantity)}
          </Text>
        ),
      },
      { key: 'reference', header: t('billing.reference'), render: (row) => row.reference ?? '-' },
      { key: 'by', header: t('billing.by'), render: (row) => row.by ?? '-' },
    ],
    [t],
  );

  return (
    <HistoryList
      prefix="transaction"
      title={t('billing.transactions')}
      state={state}
      query={query}
      filter={{
        placeholder: t('billing.allTypes'),
        options: TYPES,
        label: (s) => t(`billing.txType.${s}`),
      }}
      columns={columns}
      csv={{ file: 'transactions.csv', columns: CSV_COLUMNS }}
      emptyText={t('billing.noTransactions')}
    />
  );
};
