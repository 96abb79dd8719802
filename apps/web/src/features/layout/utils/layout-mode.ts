import { LAYOUT_BREAKPOINT_PX } from '@bubuh/contracts';

export type TLayoutMode = 'vertical' | 'horizontal';

export const LAYOUT_STORAGE_KEY = 'bubuh.layout';
export const DEFAULT_LAYOUT: TLayoutMode = 'vertical';

export const parseLayoutMode = (raw: string | null | undefined): TLayoutMode =>
  raw === 'horizontal' || raw === 'vertical' ? raw : DEFAULT_LAYOUT;

/** Spec §2: below 1200px the side menu is forced, whatever the user chose. */
export const isVerticalForced = (viewportWidth: number): boolean =>
  viewportWidth < LAYOUT_BREAKPOINT_PX;

/** The layout actually drawn for a preference at a viewport width. */
export const resolveLayout = (preference: TLayoutMode, viewportWidth: number): TLayoutMode =>
  isVerticalForced(viewportWidth) ? 'vertical' : preference;
