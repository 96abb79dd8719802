import { cleanFileName } from '@bubuh/contracts';
import type { FastifyReply } from 'fastify';

/**
 * `Content-Disposition` of a file: shown in the browser (`inline`) or downloaded, named by an
 * ASCII fallback (`filename`, other characters as `_`) and the UTF-8 name (`filename*`), both
 * without slashes, control or text-direction characters (an older row may still hold them).
 */
export const contentDisposition = (name: string, inline = false) => {
  const safe = cleanFileName(name, 'download');
  return `${inline ? 'inline' : 'attachment'}; filename="${safe.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
};

/** What a file answer says about its body: the content type, the name, shown or downloaded. */
export type TDownload = { type: string; name: string; inline?: boolean };

/** Answers with a file of the company's, named by `contentDisposition` and never cached. */
export const sendDownload = (reply: FastifyReply, file: TDownload, body: unknown) =>
  reply
    .type(file.type)
    .header('content-disposition', contentDisposition(file.name, file.inline))
    .header('cache-control', 'private, no-store')
    .send(body);
