import { formatDateTime, formatNumber, type TInvoiceStatus } from '@bubuh/contracts';
import { Anchor, Badge, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable, pagedRows, type TColumn } from '@/components/data-table';
import { ListSection } from '@/components/list-section';
import { useSession } from '@/lib/session';
import { useListFilter, useListState } from '@/lib/use-list-state';
import { type TDayRange, type TPurchaseRow, usePurchases } from '../api/billing';
import { saveCsv } from './csv';
import { CsvButton } from './csv-button';
import { DateRangeFilter } from './date-range-filter';
import { invoicePaths } from './invoice-paths';
import { idr } from './money';

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
  const [range, setRange] = useListFilter<TDayRange>(list, {});
  const [status, setStatus] = useListFilter<TInvoiceStatus | undefined>(list, undefined);
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

  const exportCsv = () =>
    saveCsv(
      'purchases.csv',
      ['invoiceNumber', 'date', 'puchaseBy', 'qty', 'amount', 'status'],
      (query.data?.data ?? []).map((r) => [
        r.invoiceNumber,
        r.date,
        r.puchaseBy ?? '',
        r.qty,
        r.amount,
        r.status,
      ]),
    );

  return (
    <ListSection
      title={t('billing.purchases')}
      tools={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <Select
            placeholder={t('billing.allStatuses')}
            clearable
            value={status ?? null}
            onChange={(v) => setStatus((v as TInvoiceStatus | null) ?? undefined)}
            data={(['pending', 'paid', 'expired', 'failed'] as const).map((s) => ({
              value: s,
              label: t(`billing.status.${s}`),
            }))}
          />
          <CsvButton onClick={exportCsv} />
        </>
      }
    >
      <DataTable
        testId="purchase-list"
        columns={columns}
        {...pagedRows(list, query)}
        rowKey={(row) => row.id}
        rowTestId={() => 'purchase-row'}
        emptyText={t('billing.noPurchases')}
      />
    </ListSection>
  );
};
