import type { TDocument } from '@bubuh/contracts';
import { Badge, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '@/lib/document-format';

/** The top of an editor's side panel: the document's name, its status and (optionally) its pages. */
export const DocumentHeading = ({
  doc,
  showPages = false,
}: {
  doc: TDocument;
  showPages?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {t('stamping.draft.document')}
      </Text>
      <Title order={2} fz="md" lineClamp={2} data-testid="draft-file-name">
        {doc.document_file}
      </Title>
      <Group gap="xs" mt={6}>
        <Badge color={STATUS_COLORS[doc.status]} variant="light">
          {t(`stamping.status.${doc.status}`)}
        </Badge>
        {showPages ? (
          <Text fz="xs" c="dimmed">
            {t('stamping.draft.pages', { count: doc.page_count })}
          </Text>
        ) : null}
      </Group>
    </div>
  );
};
