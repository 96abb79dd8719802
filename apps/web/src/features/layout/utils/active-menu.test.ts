import { menuFor } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { activeGroupKey, activeMenuKey } from './active-menu';

const admin = menuFor({ role: 'admin', user_type: 'company' });
const personal = menuFor({ role: 'admin', user_type: 'personal' });

describe('active menu item', () => {
  it('matches a leaf exactly', () => {
    expect(activeMenuKey(admin, '/dashboard')).toBe('dashboard');
    expect(activeMenuKey(admin, '/document/file-manager')).toBe('digital-locker');
    expect(activeMenuKey(admin, '/support/faq')).toBe('faq');
  });

  it('picks the longest matching route for nested screens', () => {
    expect(activeMenuKey(admin, '/stamp')).toBe('single-stamp');
    expect(activeMenuKey(admin, '/stamp/single/draft/3')).toBe('single-stamp');
    expect(activeMenuKey(admin, '/stamp/bulk')).toBe('bulk-stamp');
    expect(activeMenuKey(admin, '/stamp/bulk/42')).toBe('bulk-stamp');
    expect(activeMenuKey(admin, '/support/ticket/7')).toBe('ticket');
    expect(activeMenuKey(admin, '/dashboard/')).toBe('dashboard');
  });

  it('does not match on a bare prefix of a segment', () => {
    expect(activeMenuKey(admin, '/stampede')).toBeUndefined();
    expect(activeMenuKey(admin, '/account/1')).toBeUndefined();
  });

  it('finds the group to open', () => {
    expect(activeGroupKey(admin, 'bulk-stamp')).toBe('my-document');
    expect(activeGroupKey(admin, 'dashboard')).toBeUndefined();
    expect(activeGroupKey(personal, activeMenuKey(personal, '/transfer'))).toBe('quota');
    expect(activeGroupKey(admin, undefined)).toBeUndefined();
  });
});
