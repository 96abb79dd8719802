import { Modal, type ModalProps } from '@mantine/core';

/** The look of every dialog of the app: a centered modal with the large radius. */
export const DialogModal = (props: ModalProps) => <Modal centered radius="lg" {...props} />;
