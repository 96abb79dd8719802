import { Text, ThemeIcon, type ThemeIconProps, Title, type TitleProps } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The look of a feature card and of a "how it works" step. */
const TILES = {
  feature: {
    badge: {
      size: 52,
      radius: 'md',
      variant: 'gradient',
      gradient: { from: 'brand.8', to: 'brand.5', deg: 135 },
    },
    glyph: 26,
    title: { fz: 'xl', mt: 'lg' },
    body: { mt: 'sm', lh: 1.65 },
  },
  step: {
    badge: { size: 48, radius: 'xl', variant: 'light' },
    glyph: 24,
    title: { fz: 'lg', mt: 'md' },
    body: { mt: 'xs', lh: 1.6 },
  },
} satisfies Record<
  string,
  {
    badge: ThemeIconProps;
    glyph: number;
    title: TitleProps;
    body: { mt: string; lh: number };
  }
>;

/** A landing tile's icon, title and text (`<textKey>.title`, `<textKey>.body`). */
export const LandingTile = ({
  kind,
  Icon,
  textKey,
}: {
  kind: keyof typeof TILES;
  Icon: TablerIcon;
  textKey: string;
}) => {
  const { t } = useTranslation();
  const tile = TILES[kind];
  return (
    <>
      <ThemeIcon {...tile.badge}>
        <Icon size={tile.glyph} stroke={1.6} />
      </ThemeIcon>
      <Title order={3} {...tile.title}>
        {t(`${textKey}.title`)}
      </Title>
      <Text c="dimmed" {...tile.body}>
        {t(`${textKey}.body`)}
      </Text>
    </>
  );
};
