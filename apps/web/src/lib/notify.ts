import { notifications } from '@mantine/notifications';

/** Success toast (spec §4 messages such as 'Berhasil tambah data User'). */
export const notifySuccess = (message: string): void => {
  notifications.show({ message, color: 'green', autoClose: 4000, withBorder: true });
};

/** Error toast for actions that have no form to show the error in. */
export const notifyError = (message: string): void => {
  notifications.show({ message, color: 'red', autoClose: 6000, withBorder: true });
};
