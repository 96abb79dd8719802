import { LANGUAGES } from '@bubuh/contracts';
import {
  ActionIcon,
  Drawer,
  type MantineColorScheme,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_LABELS, setLanguage } from '@/lib/i18n';
import type { TLayoutMode } from '../utils/layout-mode';
import classes from './theme-customizer.module.css';

type TThemeCustomizerProps = {
  layout: TLayoutMode;
  forcedVertical: boolean;
  onLayoutChange: (layout: TLayoutMode) => void;
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap={8}>
    <Text fw={600} fz="sm">
      {title}
    </Text>
    {children}
  </Stack>
);

/** Spec §2: an optional theme customiser (off unless VITE_THEME_CUSTOMIZER=true). */
export const ThemeCustomizer = ({
  layout,
  forcedVertical,
  onLayoutChange,
}: TThemeCustomizerProps) => {
  const { t, i18n } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <>
      <Tooltip label={t('nav.openCustomizer')} position="left">
        <ActionIcon
          className={classes.toggle}
          size={44}
          variant="filled"
          onClick={open}
          aria-label={t('nav.openCustomizer')}
          data-testid="theme-customizer-toggle"
        >
          <IconSettings size={22} className={classes.spin} />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={340}
        title={<Title order={4}>{t('customizer.title')}</Title>}
        data-testid="theme-customizer"
      >
        <Stack gap="xl">
          <Text c="dimmed" fz="sm">
            {t('customizer.description')}
          </Text>
          <Section title={t('customizer.layout')}>
            <SegmentedControl
              fullWidth
              value={layout}
              disabled={forcedVertical}
              onChange={(value) =>
                onLayoutChange(value === 'horizontal' ? 'horizontal' : 'vertical')
              }
              data={[
                { value: 'vertical', label: t('customizer.vertical') },
                { value: 'horizontal', label: t('customizer.horizontal') },
              ]}
            />
            {forcedVertical ? (
              <Text fz="xs" c="dimmed">
                {t('customizer.forcedVertical')}
              </Text>
            ) : null}
          </Section>
          <Section title={t('customizer.colorScheme')}>
            <SegmentedControl
              fullWidth
              value={colorScheme}
              onChange={(value) => setColorScheme(value as MantineColorScheme)}
              data={[
                { value: 'light', label: t('customizer.light') },
                { value: 'dark', label: t('customizer.dark') },
                { value: 'auto', label: t('customizer.auto') },
              ]}
            />
          </Section>
          <Section title={t('customizer.language')}>
            <SegmentedControl
              fullWidth
              value={language}
              onChange={(value) => {
                if (isLanguage(value)) void setLanguage(value);
              }}
              data={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_LABELS[lng] }))}
            />
          </Section>
        </Stack>
      </Drawer>
    </>
  );
};
