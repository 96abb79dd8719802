import {
  documentActionsFor,
  documentRoleOf,
  formatDateTime,
  formatIDR,
  formatStorageSize,
  type TDocument,
} from '@bubuh/contracts';
import { Alert, Drawer, Group, Loader, Stack, Table, Text, Timeline } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonRow } from '@/components/button-row';
import classes from '@/components/document-editor/editor.module.css';
import { MapBadge } from '@/components/lists/map-badge';
import { SigningStopNotice } from '@/components/signing-stop-notice';
import { statusMessage } from '@/lib/api-errors';
import { placementSummary, SIGNING_COLORS, STATUS_COLORS } from '@/lib/document-format';
import { useDocTypes, useDocument } from '@/lib/document-queries';
import { needsJavaScriptAck } from '@/lib/javascript-ack';
import { useSession } from '@/lib/session';
import { documentActionItems } from './document-action-items';
import { DocumentHistory } from './document-history';
import { RemindNowButton } from './remind-now-button';

type TDocumentDetailsDrawerProps = {
  documentId: number | null;
  onClose: () => void;
  onDownload: (doc: TDocument) => void;
  downloading: boolean;
};

/** One document: status, serial, dates, signers in order, the last error and its history. */
export const DocumentDetailsDrawer = ({
  documentId,
  onClose,
  onDownload,
  downloading,
}: TDocumentDetailsDrawerProps) => {
  const { t } = useTranslation();
  const query = useDocument(documentId);
  const docTypes = useDocTypes();
  const doc = query.data;

  return (
    <Drawer
      opened={documentId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('stamping.details.title')}
      closeButtonProps={{ 'aria-label': t('stamping.actions.close') }}
    >
      {query.isPending ? <Loader size="sm" /> : null}
      {query.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {statusMessage(query.error, t)}
        </Alert>
      ) : null}
      {doc ? (
        <DetailsBody
          doc={doc}
          docTypeName={docTypes.data?.find((type) => type.kode === doc.doc_type)?.nama ?? null}
          onDownload={() => onDownload(doc)}
          downloading={downloading}
        />
      ) : null}
    </Drawer>
  );
};

