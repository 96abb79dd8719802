import { HOME_PATH, type TRole } from '@bubuh/contracts';
import type { ReactNode } from 'react';
import { NoAccess } from '@/components/no-access';
import { useSession } from '@/lib/session';

export const isSuper = (role: TRole): boolean => role === 'super';

/** A route only some roles may open: nothing before the session is read, `NoAccess` for the rest. */
export const RoleGate = ({
  allow,
  children,
}: {
  allow: (role: TRole) => boolean;
  children: ReactNode;
}) => {
  const session = useSession();
  if (!session) return null;
  if (!allow(session.userData.role)) return <NoAccess backTo={HOME_PATH} />;
  return children;
};
