import { formatNumber } from '@bubuh/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonsColumn } from '@/components/button-row';
import { pagedRows, type TColumn } from '@/components/data-table';
import { flagColumn } from '@/components/flag-column';
import { AddButton } from '@/components/list-section';
import { ListPage } from '@/components/lists/list-page';
import { serverMessage } from '@/lib/api-errors';
import { notifyError } from '@/lib/notify';
import { useListState } from '@/lib/use-list-state';
import { type TPromoRow, useDeactivatePromoCode, usePromoCodes } from '../api/billing';
import { idr } from './money';
import { PromoCodeForm } from './promo-code-form';

/** Super's promo codes: discount, uses / limit, expiry, active; create, edit, deactivate. */
export const PromoCodeList = () => {
  const { t } = useTranslation();
  const list = useListState();
  const query = usePromoCodes(list.query);
  const deactivate = useDeactivatePromoCode();
  const [editing, setEditing] = useState<TPromoRow | null | 'new'>(null);

  const columns = useMemo<TColumn<TPromoRow>[]>(
    () => [
      { key: 'code', header: t('billing.promo.label'), render: (row) => row.code },
      {
        key: 'value',
        header: t('billing.promo.discount'),
        render: (row) =>
          row.kind === 'percent' ? `${formatNumber(row.value / 100)} %` : idr(row.value),
      },
      {
        key: 'uses',
        header: t('billing.promo.uses'),
        align: 'right',
        render: (row) => `${row.used_count} / ${row.usage_limit ?? '∞'}`,
      },
      {
        key: 'expires',
        header: t('billing.promo.expires'),
        render: (row) => row.expires_at?.slice(0, 10) ?? '-',
      },
      flagColumn({
        key: 'active',
        header: t('billing.statusLabel'),
        on: (row) => row.active,
        labels: [t('billing.promo.active'), t('billing.promo.inactive')],
        colors: ['green', 'gray'],
        variant: 'light',
      }),
      buttonsColumn((row) => [
        {
          label: t('billing.promo.edit'),
          variant: 'subtle',
          onClick: () => setEditing(row),
        },
        {
          label: t('billing.promo.deactivate'),
          variant: 'subtle',
          color: 'red',
          onClick: () =>
            deactivate.mutate(
              { params: { id: row.id } },
              { onError: (e) => notifyError(serverMessage(e, t)) },
            ),
          hidden: !row.active,
        },
      ]),
    ],
    [t, deactivate],
  );

  return (
    <ListPage
      prefix="promo"
      testIds={{ table: 'promo-list', page: null }}
      title={t('billing.promo.title')}
      tools={
        <AddButton onClick={() => setEditing('new')} testId="promo-new">
          {t('billing.promo.new')}
        </AddButton>
      }
      source={pagedRows(list, query)}
      columns={columns}
      emptyText={t('billing.promo.empty')}
    >
      {editing !== null ? (
        <PromoCodeForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </ListPage>
  );
};
