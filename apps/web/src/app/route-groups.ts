import { ROUTES, type TRouteDef, type TRouteKey } from '@bubuh/contracts';

export type TRouteGroup = 'public' | 'guest' | 'authBlank' | 'authMain';

/** Which guard and layout a route of ROUTES is mounted under (spec §2, §5). */
export const routeGroupOf = (def: TRouteDef): TRouteGroup => {
  if (def.access === 'public') return 'public';
  if (def.access === 'guest') return 'guest';
  return def.layout === 'main' ? 'authMain' : 'authBlank';
};

export type TRouteEntry = { key: TRouteKey; def: TRouteDef };

export const groupRoutes = (
  routes: Record<TRouteKey, TRouteDef> = ROUTES,
): Record<TRouteGroup, TRouteEntry[]> => {
  const groups: Record<TRouteGroup, TRouteEntry[]> = {
    public: [],
    guest: [],
    authBlank: [],
    authMain: [],
  };
  for (const key of Object.keys(routes) as TRouteKey[]) {
    const def = routes[key];
    groups[routeGroupOf(def)].push({ key, def });
  }
  return groups;
};
