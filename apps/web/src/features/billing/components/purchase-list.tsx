import { formatDateTime, formatNumber, type TInvoiceStatus } from '@bubuh/contracts';
import { Anchor, Badge, Button, Group, Paper, Select, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable, type TColumn } from '@/components/data-table';
import { useSession } from '@/lib/session';
import { useListState } from '@/lib/use-list-state';
import { type TDayRange, type TPurchaseRow, usePurchases } from '../api/billing';
import { toCsv } from './csv';
import { DateRangeFilter } from './date-range-filter';
import { invoicePaths } from './invoice-paths';
import { idr, saveBlob } from './money';

const STATUS_OF: Record<TPurchaseRow['status'], TInvoiceStatus> = {
  Paid: 'paid',
  Pending: 'pending',
  Expired: 'expired',
  Failed: 'failed',
};

/** The caller's purchases (spec §3), newest first, server-paged, filter by status, CSV. */
export const PurchaseList = () => {
  const { t } = useTranslation();
  const user = useSession()?.userData;
  const list = useListState();
  const [range, setRange] = useState<TDayRange>({});
  const [status, setStatus] = useState<TInvoiceStatus | undefined>();
  const query = usePurchases(user?.id, list.query, status, range);

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

  const exportCsv = () => {
    const rows = query.data?.data ?? [];
    const csv = toCsv(
      ['invoiceNumber', 'date', 'puchaseBy', 'qty', 'amount', 'status'],
      rows.map((r) => [r.invoiceNumber, r.date, r.puchaseBy ?? '', r.qty, r.amount, r.status]),
    );
    saveBlob(new Blob([csv], { type: 'text/csv' }), 'purchases.csv');
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" mb="md">
        <Title order={3} fz="lg">
          {t('billing.purchases')}
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
            placeholder={t('billing.allStatuses')}
            clearable
            value={status ?? null}
            onChange={(v) => {
              setStatus((v as TInvoiceStatus | null) ?? undefined);
              list.setPage(1);
            }}
            data={(['pending', 'paid', 'expired', 'failed'] as const).map((s) => ({
              value: s,
              label: t(`billing.status.${s}`),
            }))}
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
        testId="purchase-list"
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        rowTestId={() => 'purchase-row'}
        loading={query.isPending || query.isFetching}
        emptyText={t('billing.noPurchases')}
        page={list.page}
        perPage={list.perPage}
        total={query.data?.meta.total ?? 0}
        onPageChange={list.setPage}
      />
    </Paper>
  );
};
