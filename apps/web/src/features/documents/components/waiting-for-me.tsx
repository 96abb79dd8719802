import { formatDateTime, ROUTES } from '@bubuh/contracts';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { esignPath } from '@/lib/document-paths';
import { useDashboardDocuments } from '../api/documents';
import { DashboardCard, DocumentLine } from './dashboard-card-heading';

/**
 * Dashboard and My e-Document card, first while anything waits: documents whose next signature
 * is the caller's, each a click from signing (the full list: /stamp?waiting=me).
 */
export const WaitingForMe = () => {
  const { t } = useTranslation();
  const query = useDashboardDocuments();
  const waiting = query.data?.waiting_for_me;
  if (!waiting || waiting.total === 0) return null;
  return (
    <DashboardCard
      testId="waiting-for-me"
      gap="sm"
      heading={{
        icon: <IconSignature size={20} />,
        title: t('stamping.dashboard.waitingTitle'),
        badge: (
          <Badge variant="light" color={waiting.total > 0 ? 'orange' : 'gray'}>
            {waiting.total}
          </Badge>
        ),
        viewAllTo: waiting.total > 0 ? `${ROUTES.stamp.path}?waiting=me` : undefined,
      }}
    >
      {waiting.recent.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('stamping.dashboard.waitingEmpty')}
        </Text>
      ) : (
        waiting.recent.map((doc) => (
          <Group key={doc.document_id} justify="space-between" wrap="nowrap" gap="sm">
            <DocumentLine name={doc.document_file}>
              <Text fz="xs" c="dimmed">
                {t('stamping.dashboard.waitingFrom', {
                  owner: doc.owner,
                  date: formatDateTime(doc.created_at),
                })}
              </Text>
            </DocumentLine>
            <Button
              size="xs"
              component={Link}
              to={esignPath(doc.document_id)}
              leftSection={<IconSignature size={14} />}
              data-testid={`waiting-sign-${doc.document_id}`}
            >
              {t('stamping.actions.sign')}
            </Button>
          </Group>
        ))
      )}
    </DashboardCard>
  );
};
