import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toast container (with its transitions) loads with the first toast, not with every page:
// `notifications.show` only writes to the store, which the container reads when it mounts.
const Notifications = lazy(() => import('./toast-container'));

/**
 * Toasts appear at the top centre: clear of the top bar's controls (left and right), of a drawer's
 * title and close button (right) and of the editors' action bars (bottom).
 */
export const Toasts = () => {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" zIndex={2000} limit={4} />
    </Suspense>
  );
};