const DetailsBody = ({
  doc,
  docTypeName,
  onDownload,
  downloading,
}: {
  doc: TDocument;
  docTypeName: string | null;
  onDownload: () => void;
  downloading: boolean;
}) => {
  const { t } = useTranslation();
  const viewer = useSession()?.userData;
  const can = documentActionsFor(doc, viewer);
  const items = documentActionItems(t, doc, can, 16);
  // The round's deadline and reminders matter while it runs or once it stopped.
  const inRound = doc.signing_status === 'signing' || doc.signing_status === 'stopped';
  const roundRows: [string, ReactNode][] = inRound
    ? [
        [
          t('stamping.details.deadline'),
          <span key="deadline" data-testid="details-deadline">
            {doc.deadline_at ? formatDateTime(doc.deadline_at) : '-'}
          </span>,
        ],
        [
          t('stamping.details.reminders'),
          <Stack key="reminders" gap={2} data-testid="details-reminders">
            <Text fz="sm">
              {doc.remind_every_days === null
                ? t('stamping.details.noReminders')
                : doc.remind_every_days === 1
                  ? t('stamping.details.remindDaily')
                  : t('stamping.details.remindEvery', { count: doc.remind_every_days })}
            </Text>
            {doc.reminded_at ? (
              <Text fz="xs" c="dimmed">
                {t('stamping.details.lastReminder', { date: formatDateTime(doc.reminded_at) })}
              </Text>
            ) : null}
          </Stack>,
        ],
      ]
    : [];
  const rows: [string, ReactNode][] = [
    [
      t('stamping.list.status'),
      <Group gap={6} key="status">
        <MapBadge value={doc.status} colors={STATUS_COLORS}>
          {t(`stamping.status.${doc.status}`)}
        </MapBadge>
        {doc.status === 'nostamp' && doc.signing_status !== 'draft' ? (
          <MapBadge value={doc.signing_status} colors={SIGNING_COLORS} variant="outline">
            {t(`stamping.signingStatus.${doc.signing_status}`)}
          </MapBadge>
        ) : null}
      </Group>,
    ],
    [
      t('stamping.list.serial'),
      doc.serial_number ? (
        <span key="serial" className={classes.serial} data-testid="details-serial">
          {doc.serial_number}
        </span>
      ) : (
        '-'
      ),
    ],
    [
      t('stamping.details.docType'),
      doc.doc_type ? (docTypeName ? `${docTypeName} (${doc.doc_type})` : doc.doc_type) : '-',
    ],
    [t('stamping.details.docValue'), doc.doc_value !== null ? formatIDR(doc.doc_value) : '-'],
    [t('stamping.details.docNumber'), doc.doc_number ?? '-'],
    [t('stamping.details.docDate'), doc.doc_date ?? '-'],
    [t('stamping.details.owner'), doc.owner],
    ...(doc.departement_name
      ? ([[t('stamping.details.departement'), doc.departement_name]] as [string, ReactNode][])
      : []),
    ...roundRows,
    [t('stamping.list.created'), formatDateTime(doc.created_at)],
    [t('stamping.list.stamped'), doc.stamped_at ? formatDateTime(doc.stamped_at) : '-'],
    [
      t('stamping.details.file'),
      `${t('stamping.draft.pages', { count: doc.page_count })} · ${formatStorageSize(doc.size)}`,
    ],
    [
      t('stamping.details.placement'),
      doc.placements.emeterai ? placementSummary(doc.placements.emeterai, t) : '-',
    ],
    [
      t('stamping.repair.flag'),
      <span key="repaired" data-testid="details-repaired">
        {doc.repaired ? t('stamping.repair.yes') : t('stamping.repair.no')}
      </span>,
    ],
    [
      t('stamping.javascript.flag'),
      <Stack key="javascript" gap={2} data-testid="details-javascript">
        <Text fz="sm">
          {doc.javascript.count > 0
            ? t('stamping.javascript.found', { count: doc.javascript.count })
            : t('stamping.javascript.none')}
        </Text>
        {doc.javascript.count > 0 ? (
          <Text fz="xs" c="dimmed">
            {doc.javascript.acknowledged_at
              ? t('stamping.javascript.acknowledged', {
                  name: doc.javascript.acknowledged_by_name ?? '-',
                  date: formatDateTime(doc.javascript.acknowledged_at),
                })
              : t('stamping.javascript.notAcknowledged')}
          </Text>
        ) : null}
      </Stack>,
    ],
  ];

  return (
    <Stack gap="lg" data-testid="document-details-drawer">
      <Text fw={700} style={{ wordBreak: 'break-word' }}>
        {doc.document_file}
      </Text>
      <Table withRowBorders={false} verticalSpacing={6} fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td c="dimmed" w="38%" style={{ verticalAlign: 'top' }}>
                {label}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <SigningStopNotice doc={doc} managing={documentRoleOf(doc, viewer).manages} />

      {[
        {
          shown: doc.repaired,
          color: 'yellow',
          title: t('stamping.repair.flag'),
          body: t('stamping.repair.notice'),
          testId: 'details-repaired-notice',
        },
        {
          shown: needsJavaScriptAck(doc),
          color: 'orange',
          title: t('stamping.javascript.title'),
          body: t('stamping.javascript.body', { count: doc.javascript.count }),
          testId: 'details-javascript-notice',
        },
        {
          shown: Boolean(doc.last_error),
          color: 'red',
          title: t('stamping.draft.lastError'),
          body: doc.last_error,
          testId: 'details-last-error',
        },
      ]
        .filter((notice) => notice.shown)
        .map((notice) => (
          <Alert
            key={notice.testId}
            color={notice.color}
            variant="light"
            title={notice.title}
            icon={<IconAlertCircle size={18} />}
            data-testid={notice.testId}
          >
            {notice.body}
          </Alert>
        ))}

      <div>
        <Text fw={600} fz="sm" mb="xs">
          {t('stamping.details.signers')}
        </Text>
        {doc.signers.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('stamping.details.noSigners')}
          </Text>
        ) : (
          <Timeline
            bulletSize={22}
            lineWidth={2}
            active={doc.signers.filter((s) => s.status === 'signed').length - 1}
          >
            {[...doc.signers]
              .sort((a, b) => a.position - b.position)
              .map((signer) => (
                <Timeline.Item
                  key={signer.position}
                  bullet={
                    signer.status === 'signed' ? (
                      <IconCircleCheck size={14} />
                    ) : (
                      <IconClock size={14} />
                    )
                  }
                  title={`${signer.position}. ${signer.fullName}`}
                >
                  <Text fz="xs" c="dimmed">
                    {signer.status === 'signed' && signer.signed_at
                      ? t('stamping.details.signedAt', { date: formatDateTime(signer.signed_at) })
                      : t('stamping.details.pending')}
                  </Text>
                </Timeline.Item>
              ))}
          </Timeline>
        )}
        {can.remind ? <RemindNowButton doc={doc} /> : null}
      </div>

      <DocumentHistory doc={doc} />

      <ButtonRow
        gap="sm"
        actions={[
          {
            ...items.download,
            onClick: onDownload,
            loading: downloading,
            testId: 'details-download',
          },
          { ...items.continue, variant: 'default' },
          { ...items.sign, variant: 'default' },
          { ...items.askAgain, variant: 'default', testId: 'details-ask-again' },
        ]}
      />
    </Stack>
  );
};
