import {
  DOCUMENT_ENDPOINTS,
  endpointPath,
  formatDate,
  formatDateTime,
  type TBatch,
  type TBatchItem,
} from '@bubuh/contracts';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconCertificate,
  IconDownload,
  IconFileZip,
  IconPlayerPause,
  IconPlayerPlay,
  IconReload,
  IconTable,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonRow, type TButtonAction } from '@/components/button-row';
import { DataTable, type TColumn } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { QueryFallback } from '@/components/query-fallback';
import { rowAction, rowActionsColumn } from '@/components/row-actions';
import { request } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { saveBlob } from '@/lib/save-blob';
import {
  downloadBatchFile,
  useBatch,
  useCancelBatch,
  usePauseBatch,
  useRemoveBatchFile,
  useResumeBatch,
  useRetryFailed,
  useStartBatch,
} from '../api/batches';
import { BatchCounts, BatchProgress, BatchStatusBadge, ItemStatusBadge } from './batch-badges';
import { BatchManifest, manifestLine } from './batch-manifest';
import { BatchUpload } from './batch-upload';

const PER_PAGE = 20;

/** The stamped batch's downloads: the files as a ZIP (with certificates), the report as CSV and XLSX. */
const downloads = [
  { what: 'zip', variant: 'light', icon: <IconFileZip size={16} />, testId: 'batch-zip' },
  {
    what: 'zipCertificates',
    variant: 'subtle',
    icon: <IconCertificate size={16} />,
    testId: 'batch-zip-certificates',
  },
  { what: 'report', variant: 'subtle', icon: <IconTable size={16} />, testId: 'batch-report' },
  {
    what: 'reportXlsx',
    variant: 'subtle',
    icon: <IconTable size={16} />,
    testId: 'batch-report-xlsx',
  },
] as const;

/** Documents per second since the start, and the seconds left at that pace. */
const paceOf = (batch: TBatch) => {
  if (!batch.started_at) return null;
  const end = batch.finished_at ? Date.parse(batch.finished_at) : Date.now();
  const seconds = Math.max(1, (end - Date.parse(batch.started_at)) / 1000);
  const done = batch.counts.stamped + batch.counts.failed;
  const rate = done / seconds;
  const left = batch.counts.queued + batch.counts.stamping;
  return { rate, secondsLeft: rate > 0 ? Math.ceil(left / rate) : null };
};

const downloadStamped = async (item: TBatchItem) => {
  const path = endpointPath(DOCUMENT_ENDPOINTS.download, { id: item.document_id ?? 0 });
  const response = await request<Response>(path, {
    raw: true,
    headers: { Accept: 'application/pdf' },
  });
  saveBlob(await response.blob(), `${item.file_name.replace(/\.pdf$/i, '')}_stamped.pdf`);
};

