import {
  documentActionsFor,
  formatDateTime,
  ROUTES,
  signingProgressOf,
  type TDocument,
  type TDocumentSortKey,
} from '@bubuh/contracts';
import {
  Badge,
  Button,
  Chip,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconArchive, IconLayoutGrid, IconPlus, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, pagedTable, type TColumn } from '@/components/data-table';
import classes from '@/components/document-editor/editor.module.css';
import { IsoDateInput } from '@/components/iso-date-input';
import { actionsColumn } from '@/components/row-actions';
import { serverMessage } from '@/lib/api-errors';
import { isoDay, STATUS_COLORS } from '@/lib/document-format';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useListState } from '@/lib/use-list-state';
import { useDeleteConfirm } from '@/lib/use-row-dialogs';
import {
  type TDocumentStatusFilter,
  useCancelDocument,
  useDeleteDocument,
  useDocuments,
} from '../api/documents';
import { useDocumentDownload } from '../hooks/use-document-download';
import { DocumentDetailsDrawer } from './document-details-drawer';
import { DocumentRowActions } from './document-row-actions';

type TDocumentListProps = {
  /** `backup`: only stamped documents (the /stamp/backup list). */
  mode: 'all' | 'backup';
};

const FILTERS: TDocumentStatusFilter[] = ['all', 'stamp', 'nostamp', 'canceled'];

/** The "More" menu of My e-Document: the other stamping pages (titles `page.<route>`). */
const MORE_PAGES = [
  { route: 'stampSingleTemplate', Icon: IconLayoutGrid },
  { route: 'stampDocumentTemplate', Icon: IconLayoutGrid },
  { route: 'stampEsign', Icon: IconSignature },
  { route: 'stampBackup', Icon: IconArchive },
] as const;

