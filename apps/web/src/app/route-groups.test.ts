import {
  isMenuGroup,
  menuFor,
  ROLES,
  ROUTE_LIST,
  ROUTES,
  type TRouteKey,
  USER_TYPES,
} from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { groupRoutes, routeGroupOf } from './route-groups';

describe('router groups', () => {
  it('mounts every route of ROUTES exactly once', () => {
    const groups = groupRoutes();
    const mounted = Object.values(groups).flatMap((entries) => entries.map((e) => e.def.path));
    expect(mounted.sort()).toEqual(ROUTE_LIST.map((r) => r.path).sort());
    expect(new Set(mounted).size).toBe(mounted.length);
  });

  it('puts routes under the guard their access asks for', () => {
    expect(routeGroupOf(ROUTES.landing)).toBe('public');
    expect(routeGroupOf(ROUTES.returnPolicy)).toBe('public');
    expect(routeGroupOf(ROUTES.login)).toBe('guest');
    expect(routeGroupOf(ROUTES.register)).toBe('guest');
    expect(routeGroupOf(ROUTES.paymentSuccess)).toBe('authBlank');
    expect(routeGroupOf(ROUTES.planInvoicePrint)).toBe('authBlank');
    expect(routeGroupOf(ROUTES.dashboard)).toBe('authMain');
    expect(routeGroupOf(ROUTES.transfer)).toBe('authMain');
    expect(routeGroupOf(ROUTES.masterPlan)).toBe('authMain');
    expect(routeGroupOf(ROUTES.masterStatus)).toBe('authMain');
  });

  it('links menus only to routes inside the main layout (no dead links)', () => {
    const authMain = new Set<TRouteKey>(groupRoutes().authMain.map((e) => e.key));
    for (const role of ROLES) {
      for (const user_type of USER_TYPES) {
        for (const item of menuFor({
          role,
          user_type,
          plan: { is_esign: true, is_parent: true },
        })) {
          const leaves = isMenuGroup(item) ? item.children : [item];
          for (const leaf of leaves) expect(authMain.has(leaf.route), leaf.route).toBe(true);
        }
      }
    }
  });
});
