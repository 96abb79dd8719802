import { describe, expect, it } from 'vitest';
import { isMenuGroup, menuFor, menuRoutePaths, type TMenuItem } from '../src/menus.ts';
import { matchRoute, ROUTES, toPath } from '../src/routes.ts';

const titles = (menu: TMenuItem[]) =>
  menu.map((item) =>
    isMenuGroup(item) ? [item.title, item.children.map((c) => c.title)] : item.title,
  );

/** Every kind of account the menus tell apart: role × user type as the API sends them. */
const SUBJECTS = [
  { role: 'admin', user_type: 'company' },
  { role: 'admin-company', user_type: 'company' },
  { role: 'admin-company', user_type: 'payu' },
  { role: 'user', user_type: 'company' },
  { role: 'user', user_type: 'personal' },
  { role: 'super', user_type: 'company' },
] as const;

describe('menus by role (spec §2)', () => {
  it('admin gets the full admin set', () => {
    expect(titles(menuFor({ role: 'admin', user_type: 'company' }))).toEqual([
      'menu.dashboard',
      ['menu.masterData', ['menu.user', 'menu.department']],
      ['menu.myDocument', ['menu.singleStamp', 'menu.bulkStamp']],
      ['menu.quota', ['menu.purchase', 'menu.transfer']],
      'menu.digitalLocker',
      ['menu.support', ['menu.faq', 'menu.knowledgeBase', 'menu.ticket']],
    ]);
  });
  it('other admin-company users get the admin set too', () => {
    expect(menuFor({ role: 'admin-company', user_type: 'company' })).toEqual(
      menuFor({ role: 'admin', user_type: 'company' }),
    );
  });
  it('user gets Dashboard, Master eSign, stamps, locker, support', () => {
    expect(titles(menuFor({ role: 'user', user_type: 'company' }))).toEqual([
      'menu.dashboard',
      ['menu.masterData', ['menu.esign']],
      ['menu.myDocument', ['menu.singleStamp', 'menu.bulkStamp']],
      'menu.digitalLocker',
      ['menu.support', ['menu.faq', 'menu.knowledgeBase', 'menu.ticket']],
    ]);
  });
  it('pay-as-you-go admin-company has no quota menu', () => {
    const menu = titles(menuFor({ role: 'admin-company', user_type: 'payu' }));
    expect(menu).toContainEqual(['menu.masterData', ['menu.user', 'menu.department']]);
    expect(JSON.stringify(menu)).not.toContain('menu.quota');
  });
  it('personal accounts buy packages and transfer quota', () => {
    expect(titles(menuFor({ role: 'user', user_type: 'personal' }))).toEqual([
      'menu.dashboard',
      ['menu.myDocument', ['menu.singleStamp', 'menu.bulkStamp']],
      ['menu.quota', ['menu.buyPackage', 'menu.transferQuota']],
      'menu.digitalLocker',
      ['menu.support', ['menu.faq', 'menu.knowledgeBase', 'menu.ticket']],
    ]);
  });
  it('super owns the personal-user, plan and master-status masters, without quota', () => {
    const menu = menuFor({ role: 'super', user_type: 'company' });
    expect(titles(menu)).toEqual([
      'menu.dashboard',
      [
        'menu.masterData',
        [
          'menu.personalUser',
          'menu.plan',
          'menu.masterStatus',
          'menu.paymentProof',
          'menu.promoCode',
        ],
      ],
      ['menu.myDocument', ['menu.singleStamp', 'menu.bulkStamp']],
      'menu.digitalLocker',
      ['menu.support', ['menu.faq', 'menu.knowledgeBase', 'menu.ticket']],
    ]);
    expect(menuRoutePaths(menu)).toEqual(
      expect.arrayContaining([
        ROUTES.masterPlan.path,
        ROUTES.masterStatus.path,
        ROUTES.masterPaymentProof.path,
        ROUTES.masterPromoCode.path,
      ]),
    );
  });
  it('only super links to the plan and master-status masters', () => {
    for (const subject of SUBJECTS.filter((s) => s.role !== 'super')) {
      const paths = menuRoutePaths(
        menuFor({ ...subject, plan: { is_esign: true, is_parent: true } }),
      );
      expect(paths).not.toContain(ROUTES.masterPlan.path);
      expect(paths).not.toContain(ROUTES.masterStatus.path);
    }
  });
  it('an e-sign plan with child users adds Master Data eSign', () => {
    const menu = menuFor({
      role: 'user',
      user_type: 'personal',
      plan: { is_esign: true, is_childUser: true },
    });
    expect(titles(menu)).toContainEqual(['menu.masterData', ['menu.esign']]);
  });
  it('every menu links only to routes that exist', () => {
    for (const subject of SUBJECTS) {
      for (const path of menuRoutePaths(menuFor(subject))) expect(matchRoute(path)).toBeDefined();
    }
  });
});

describe('routes', () => {
  it('matches parameterised routes and rejects unknown ones', () => {
    expect(matchRoute('/stamp/single/draft/42')?.path).toBe(ROUTES.stampSingleDraft.path);
    expect(matchRoute('/dashboard/')?.path).toBe('/dashboard');
    expect(matchRoute('/master/plan')).toBe(ROUTES.masterPlan);
    expect(matchRoute('/master/status')).toBe(ROUTES.masterStatus);
    expect(matchRoute('/nope')).toBeUndefined();
    expect(matchRoute('/api/health')).toBeUndefined();
  });
  it('fills route parameters', () => {
    expect(toPath(ROUTES.account.path, { id: 7 })).toBe('/account/7');
    expect(() => toPath(ROUTES.account.path)).toThrow(/Missing route parameter/);
  });
});