/** /stamp (My e-Document) and /stamp/backup: the stamping history with its actions. */
export const DocumentList = ({ mode }: TDocumentListProps) => {
  const { t } = useTranslation();
  const _navigate = useNavigate();
  const user = useSession()?.userData;
  const [params, setParams] = useSearchParams();
  const list = useListState<TDocumentSortKey>();
  const [status, setStatus] = useState<TDocumentStatusFilter>('all');
  const [dates, setDateRange] = useState({ from: '', to: '' });
  // "Waiting for my signature" lives in the address (?waiting=me): the dashboard card links here.
  const waitingMine = mode === 'all' && params.get('waiting') === 'me';
  const query = useDocuments({
    ...list.query,
    ...(waitingMine ? { waiting: 'me' as const } : {}),
    status: mode === 'backup' ? 'stamp' : status,
    from: isoDay(dates.from),
    to: isoDay(dates.to),
    order: list.query.order ?? 'desc',
  });
  const { download, busyId } = useDocumentDownload();
  const cancel = useCancelDocument();
  const remove = useDeleteDocument();
  const [canceling, setCanceling] = useState<TDocument | null>(null);
  const deletion = useDeleteConfirm({
    remove,
    idOf: (row: TDocument) => ({ params: { id: row.document_id } }),
    onDeleted: () => notifySuccess(t('stamping.list.deletedToast')),
    errorText: (error) => serverMessage(error, t),
  });

  /** Sets (or, with null, removes) one parameter of the address, in place. */
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const detailId = Number(params.get('doc')) || null;
  const openDetails = (doc: TDocument) => setParam('doc', String(doc.document_id));
  const closeDetails = () => setParam('doc', null);

  const resetPage = () => list.setPage(1);
  const setDates = (next: { from: string; to: string }) => {
    setDateRange(next);
    resetPage();
  };
  /** "1 of 2 signed — waiting for Dewi" while signatures are pending; the state word otherwise. */
  const signingWords = (row: TDocument) => {
    const progress = signingProgressOf(row);
    return progress.waitingFor && row.signing_status === 'signing'
      ? t('stamping.sign.progress', {
          signed: progress.signed,
          total: progress.total,
          name: progress.waitingFor,
        })
      : t(`stamping.signingStatus.${row.signing_status}`);
  };

  const columns: TColumn<TDocument, TDocumentSortKey>[] = [
    {
      key: 'document',
      header: t('stamping.list.document'),
      sortKey: 'document',
      render: (row) => (
        <div style={{ minWidth: 180 }}>
          <Text
            fw={600}
            fz="sm"
            lineClamp={1}
            component="button"
            onClick={() => openDetails(row)}
            style={{
              background: 'none',
              border: 0,
              padding: 0,
              cursor: 'pointer',
              textAlign: 'left',
            }}
            data-testid="document-name"
          >
            {row.document_file}
          </Text>
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {row.departement_name ? `${row.owner} · ${row.departement_name}` : row.owner}
          </Text>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('stamping.list.status'),
      sortKey: 'status',
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Badge color={STATUS_COLORS[row.status]} variant="light" data-testid="document-status">
            {t(`stamping.status.${row.status}`)}
          </Badge>
          {row.status === 'nostamp' && row.signing_status !== 'draft' ? (
            <Text fz={11} c="dimmed" data-testid="document-signing">
              {signingWords(row)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'serial',
      header: t('stamping.list.serial'),
      sortKey: 'serial',
      render: (row) =>
        row.serial_number ? (
          <span className={classes.serial} data-testid="document-serial">
            {row.serial_number}
          </span>
        ) : (
          <Text c="dimmed" fz="sm">
            -
          </Text>
        ),
    },
    {
      key: 'created',
      header: t('stamping.list.created'),
      sortKey: 'created',
      render: (row) => <Text fz="sm">{formatDateTime(row.created_at)}</Text>,
    },
    {
      key: 'stamped',
      header: t('stamping.list.stamped'),
      sortKey: 'stamped',
      render: (row) => <Text fz="sm">{row.stamped_at ? formatDateTime(row.stamped_at) : '-'}</Text>,
    },
    actionsColumn(t('stamping.list.actions'), (row) => (
      <DocumentRowActions
        row={row}
        can={documentActionsFor(row, user)}
        downloading={busyId === row.document_id}
        on={{
          download: () => void download(row),
          details: () => openDetails(row),
          cancel: () => {
            cancel.reset();
            setCanceling(row);
          },
          delete: () => deletion.ask(row),
        }}
      />
    )),
  ];

  const filters = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {mode === 'all' ? (
        <SegmentedControl
          value={status}
          onChange={(value) => {
            setStatus(value as TDocumentStatusFilter);
            resetPage();
          }}
          data={FILTERS.map((value) => ({ value, label: t(`stamping.filter.${value}`) }))}
          aria-label={t('stamping.list.statusFilter')}
          data-testid="status-filter"
        />
      ) : null}
      {mode === 'all' ? (
        <Chip
          checked={waitingMine}
          onChange={(checked) => {
            setParam('waiting', checked ? 'me' : null);
            resetPage();
          }}
          data-testid="filter-waiting"
        >
          {t('stamping.filter.waitingForMe')}
        </Chip>
      ) : null}
      {(['from', 'to'] as const).map((end) => (
        <IsoDateInput
          key={end}
          label={t(`stamping.list.${end}`)}
          value={dates[end]}
          onChange={(value) => setDates({ ...dates, [end]: value })}
          w={170}
          data-testid={`filter-${end}`}
        />
      ))}
      {dates.from || dates.to ? (
        <Button variant="subtle" onClick={() => setDates({ from: '', to: '' })}>
          {t('stamping.list.clearDates')}
        </Button>
      ) : null}
    </Group>
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid={`documents-${mode}`}>
      <Stack gap="md">
        {filters}
        <DataTable
          testId="documents-table"
          columns={columns}
          {...pagedTable(list, query, t, t('stamping.list.search'))}
          rowKey={(row) => row.document_id}
          rowTestId={(row) => `document-row-${row.document_id}`}
          emptyText={mode === 'backup' ? t('stamping.list.emptyBackup') : t('stamping.list.empty')}
          actions={
            mode === 'all' ? (
              <>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button variant="default">{t('stamping.list.more')}</Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {MORE_PAGES.map(({ route, Icon }) => (
                      <Menu.Item
                        key={route}
                        component={Link}
                        to={ROUTES[route].path}
                        leftSection={<Icon size={16} />}
                      >
                        {t(`page.${route}`)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
                <Button
                  component={Link}
                  to={ROUTES.stampSingle.path}
                  leftSection={<IconPlus size={16} />}
                  data-testid="new-stamp"
                >
                  {t('stamping.list.newStamp')}
                </Button>
              </>
            ) : (
              <Button component={Link} to={ROUTES.stamp.path} variant="default">
                {t('page.stamp')}
              </Button>
            )
          }
        />
      </Stack>

      <DocumentDetailsDrawer
        documentId={detailId}
        onClose={closeDetails}
        onDownload={(doc) => void download(doc)}
        downloading={busyId !== null && busyId === detailId}
      />
      <ConfirmDialog
        testId="document-cancel-dialog"
        opened={canceling !== null}
        title={t('stamping.list.cancelTitle')}
        body={t('stamping.list.cancelBody', { name: canceling?.document_file ?? '' })}
        confirmLabel={t('stamping.actions.cancelDocument')}
        loading={cancel.isPending}
        error={cancel.error ? serverMessage(cancel.error, t) : null}
        onConfirm={() => {
          if (!canceling) return;
          cancel.mutate(
            { body: { document_id: canceling.document_id } },
            {
              onSuccess: () => {
                notifySuccess(t('stamping.list.canceledToast'));
                setCanceling(null);
              },
            },
          );
        }}
        onClose={() => setCanceling(null)}
      />
      <ConfirmDialog
        testId="document-delete-dialog"
        title={t('stamping.list.deleteTitle')}
        body={t('stamping.list.deleteBody', { name: deletion.deleting?.document_file ?? '' })}
        confirmLabel={t('stamping.actions.delete')}
        {...deletion.dialog}
      />
    </Paper>
  );
};