/** /stamp/bulk/{id}: a draft's files and preflight, then the live progress and the results. */
export const BatchDetail = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useBatch(id, { page, perPage: PER_PAGE });
  const start = useStartBatch();
  const pause = usePauseBatch();
  const resume = useResumeBatch();
  const cancel = useCancelBatch();
  const retry = useRetryFailed();
  const remove = useRemoveBatchFile();
  const pending = [start, pause, resume, cancel, retry].some((m) => m.isPending);
  const failure = [start, pause, resume, cancel, retry].find((m) => m.error)?.error;

  if (!query.data) return <QueryFallback pending={query.isPending} error={query.error} />;
  const { batch } = query.data;
  const body = { body: { batch_id: batch.id } };
  const pace = paceOf(batch);
  const esignShort = batch.esign_units_needed > batch.esign_balance;
  const short = batch.units_needed > batch.balance || esignShort;

  /** Pause, resume, retry, cancel: a default button, off while another control runs. */
  const control = (
    what: 'pause' | 'resume' | 'retry' | 'cancel',
    icon: ReactNode,
    onClick: () => void,
  ): TButtonAction => ({
    label: t(`bulk.actions.${what}`),
    variant: 'default',
    icon,
    disabled: pending,
    onClick,
    testId: `batch-${what}`,
  });

  const columns: TColumn<TBatchItem>[] = [
    {
      key: 'file',
      header: t('bulk.items.file'),
      render: (row) => (
        <>
          <Text fz="sm">{row.file_name}</Text>
          {manifestLine(row) ? (
            <Text fz="xs" c="dimmed" data-testid="batch-item-manifest">
              {manifestLine(row)}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      header: t('bulk.items.status'),
      render: (row) => <ItemStatusBadge status={row.status} />,
    },
    {
      key: 'serial',
      header: t('bulk.items.serial'),
      render: (row) => (
        // A serial is read and copied whole: never broken mid-string.
        <Text fz="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {row.serial_number ?? '—'}
        </Text>
      ),
    },
    {
      key: 'reason',
      header: t('bulk.items.reason'),
      render: (row) => (
        <>
          <Text fz="xs" c={row.reason ? 'red' : 'dimmed'}>
            {row.reason ?? (row.stamped_at ? formatDateTime(row.stamped_at) : '—')}
          </Text>
          {row.locker_problem ? (
            // Stamped, but its copy is not in the owner's locker: why (the stamp stands).
            <Text fz="xs" c="orange" data-testid="batch-item-unfiled">
              {t('bulk.items.unfiled', {
                reason: t(`bulk.lockerProblem.${row.locker_problem}`),
              })}
            </Text>
          ) : null}
        </>
      ),
    },
    rowActionsColumn(
      t('stamping.list.actions'),
      (row) => row.file_name,
      (row) => [
        rowAction(
          t('stamping.actions.download'),
          <IconDownload size={18} />,
          () => {
            downloadStamped(row).catch(() => notifyError(t('bulk.detail.downloadFailed')));
          },
          'batch-item-download',
          { hidden: row.status !== 'stamped' },
        ),
        rowAction(
          t('stamping.actions.delete'),
          <IconTrash size={18} />,
          () => remove.mutate({ params: { id: row.id } }),
          'batch-item-remove',
          { color: 'red', hidden: batch.status !== 'draft' },
        ),
      ],
      100,
    ),
  ];

  return (
    <Stack gap="md" data-testid="batch-detail">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Title order={3}>{batch.name}</Title>
              <Text fz="sm" c="dimmed">
                {batch.owner} · {formatDate(batch.created_at)}
              </Text>
            </div>
            <BatchStatusBadge status={batch.status} />
          </Group>
          {batch.status !== 'draft' ? (
            <>
              <BatchProgress batch={batch} size="xl" />
              <Group justify="space-between">
                <Text fw={600} data-testid="batch-percent">
                  {batch.progress}%
                </Text>
                {pace ? (
                  <Text fz="sm" c="dimmed">
                    {t('bulk.detail.pace', { rate: pace.rate.toFixed(1) })}
                    {pace.secondsLeft !== null && batch.status === 'running'
                      ? ` · ${t('bulk.detail.left', { seconds: pace.secondsLeft })}`
                      : ''}
                  </Text>
                ) : null}
              </Group>
            </>
          ) : null}
          <BatchCounts batch={batch} />
          <Text fz="sm" data-testid="batch-units">
            {t('bulk.detail.units', { needed: batch.units_needed, balance: batch.balance })}
          </Text>
          {batch.esign ? (
            <Text fz="sm" data-testid="batch-esign-units">
              {t('bulk.detail.esignUnits', {
                needed: batch.esign_units_needed,
                balance: batch.esign_balance,
              })}
            </Text>
          ) : null}
          {batch.status === 'draft' && short ? (
            <Alert color="red" variant="light">
              {esignShort
                ? t('bulk.detail.esignShort', {
                    needed: batch.esign_units_needed,
                    balance: batch.esign_balance,
                  })
                : t('bulk.detail.short', { needed: batch.units_needed, balance: batch.balance })}
            </Alert>
          ) : null}
          {batch.locker_unfiled > 0 ? (
            <Alert color="orange" variant="light" data-testid="batch-unfiled">
              {t('bulk.detail.unfiled', { count: batch.locker_unfiled })}
            </Alert>
          ) : null}
          {failure ? <ErrorAlert>{serverMessage(failure, t)}</ErrorAlert> : null}
          <ButtonRow
            gap="sm"
            actions={[
              {
                label: t('bulk.actions.start', { count: batch.counts.ready }),
                icon: <IconPlayerPlay size={16} />,
                disabled: batch.counts.ready === 0 || short || pending,
                onClick: () =>
                  start.mutate(body, { onSuccess: () => notifySuccess(t('bulk.toast.started')) }),
                testId: 'batch-start',
                hidden: batch.status !== 'draft',
              },
              {
                ...control('pause', <IconPlayerPause size={16} />, () => pause.mutate(body)),
                hidden: batch.status !== 'running',
              },
              {
                ...control('resume', <IconPlayerPlay size={16} />, () => resume.mutate(body)),
                hidden: batch.status !== 'paused',
              },
              {
                ...control('retry', <IconReload size={16} />, () => retry.mutate(body)),
                label: t('bulk.actions.retry', { count: batch.counts.failed }),
                hidden:
                  batch.counts.failed === 0 ||
                  batch.status === 'cancelled' ||
                  batch.status === 'draft',
              },
              {
                ...control('cancel', <IconX size={16} />, () => cancel.mutate(body)),
                color: 'red',
                variant: 'light',
                hidden: !['draft', 'running', 'paused'].includes(batch.status),
              },
              ...downloads.map(({ what, variant, icon, testId }) => ({
                label: t(`bulk.actions.${what}`),
                variant,
                icon,
                onClick: () => {
                  downloadBatchFile(batch, what).catch(() =>
                    notifyError(t('bulk.detail.downloadFailed')),
                  );
                },
                testId,
                hidden: batch.counts.stamped === 0,
              })),
            ]}
          />
        </Stack>
      </Paper>
      {batch.status === 'draft' ? <BatchUpload batch={batch} /> : null}
      {batch.status === 'draft' ? <BatchManifest batch={batch} /> : null}
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <DataTable
          testId="batch-items"
          columns={columns}
          rows={query.data.data}
          loading={query.isFetching && !query.data}
          error={null}
          page={page}
          perPage={PER_PAGE}
          total={query.data.meta.total}
          onPageChange={setPage}
          rowKey={(row) => row.id}
          rowTestId={(row) => `batch-item-${row.file_name}`}
          emptyText={t('bulk.items.empty')}
        />
      </Paper>
    </Stack>
  );
};
