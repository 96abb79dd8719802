import { DEFAULT_ABILITIES, isMenuGroup, type TAbility, type TMenuItem } from '@bubuh/contracts';
import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { AbilityProvider, useAbility } from '@casl/react';
import { type ReactNode, useMemo } from 'react';
import { useSession } from './session';

/**
 * CASL abilities of spec §4: built from the list the login answered (kept as `userAbilities`),
 * read on Auth only when nothing is stored. They shape menus and buttons; the server checks on
 * its own.
 */
export type TAppAbility = MongoAbility<[string, string]>;

export const buildAbility = (rules: readonly TAbility[] | null | undefined): TAppAbility =>
  createMongoAbility<[string, string]>(
    (rules ?? DEFAULT_ABILITIES).map((rule) => ({ action: rule.action, subject: rule.subject })),
  );

/**
 * The subject each menu entry needs `read` on. Groups map to one subject, except Master Data whose
 * entries each have their own; entries without a subject (Dashboard) are always shown.
 */
export const MENU_SUBJECTS: Readonly<Record<string, string>> = {
  'master-user': 'User',
  'master-personal-user': 'User',
  'master-department': 'Department',
  'master-esign': 'Esign',
  'my-document': 'Document',
  quota: 'Quota',
  'digital-locker': 'Locker',
  support: 'Ticket',
};

const allowed = (ability: TAppAbility, key: string): boolean => {
  const subject = MENU_SUBJECTS[key];
  return subject === undefined || ability.can('read', subject);
};

/** The role's menu (from `menuFor`) minus what the ability denies; empty groups disappear. */
export const filterMenu = (menu: readonly TMenuItem[], ability: TAppAbility): TMenuItem[] =>
  menu.flatMap((item): TMenuItem[] => {
    if (!allowed(ability, item.key)) return [];
    if (!isMenuGroup(item)) return [item];
    const children = item.children.filter((child) => allowed(ability, child.key));
    return children.length > 0 ? [{ ...item, children }] : [];
  });

/** Provides the ability of the stored session (rebuilt when the session changes). */
export const SessionAbilityProvider = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const rules = session?.ability;
  const ability = useMemo(() => buildAbility(rules), [rules]);
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
};

export const useAppAbility = (): TAppAbility => useAbility<TAppAbility>();

/** Renders children only when the ability allows `action` on `subject`. */
export const Can = ({
  I,
  a,
  children,
}: {
  I: string;
  a: string;
  children: ReactNode;
}): ReactNode => {
  const ability = useAppAbility();
  return ability.can(I, a) ? children : null;
};
