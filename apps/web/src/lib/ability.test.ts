import {
  abilitiesFor,
  DEFAULT_ABILITIES,
  isMenuGroup,
  menuFor,
  type TMenuItem,
} from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { buildAbility, filterMenu } from './ability';

const keys = (menu: TMenuItem[]): string[] =>
  menu.flatMap((item) =>
    isMenuGroup(item)
      ? [item.key, ...item.children.map((c) => `${item.key}/${c.key}`)]
      : [item.key],
  );

describe('buildAbility', () => {
  it('allows only read on Auth by default (spec §4)', () => {
    const ability = buildAbility(undefined);
    expect(ability.can('read', 'Auth')).toBe(true);
    expect(ability.can('read', 'Dashboard')).toBe(false);
    expect(ability.can('read', 'User')).toBe(false);
    expect(buildAbility(DEFAULT_ABILITIES).rules).toHaveLength(1);
  });

  it('reads manage as every action and all as every subject', () => {
    const superAbility = buildAbility([{ action: 'manage', subject: 'all' }]);
    expect(superAbility.can('delete', 'Quota')).toBe(true);
    const admin = buildAbility(abilitiesFor('admin', 'company'));
    expect(admin.can('read', 'User')).toBe(true);
    expect(admin.can('create', 'Quota')).toBe(true);
    expect(admin.can('read', 'Esign')).toBe(false);
  });
});

describe('filterMenu', () => {
  it('keeps the full role menu when the role abilities allow it', () => {
    const admin = menuFor({ role: 'admin', user_type: 'company' });
    expect(keys(filterMenu(admin, buildAbility(abilitiesFor('admin', 'company'))))).toEqual(
      keys(admin),
    );
    const personal = menuFor({ role: 'user', user_type: 'personal' });
    expect(keys(filterMenu(personal, buildAbility(abilitiesFor('user', 'personal'))))).toEqual(
      keys(personal),
    );
    const user = menuFor({ role: 'user', user_type: 'company' });
    expect(keys(filterMenu(user, buildAbility(abilitiesFor('user', 'company'))))).toContain(
      'master/master-esign',
    );
    const superMenu = menuFor({ role: 'super', user_type: 'company' });
    expect(keys(filterMenu(superMenu, buildAbility(abilitiesFor('super', 'company'))))).toEqual(
      keys(superMenu),
    );
  });

  it('leaves only the Dashboard with the default ability', () => {
    const admin = menuFor({ role: 'admin', user_type: 'company' });
    expect(keys(filterMenu(admin, buildAbility(undefined)))).toEqual(['dashboard']);
  });

  it('hides single entries and groups that end up empty', () => {
    const admin = menuFor({ role: 'admin', user_type: 'company' });
    const ability = buildAbility([
      { action: 'read', subject: 'Department' },
      { action: 'manage', subject: 'Ticket' },
    ]);
    expect(keys(filterMenu(admin, ability))).toEqual([
      'dashboard',
      'master',
      'master/master-department',
      'support',
      'support/faq',
      'support/knowledge-base',
      'support/ticket',
    ]);
  });

  it('hides Master eSign from a plan menu when the ability lacks Esign', () => {
    const menu = menuFor({
      role: 'admin',
      user_type: 'company',
      plan: { is_esign: true, is_parent: true },
    });
    const filtered = keys(filterMenu(menu, buildAbility(abilitiesFor('admin', 'company'))));
    expect(keys(menu)).toContain('master/master-esign');
    expect(filtered).not.toContain('master/master-esign');
    expect(filtered).toContain('master/master-user');
  });
});
