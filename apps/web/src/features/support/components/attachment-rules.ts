import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_ATTACHMENT_TYPES,
} from '@bubuh/contracts';
import type { TFunction } from 'i18next';

const TYPES: readonly string[] = TICKET_ATTACHMENT_TYPES;

/** The browser's early check of attachments (the server checks the content again). */
export const attachmentProblem = (files: File[], t: TFunction): string | null => {
  if (files.length > TICKET_ATTACHMENT_MAX_FILES)
    return t('support.form.tooMany', { count: TICKET_ATTACHMENT_MAX_FILES });
  const wrong = files.find((f) => !TYPES.includes(f.type));
  if (wrong) return t('support.form.wrongType', { name: wrong.name });
  const big = files.find((f) => f.size > TICKET_ATTACHMENT_MAX_BYTES);
  if (big)
    return t('support.form.tooLarge', {
      name: big.name,
      mb: TICKET_ATTACHMENT_MAX_BYTES / 1048576,
    });
  return null;
};

/** A multipart body: the fields that have a value (an empty link is left out), then the files. */
export const ticketFormData = (fields: Record<string, string | null>, attachments: File[]) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) body.append(name, value);
  for (const file of attachments) body.append('attachments', file, file.name);
  return body;
};
