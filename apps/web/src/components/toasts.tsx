import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import classes from './toasts.module.css';

// The toast container (with its transitions) loads with the first toast, not with every page:
// `notifications.show` only writes to the store, which the container reads when it mounts.
const Notifications = lazy(() => import('./toast-container'));

/**
 * Toasts appear at the top centre below the top bar: clear of its controls, of a drawer's title
 * and close button, and of the editors' action bars (bottom).
 */
export const Toasts = () => {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" zIndex={2000} limit={4} className={classes.toasts} />
    </Suspense>
  );
};
