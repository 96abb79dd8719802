import type { ReactNode } from 'react';
import classes from './sticky-action-bar.module.css';

type TStickyActionBarProps = { children: ReactNode };

/**
 * The bar holding an editor's main action (Stamp, Sign, Save): always in view, at the bottom of
 * the side panel beside the document, or pinned to the window's bottom where the editor stacks
 * into one column. Floating buttons (scroll-to-top) keep clear of it.
 */
export const StickyActionBar = ({ children }: TStickyActionBarProps) => (
  <div className={classes.bar} data-sticky-action-bar data-testid="action-bar">
    {children}
  </div>
);
