import { formatDateTime, formatNumber } from '@bubuh/contracts';
import { Badge, Button, Group, Paper, Select, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TColumn } from '@/components/data-table';
import { useListState } from '@/lib/use-list-state';
import { type TDayRange, type TTransactionRow, useTransactions } from '../api/billing';
import { toCsv } from './csv';
import { DateRangeFilter } from './date-range-filter';
import { saveBlob } from './money';

const TYPES = ['purchase', 'transfer', 'return', 'spend', 'refund', 'seed', 'adjust'] as const;

/** Every movement of the caller's balance from the ledger, newest first. */
export const TransactionList = () => {
  const { t } = useTranslation();
  const list = useListState();
  const [range, setRange] = useState<TDayRange>({});
  const [type, setType] = useState<TTransactionRow['type'] | undefined>();
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

  const exportCsv = () => {
    const csv = toCsv(
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
    saveBlob(new Blob([csv], { type: 'text/csv' }), 'transactions.csv');
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" mb="md">
        <Title order={3} fz="lg">
          {t('billing.transactions')}
        </Title>
        <Group>
          <DateRangeFilter
            value={range}
            onChange={(next) => {
              setRange(next);
              list.setPage(1);
            }}
          />
          <Select
            placeholder={t('billing.allTypes')}
            clearable
            value={type ?? null}
            onChange={(v) => {
              setType((v as TTransactionRow['type'] | null) ?? undefined);
              list.setPage(1);
            }}
            data={TYPES.map((s) => ({ value: s, label: t(`billing.txType.${s}`) }))}
          />
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={exportCsv}
          >
            CSV
          </Button>
        </Group>
      </Group>
      <DataTable
        testId="transaction-list"
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        rowTestId={() => 'transaction-row'}
        loading={query.isPending || query.isFetching}
        emptyText={t('billing.noTransactions')}
        page={list.page}
        perPage={list.perPage}
        total={query.data?.meta.total ?? 0}
        onPageChange={list.setPage}
      />
    </Paper>
  );
};
