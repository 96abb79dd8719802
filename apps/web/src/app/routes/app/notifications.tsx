import { NotificationList } from '@/features/notifications/components/notification-list';

/** /notifications: the full list behind the navbar bell. */
const NotificationsRoute = () => <NotificationList />;

export default NotificationsRoute;
