import { randomUUID } from 'node:crypto';
import { cleanFileName, TICKET_ATTACHMENT_TYPES } from '@bubuh/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error.ts';
import type { TReceivedFile } from '../../lib/upload-parts.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import type { TNewAttachment } from './tickets.repository.ts';

const ALLOWED: readonly string[] = TICKET_ATTACHMENT_TYPES;

/** A client's file name, kept for display only (the storage key is the server's own). */
const displayName = (name: string): string => cleanFileName(name, 'attachment', 200);

/**
 * Checks every file by its content (PDF, PNG or JPEG, whatever its name or declared type says),
 * then stores them under `tickets/<uuid>/`. A refused file stores nothing; `discard` removes the
 * stored files when the database write that follows fails.
 */
export const storeAttachments = async (files: TFileStore, received: TReceivedFile[]) => {
  const checked = await Promise.all(
    received.map(async (file) => {
      const type = await fileTypeFromBuffer(file.bytes);
      if (!type || !ALLOWED.includes(type.mime)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Attach PDF, PNG or JPEG files only', {
          attachments: `${displayName(file.name)}: not a PDF, PNG or JPEG`,
        });
      }
      return { file, mime: type.mime, ext: type.ext };
    }),
  );
  const folder = `tickets/${randomUUID()}`;
  const stored: TNewAttachment[] = [];
  try {
    for (const [index, { file, mime, ext }] of checked.entries()) {
      const fileKey = `${folder}/${index + 1}.${ext}`;
      await files.put(fileKey, file.bytes);
      stored.push({ fileKey, name: displayName(file.name), mime, size: file.bytes.length });
    }
  } catch (error) {
    await Promise.all(stored.map((s) => files.delete(s.fileKey)));
    throw error;
  }
  return {
    stored,
    discard: () => Promise.all(stored.map((s) => files.delete(s.fileKey))).then(() => undefined),
  };
};
