import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** What the locker keeps, by the type found in the content (file-type's signatures). */
const ALLOWED = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'image/avif',
  // Office Open XML and OpenDocument
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  // Legacy Office (.doc/.xls/.ppt) share the Compound File Binary container.
  'application/x-cfb',
]);

/** Legacy Office files keep a usable type by their extension (the content says only "CFB"). */
const CFB_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const HEAD_BYTES = 512 * 1024;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Plain UTF-8 text: decodes strictly and has no control characters but tab, CR and LF. */
const isPlainText = (head: Buffer): boolean => {
  if (head.length === 0) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  for (const byte of head) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x0b || byte === 0x0c) return false;
  }
  return true;
};

const readHead = async (stream: Readable, bytes: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= bytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, bytes);
};

/**
 * The media type of a stored file from its content, or null when the locker does not keep it.
 * `open` gives a stream of the stored file; only its first 512 KB are read.
 */
export const detectLockerType = async (
  open: () => Promise<Readable>,
  name: string,
): Promise<string | null> => {
  // The start of the file carries every signature file-type knows (Office files: their first
  // ZIP entries); a bounded head keeps memory flat whatever the file's size.
  const head = await readHead(await open(), HEAD_BYTES);
  const found = await fileTypeFromBuffer(head);
  if (found) {
    if (!ALLOWED.has(found.mime)) return null;
    if (found.mime === 'application/x-cfb') {
      return CFB_BY_EXTENSION[extensionOf(name)] ?? 'application/x-cfb';
    }
    return found.mime;
  }
  // No binary signature: plain text is kept when it reads as UTF-8 text.
  if (!isPlainText(head.subarray(0, 64 * 1024))) return null;
  return extensionOf(name) === 'csv' ? 'text/csv' : 'text/plain';
};
