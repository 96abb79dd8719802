import { FileInput, type FileInputProps } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

/** The attachments picker of a ticket or a reply (several PDF/PNG/JPEG files). */
export const AttachmentsInput = (props: FileInputProps<true>) => (
  <FileInput
    multiple
    clearable
    accept="application/pdf,image/png,image/jpeg"
    leftSection={<IconPaperclip size={16} />}
    {...props}
  />
);
