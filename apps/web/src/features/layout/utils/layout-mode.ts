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

/** Below this width the side menu is a drawer (Mantine `md`): it takes no room. */
export const NAV_DRAWER_BELOW_PX = 992;

/**
 * Whether editors stack the document above their side panel (one column) and pin their action
 * bar to the window's bottom: when the content is too narrow for the document beside a 340 px
 * panel, i.e. on a small window, or below 1200 px while the side menu takes its 264 px.
 */
export const isEditorStacked = (viewportWidth: number, navCollapsed: boolean): boolean =>
  viewportWidth < NAV_DRAWER_BELOW_PX || (isVerticalForced(viewportWidth) && !navCollapsed);
