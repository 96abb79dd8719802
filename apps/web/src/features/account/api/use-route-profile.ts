import { useParams } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { useProfile } from './profile';

/**
 * The profile named by the route's `:id` (/account/:id, /setting/:id) and the signed-in user's
 * own id; `valid` is false for an id that is not a positive integer (nothing is fetched then).
 */
export const useRouteProfile = () => {
  const { id } = useParams();
  const ownId = useSession()?.userData.id ?? 0;
  const userId = Number(id);
  const valid = Number.isInteger(userId) && userId > 0;
  const profile = useProfile(valid ? userId : 0);
  return { ownId, valid, profile };
};
