import { LOGIN_PATH } from '@bubuh/contracts';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session';

/** Spec §5: routes that need login send anonymous users to /login, remembering where they were. */
export const RequireAuth = () => {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`} replace />;
  }
  return <Outlet />;
};
