import { Paper, SimpleGrid } from '@mantine/core';
import { IconCursorText, IconRubberStamp, IconUpload, type TablerIcon } from '@tabler/icons-react';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';
import { LandingTile } from './landing-tile';

const STEPS: Array<{ key: string; icon: TablerIcon }> = [
  { key: 'upload', icon: IconUpload },
  { key: 'place', icon: IconCursorText },
  { key: 'stamp', icon: IconRubberStamp },
];

export const LandingSteps = () => (
  <LandingSection id="how-it-works" textKey="landing.how" className={classes.steps}>
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" mt={56}>
      {STEPS.map(({ key, icon: Icon }, index) => (
        <Paper key={key} p="xl" withBorder className={classes.step}>
          {/* A faint decorative numeral, drawn by CSS (not text to read or contrast-check). */}
          <span
            className={classes.stepNumber}
            data-number={String(index + 1).padStart(2, '0')}
            aria-hidden="true"
          />
          <LandingTile kind="step" Icon={Icon} textKey={`landing.how.${key}`} />
        </Paper>
      ))}
    </SimpleGrid>
  </LandingSection>
);
