import { isMenuGroup, ROUTES, type TMenuItem } from '@bubuh/contracts';

const matchesPath = (pathname: string, path: string): boolean =>
  pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);

/**
 * The menu leaf to highlight for a location: the leaf whose route is the longest prefix of the
 * path, so /stamp/bulk/12 highlights Bulk Stamp and /stamp/single/draft/3 Single Stamp.
 */
export const activeMenuKey = (menu: TMenuItem[], pathname: string): string | undefined => {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: { key: string; length: number } | undefined;
  for (const item of menu) {
    const leaves = isMenuGroup(item) ? item.children : [item];
    for (const leaf of leaves) {
      const path = ROUTES[leaf.route].path;
      if (matchesPath(clean, path) && (!best || path.length > best.length)) {
        best = { key: leaf.key, length: path.length };
      }
    }
  }
  return best?.key;
};

/** The group that holds the active leaf, so it can start opened. */
export const activeGroupKey = (menu: TMenuItem[], leafKey: string | undefined) =>
  leafKey
    ? menu.find((item) => isMenuGroup(item) && item.children.some((c) => c.key === leafKey))?.key
    : undefined;
