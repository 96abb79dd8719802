import type { TRouteKey } from '@bubuh/contracts';
import { useMatches } from 'react-router-dom';

/** What every route of the router carries in its `handle`. */
export type TRouteHandle = {
  /** Key into ROUTES, absent for the 404 route. */
  routeKey?: TRouteKey;
  /** i18n key of the page title. */
  titleKey: string;
};

const isRouteHandle = (handle: unknown): handle is TRouteHandle =>
  typeof handle === 'object' &&
  handle !== null &&
  typeof (handle as { titleKey?: unknown }).titleKey === 'string';

/** The deepest matched route's handle (the current page). */
export const useRouteHandle = (): TRouteHandle | undefined => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
};
