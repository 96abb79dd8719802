import { Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCursorText, IconRubberStamp, IconUpload, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';

const STEPS: Array<{ key: string; icon: TablerIcon }> = [
  { key: 'upload', icon: IconUpload },
  { key: 'place', icon: IconCursorText },
  { key: 'stamp', icon: IconRubberStamp },
];

export const LandingSteps = () => {
  const { t } = useTranslation();
  return (
    <LandingSection
      id="how-it-works"
      className={classes.steps}
      eyebrow={t('landing.how.eyebrow')}
      title={t('landing.how.title')}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" mt={56}>
        {STEPS.map(({ key, icon: Icon }, index) => (
          <Paper key={key} p="xl" withBorder className={classes.step}>
            {/* A faint decorative numeral, drawn by CSS (not text to read or contrast-check). */}
            <span
              className={classes.stepNumber}
              data-number={String(index + 1).padStart(2, '0')}
              aria-hidden="true"
            />
            <ThemeIcon size={48} radius="xl" variant="light">
              <Icon size={24} stroke={1.6} />
            </ThemeIcon>
            <Title order={3} fz="lg" mt="md">
              {t(`landing.how.${key}.title`)}
            </Title>
            <Text c="dimmed" mt="xs" lh={1.6}>
              {t(`landing.how.${key}.body`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
};
