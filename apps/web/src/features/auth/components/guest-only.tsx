import { HOME_PATH } from '@bubuh/contracts';
import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { safeRedirect, useSession } from '@/lib/session';

/** Spec §2/§5: /login and /register send a logged-in user home (or back where they came from). */
export const GuestOnly = () => {
  const session = useSession();
  const [params] = useSearchParams();
  if (session) return <Navigate to={safeRedirect(params.get('redirect'), HOME_PATH)} replace />;
  return <Outlet />;
};
