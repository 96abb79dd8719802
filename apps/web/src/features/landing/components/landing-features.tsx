import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCertificate,
  IconFolders,
  IconStack2,
  IconWallet,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';

const FEATURES: Array<{ key: string; icon: TablerIcon }> = [
  { key: 'stamping', icon: IconStack2 },
  { key: 'quota', icon: IconWallet },
  { key: 'signatures', icon: IconCertificate },
  { key: 'locker', icon: IconFolders },
];

export const LandingFeatures = () => {
  const { t } = useTranslation();
  return (
    <LandingSection
      id="features"
      eyebrow={t('landing.features.eyebrow')}
      title={t('landing.features.title')}
      subtitle={t('landing.features.subtitle')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" mt={56}>
        {FEATURES.map(({ key, icon: Icon }) => (
          <Card
            key={key}
            withBorder
            padding="xl"
            className={classes.featureCard}
            data-testid={`feature-${key}`}
          >
            <ThemeIcon
              size={52}
              radius="md"
              variant="gradient"
              gradient={{ from: 'brand.8', to: 'brand.5', deg: 135 }}
            >
              <Icon size={26} stroke={1.6} />
            </ThemeIcon>
            <Title order={3} fz="xl" mt="lg">
              {t(`landing.features.${key}.title`)}
            </Title>
            <Text c="dimmed" mt="sm" lh={1.65}>
              {t(`landing.features.${key}.body`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
};
