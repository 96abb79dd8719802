import { Button, Group, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArticleFeedback } from '../api/articles';

const ANSWERS = [
  { helpful: true, key: 'yes', variant: 'light', Icon: IconThumbUp },
  { helpful: false, key: 'no', variant: 'default', Icon: IconThumbDown },
] as const;

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
      {ANSWERS.map(({ helpful, key, variant, Icon }) => (
        <Button
          key={key}
          size="compact-sm"
          variant={variant}
          leftSection={<Icon size={14} />}
          onClick={() => send(helpful)}
          data-testid={helpful ? `article-yes-${id}` : undefined}
        >
          {t(`support.content.${key}`)}
        </Button>
      ))}
    </Group>
  );
};
