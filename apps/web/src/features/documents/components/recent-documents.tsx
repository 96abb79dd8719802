import { formatDateTime, formatNumber, ROUTES } from '@bubuh/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import classes from '@/components/document-editor/editor.module.css';
import { MapBadge } from '@/components/lists/map-badge';
import { statusMessage } from '@/lib/api-errors';
import { STATUS_COLORS } from '@/lib/document-format';
import { documentDetailsPath } from '@/lib/document-paths';
import { useDashboardDocuments } from '../api/documents';
import { DashboardCard, DocumentLine } from './dashboard-card-heading';

/** Dashboard card: document totals by status and the five latest documents. */
/** The totals' figures in shades that read at 4.5:1 on white (yellow 8 does not). */
const TOTAL_TEXT = { stamp: 'green.9', nostamp: 'orange.9', canceled: 'gray.7' } as const;

export const RecentDocuments = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useDashboardDocuments();
  const totals = query.data?.totals;
  const recent = query.data?.recent ?? [];

  return (
    <DashboardCard
      testId="recent-documents"
      gap="md"
      heading={{
        icon: <IconFileText size={20} />,
        title: t('stamping.dashboard.title'),
        viewAllTo: ROUTES.stamp.path,
      }}
    >
      {query.error ? (
        <Alert color="red" variant="light" role="alert">
          {statusMessage(query.error, t)}
        </Alert>
      ) : null}
      {query.isPending ? <Loader size="sm" /> : null}

      {totals ? (
        <SimpleGrid cols={3} spacing="sm">
          {(['stamp', 'nostamp', 'canceled'] as const).map((status) => (
            <Card key={status} withBorder radius="md" padding="sm">
              <Text fz="xs" c="dimmed">
                {t(`stamping.status.${status}`)}
              </Text>
              <Text fz="xl" fw={700} c={TOTAL_TEXT[status]} data-testid={`total-${status}`}>
                {formatNumber(totals[status])}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}

      {query.data && recent.length === 0 ? (
        <Group justify="space-between" gap="sm">
          <Text fz="sm" c="dimmed">
            {t('stamping.dashboard.empty')}
          </Text>
          <Button
            size="xs"
            component={Link}
            to={ROUTES.stampSingle.path}
            leftSection={<IconPlus size={14} />}
          >
            {t('stamping.list.newStamp')}
          </Button>
        </Group>
      ) : null}

      {recent.length > 0 ? (
        <Stack gap={0}>
          {recent.map((doc) => (
            <UnstyledButton
              key={doc.document_id}
              className={classes.recentRow}
              onClick={() => navigate(documentDetailsPath(doc.document_id))}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <DocumentLine name={doc.document_file}>
                  <Text fz="xs" c="dimmed" truncate="end">
                    {doc.serial_number ? (
                      <span className={classes.serial}>{doc.serial_number}</span>
                    ) : (
                      formatDateTime(doc.created_at)
                    )}
                  </Text>
                </DocumentLine>
                <MapBadge value={doc.status} colors={STATUS_COLORS} style={{ flexShrink: 0 }}>
                  {t(`stamping.status.${doc.status}`)}
                </MapBadge>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      ) : null}
    </DashboardCard>
  );
};
