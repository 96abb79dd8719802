import { formatDateTime, formatNumber, type TQuotaHistorySortKey } from '@bubuh/contracts';
import { Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pagedRows, type TColumn } from '@/components/data-table';
import { optionalTextColumn } from '@/components/list-columns';
import { ListPage } from '@/components/lists/list-page';
import { MapBadge } from '@/components/lists/map-badge';
import { useListState } from '@/lib/use-list-state';
import { type TQuotaHistoryItem, useQuotaHistory } from '../api/quota';

const TYPE_COLORS: Record<TQuotaHistoryItem['type'], string> = {
  seed: 'secondary',
  purchase: 'green',
  transfer: 'brand',
  return: 'orange',
  spend: 'red',
  refund: 'teal',
  adjust: 'grape',
};

/** The company's quota movements, newest first (spec §4: a failed fetch is only logged). */
export const QuotaHistoryTable = () => {
  const { t } = useTranslation();
  const list = useListState<TQuotaHistorySortKey>();
  const query = useQuotaHistory(list.query);
  useEffect(() => {
    if (query.error) console.warn('[quota] history could not be loaded', query.error);
  }, [query.error]);

  const columns = useMemo<TColumn<TQuotaHistoryItem, TQuotaHistorySortKey>[]>(
    () => [
      {
        key: 'date',
        header: t('quota.history.date'),
        sortKey: 'date',
        render: (row) => (
          <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="history-date">
            {formatDateTime(row.date)}
          </Text>
        ),
      },
      {
        key: 'type',
        header: t('quota.history.type'),
        sortKey: 'type',
        render: (row) => (
          <MapBadge value={row.type} colors={TYPE_COLORS} data-testid="history-type">
            {t(`quota.history.types.${row.type}`)}
          </MapBadge>
        ),
      },
      {
        key: 'kind',
        header: t('quota.history.kind'),
        sortKey: 'kind',
        render: (row) => (
          <Text fz="sm" data-testid="history-kind">
            {t(`quota.kind.${row.kind}`)}
          </Text>
        ),
      },
      {
        key: 'quota',
        header: t('quota.history.quota'),
        sortKey: 'quota',
        align: 'right',
        render: (row) => (
          <Text fz="sm" fw={700} data-testid="history-quota">
            {formatNumber(row.quota)}
          </Text>
        ),
      },
      optionalTextColumn({
        key: 'department',
        header: t('quota.history.department'),
        sortKey: 'department',
        value: (row) => row.department,
        fallback: (row) =>
          row.departement_id === null
            ? t('quota.history.company')
            : t('quota.history.deletedDepartment'),
        testId: 'history-department',
      }),
      optionalTextColumn({
        key: 'by',
        header: t('quota.history.by'),
        sortKey: 'by',
        value: (row) => row.by,
        fallback: () => t('quota.history.system'),
      }),
    ],
    [t],
  );

  return (
    <ListPage
      prefix="history"
      testIds={{ table: 'quota-history', page: null }}
      title={t('quota.history.title')}
      source={pagedRows(list, query)}
      columns={columns}
      rowTestId={() => 'history-row'}
      emptyText={t('quota.history.empty')}
    />
  );
};
