import { BRAND } from '@bubuh/contracts';
import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

/** Secondary grey #6c757d (Bootstrap's secondary) at shade 6. */
const secondary: MantineColorsTuple = [
  '#f5f6f7',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#8a939b',
  BRAND.secondary,
  '#5a6268',
  '#495057',
  '#343a40',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 4 },
  colors: { brand, secondary },
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
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Tooltip: { defaultProps: { withArrow: true } },
  },
});
