import { Card, SimpleGrid } from '@mantine/core';
import {
  IconCertificate,
  IconFolders,
  IconStack2,
  IconWallet,
  type TablerIcon,
} from '@tabler/icons-react';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';
import { LandingTile } from './landing-tile';

const FEATURES: Array<{ key: string; icon: TablerIcon }> = [
  { key: 'stamping', icon: IconStack2 },
  { key: 'quota', icon: IconWallet },
  { key: 'signatures', icon: IconCertificate },
  { key: 'locker', icon: IconFolders },
];

export const LandingFeatures = () => (
  <LandingSection id="features" textKey="landing.features" withSubtitle>
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" mt={56}>
      {FEATURES.map(({ key, icon: Icon }) => (
        <Card
          key={key}
          withBorder
          padding="xl"
          className={classes.featureCard}
          data-testid={`feature-${key}`}
        >
          <LandingTile kind="feature" Icon={Icon} textKey={`landing.features.${key}`} />
        </Card>
      ))}
    </SimpleGrid>
  </LandingSection>
);
