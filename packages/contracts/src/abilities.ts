import type { TAbility } from './auth.ts';
import type { TRole, TUserType } from './roles.ts';

/**
 * Ability lists returned at login (spec §4). They drive menus and buttons on the web (CASL);
 * every route still checks role, company and department on the server.
 */
const read = (subject: string): TAbility => ({ action: 'read', subject });
const manage = (subject: string): TAbility => ({ action: 'manage', subject });

/** Without stored abilities only read on Auth is allowed (spec §4, §6). */
export const DEFAULT_ABILITIES: TAbility[] = [read('Auth')];

export const abilitiesFor = (role: TRole, userType: TUserType): TAbility[] => {
  const base = [
    read('Auth'),
    read('Dashboard'),
    manage('Document'),
    manage('Locker'),
    manage('Ticket'),
    manage('Profile'),
  ];
  switch (role) {
    case 'super':
      return [manage('all')];
    case 'admin':
    case 'admin-company': {
      const admin = [...base, manage('User'), manage('Department'), manage('Template')];
      return userType === 'payu' ? admin : [...admin, manage('Quota')];
    }
    case 'user':
      return userType === 'personal'
        ? [...base, manage('Quota'), manage('Esign'), read('Template')]
        : [...base, manage('Esign'), read('Template')];
  }
};
