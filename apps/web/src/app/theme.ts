import { BRAND } from '@bubuh/contracts';
import {
  createTheme,
  DEFAULT_THEME,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** Brand navy #00176a sits at shade 8; lighter shades are tints used for backgrounds and dark mode. */
const brand: MantineColorsTuple = [
  '#eef1fb',
  '#d9dff5',
  '#b0bcea',
  '#8396de',
  '#5d75d3',
  '#3a56c4',
  '#1f3ba3',
  '#0e2585',
  BRAND.primary,
  '#000f4a',
];

/**
 * Secondary grey at shade 6: Bootstrap's hover shade #5c636a rather than BRAND.secondary #6c757d,
 * which reads at 4.3:1 on the light grey surfaces (WCAG AA asks 4.5:1).
 */
const secondary: MantineColorsTuple = [
  '#f5f6f7',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#8a939b',
  '#5c636a',
  '#5a6268',
  '#495057',
  '#343a40',
];

/**
 * Mantine's grey with a darker shade 6: it is the `dimmed` secondary text, which at #868e96 reads
 * at 3.3:1 on white (WCAG AA asks 4.5:1).
 */
const gray: MantineColorsTuple = [
  ...DEFAULT_THEME.colors.gray.slice(0, 6),
  '#5f666d',
  ...DEFAULT_THEME.colors.gray.slice(7),
] as unknown as MantineColorsTuple;

/**
 * Text of the tinted variants (light, subtle, outline) in a darkened shade of its colour: Mantine
 * draws it in shade 6, which on its own tint is below 4.5:1 for green, teal, yellow, orange, grey.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (!['light', 'subtle', 'outline'].includes(input.variant ?? '')) return resolved;
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor || parsed.color === 'brand') return resolved;
  const text = darken(input.theme.colors[parsed.color]?.[8] ?? parsed.value, 0.35);
  return {
    ...resolved,
    color: text,
    ...(input.variant === 'outline' ? { border: `1px solid ${text}` } : {}),
  };
};

export const theme = createTheme({
  // Filled badges and buttons in light colours (yellow, lime, teal…) get dark text.
  autoContrast: true,
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 4 },
  colors: { brand, secondary, gray },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
    fontWeight: '700',
  },
  components: {
    // Badges show their whole word ("ACTIVE", "COMPANY ADMIN"); the column grows instead.
    Badge: {
      styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } },
    },
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Tooltip: { defaultProps: { withArrow: true } },
  },
});
