import { Button, Group, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArticleFeedback } from '../api/articles';

/** "Was this helpful?" under an article (one answer per visit). */
export const ArticleFeedback = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const feedback = useArticleFeedback();
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <Text fz="sm" c="teal" data-testid={`article-thanks-${id}`}>
        {t('support.content.thanks')}
      </Text>
    );
  }
  const send = (helpful: boolean) =>
    feedback.mutate({ params: { id }, body: { helpful } }, { onSuccess: () => setSent(true) });
  return (
    <Group gap="xs">
      <Text fz="sm" c="dimmed">
        {t('support.content.helpful')}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconThumbUp size={14} />}
        onClick={() => send(true)}
        data-testid={`article-yes-${id}`}
      >
        {t('support.content.yes')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconThumbDown size={14} />}
        onClick={() => send(false)}
      >
        {t('support.content.no')}
      </Button>
    </Group>
  );
};
