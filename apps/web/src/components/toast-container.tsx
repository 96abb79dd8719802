import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, a chunk of its own (see toasts.tsx). */
export default Notifications;
