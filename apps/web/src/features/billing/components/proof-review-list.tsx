import { formatDateTime } from '@bubuh/contracts';
import { SegmentedControl } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonsColumn } from '@/components/button-row';
import { pagedRows, type TColumn } from '@/components/data-table';
import { ListPage } from '@/components/lists/list-page';
import { MapBadge } from '@/components/lists/map-badge';
import { serverMessage } from '@/lib/api-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useListFilter, useListState } from '@/lib/use-list-state';
import {
  fetchProofFile,
  type TProofRow,
  useConfirmProof,
  useProofs,
  useRejectProof,
} from '../api/billing';
import { idr } from './money';

const STATUS_COLOR = { submitted: 'yellow', confirmed: 'green', rejected: 'red' } as const;

/** Super's back office: proofs of bank transfer to open, confirm (credits the units) or reject. */
export const ProofReviewList = () => {
  const { t } = useTranslation();
  const list = useListState();
  const [status, setStatus] = useListFilter<TProofRow['status']>(list, 'submitted');
  const query = useProofs(list.query, status);
  const confirm = useConfirmProof();
  const reject = useRejectProof();

  const columns = useMemo<TColumn<TProofRow>[]>(() => {
    const done = (message: string) => notifySuccess(message);
    const failed = (error: unknown) => notifyError(serverMessage(error, t));
    const decide = (mutation: typeof confirm, id: number) =>
      mutation.mutate(
        { params: { id }, body: {} },
        { onSuccess: (b) => done(b.message), onError: failed },
      );
    const open = async (id: number) => {
      try {
        const blob = await fetchProofFile(id);
        window.open(URL.createObjectURL(blob), '_blank', 'noopener');
      } catch (error) {
        failed(error);
      }
    };
    return [
      { key: 'invoice', header: t('billing.invoiceNumber'), render: (row) => row.invoice_number },
      {
        key: 'company',
        header: t('billing.buyer'),
        render: (row) => row.company_name ?? row.uploaded_by ?? '-',
      },
      { key: 'total', header: t('billing.total'), align: 'right', render: (row) => idr(row.total) },
      { key: 'date', header: t('billing.date'), render: (row) => formatDateTime(row.created_at) },
      {
        key: 'status',
        header: t('billing.statusLabel'),
        render: (row) => (
          <MapBadge value={row.status} colors={STATUS_COLOR}>
            {t(`billing.proofStatus.${row.status}`)}
          </MapBadge>
        ),
      },
      buttonsColumn((row) => [
        {
          label: t('billing.openProof'),
          variant: 'default',
          onClick: () => open(row.id),
        },
        {
          label: t('billing.confirm'),
          color: 'green',
          onClick: () => decide(confirm, row.id),
          testId: 'proof-confirm',
          hidden: row.status !== 'submitted',
        },
        {
          label: t('billing.reject'),
          color: 'red',
          variant: 'light',
          onClick: () => decide(reject, row.id),
          hidden: row.status !== 'submitted',
        },
      ]),
    ];
  }, [t, confirm, reject]);

  return (
    <ListPage
      prefix="proof"
      testIds={{ table: 'proof-list', page: null }}
      title={t('billing.proofs')}
      tools={
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as TProofRow['status'])}
          data={(['submitted', 'confirmed', 'rejected'] as const).map((s) => ({
            value: s,
            label: t(`billing.proofStatus.${s}`),
          }))}
        />
      }
      source={pagedRows(list, query)}
      columns={columns}
      emptyText={t('billing.noProofs')}
    />
  );
};
