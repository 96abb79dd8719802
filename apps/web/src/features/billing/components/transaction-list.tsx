import { formatDateTime, formatNumber } from '@bubuh/contracts';
import { Badge, Select, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, pagedRows, type TColumn } from '@/components/data-table';
import { ListSection } from '@/components/list-section';
import { useListFilter, useListState } from '@/lib/use-list-state';
import { type TDayRange, type TTransactionRow, useTransactions } from '../api/billing';
import { saveCsv } from './csv';
import { CsvButton } from './csv-button';
import { DateRangeFilter } from './date-range-filter';

const TYPES = ['purchase', 'transfer', 'return', 'spend', 'refund', 'seed', 'adjust'] as const;

/** Every movement of the caller's balance from the ledger, newest first. */
export const TransactionList = () => {
  const { t } = useTranslation();
  const list = useListState();
  const [range, setRange] = useListFilter<TDayRange>(list, {});
  const [type, setType] = useListFilter<TTransactionRow['type'] | undefined>(list, undefined);
  const query = useTransactions(list.query, type, range);

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

  const exportCsv = () =>
    saveCsv(
      'transactions.csv',
      ['date', 'type', 'kind', 'quantity', 'reference', 'by'],
      (query.data?.data ?? []).map((r) => [
        r.date,
        r.type,
        r.kind,
        r.quantity,
        r.reference ?? '',
        r.by ?? '',
      ]),
    );

  return (
    <ListSection
      title={t('billing.transactions')}
      tools={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <Select
            placeholder={t('billing.allTypes')}
            clearable
            value={type ?? null}
            onChange={(v) => setType((v as TTransactionRow['type'] | null) ?? undefined)}
            data={TYPES.map((s) => ({ value: s, label: t(`billing.txType.${s}`) }))}
          />
          <CsvButton onClick={exportCsv} />
        </>
      }
    >
      <DataTable
        testId="transaction-list"
        columns={columns}
        {...pagedRows(list, query)}
        rowKey={(row) => row.id}
        rowTestId={() => 'transaction-row'}
        emptyText={t('billing.noTransactions')}
      />
    </ListSection>
  );
};
