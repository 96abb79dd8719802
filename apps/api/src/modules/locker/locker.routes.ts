import { LOCKER_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { receiveUpload, textField } from '../../lib/uploads.ts';
import type { TDocumentsService } from '../documents/documents.service.ts';
import type { TLockerService } from './locker.service.ts';
import type { TLockerFiles } from './locker-files.ts';
import type { TLockerSettings } from './locker-settings.ts';

const disposition = (name: string, inline: boolean) =>
  `${inline ? 'inline' : 'attachment'}; filename="${name.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Shown in the browser only for types that cannot run script (PDF, raster images, text). */
const INLINE = /^(application\/pdf|image\/(png|jpeg|gif|webp|bmp|avif)|text\/(plain|csv))$/;

const sendFile = (
  reply: FastifyReply,
  file: { name: string; mime: string; size?: number; stream: NodeJS.ReadableStream },
  inline: boolean,
) => {
  const show = inline && INLINE.test(file.mime);
  reply
    .type(file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime)
    .header('content-disposition', disposition(file.name, show))
    .header('cache-control', 'private, no-store');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.stream);
};

export const lockerRoutes: FastifyPluginAsyncZod<{
  locker: TLockerService;
  lockerFiles: TLockerFiles;
  lockerSettings: TLockerSettings;
  uploadLimitBytes: number;
  documents: Pick<TDocumentsService, 'upload'>;
}> = async (app, { locker, lockerFiles, lockerSettings, uploadLimitBytes, documents }) => {
  endpointRoute(app, E.list, async ({ auth, query }) => ({
    message: 'OK',
    data: await locker.list(auth, query),
  }));
  endpointRoute(app, E.createFolder, async ({ auth, body }) => ({
    message: 'Berhasil tambah data Folder',
    data: await locker.createFolder(auth, body),
  }));
  endpointRoute(app, E.folder, async ({ auth, params, query }) => ({
    message: 'OK',
    data: await locker.folder(auth, params.file_manager_id, query),
  }));
  endpointRoute(app, E.upload, async ({ auth, request, reply }) => {
    const opts = { field: 'file', maxBytes: uploadLimitBytes + 1, what: 'file' } as const;
    const data = await receiveUpload(request, reply, opts, (file) =>
      lockerFiles.upload(auth, {
        filename: file.filename,
        stream: file.file,
        parentId: textField(file, 'parent_id'),
        space: textField(file, 'space'),
      }),
    );
    return { message: 'Berhasil tambah data File', data };
  });
  endpointRoute(app, E.storageUse, async ({ auth }) => ({
    message: 'OK',
    data: await locker.storageUse(auth),
  }));
  endpointRoute(app, E.rename, async ({ auth, body }) => {
    const data = await locker.rename(auth, body.file_manager_id, body.name);
    return { message: `Berhasil update data ${data.type === 'folder' ? 'Folder' : 'File'}`, data };
  });
  endpointRoute(app, E.move, async ({ auth, body }) => ({
    message: 'Berhasil update data Folder',
    data: await locker.move(auth, body.ids, body.parent_id),
  }));
  endpointRoute(app, E.remove, async ({ auth, params }) => {
    const row = await locker.remove(auth, params.file_manager_id);
    return { message: `Berhasil hapus data ${row.kind === 'folder' ? 'Folder' : 'File'}` };
  });
  endpointRoute(app, E.trash, async ({ auth }) => ({
    message: 'OK',
    data: await locker.trash(auth),
  }));
  endpointRoute(app, E.restore, async ({ auth, params }) => ({
    message: 'Berhasil mengembalikan data',
    data: await locker.restore(auth, params.file_manager_id),
  }));
  endpointRoute(app, E.purge, async ({ auth, body }) => {
    await locker.purge(auth, body.ids);
    return { message: 'Berhasil hapus data File' };
  });
  endpointRoute(app, E.toDocument, async ({ auth, body }) => {
    const file = await lockerFiles.download(auth, body.file_manager_id);
    if (file.mime !== 'application/pdf') {
      file.stream.destroy();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF files can be stamped', {
        file_manager_id: 'not a PDF',
      });
    }
    const data = await documents.upload(auth, { filename: file.name, stream: file.stream });
    return { message: 'Dokumen berhasil diunggah', data };
  });
  endpointRoute(app, E.filingFolder, async ({ auth }) => ({
    message: 'OK',
    data: await lockerSettings.filingFolder(auth),
  }));
  endpointRoute(app, E.setFilingFolder, async ({ auth, body }) => ({
    message: 'Berhasil update data Folder',
    data: await lockerSettings.setFilingFolder(auth, body.file_manager_id),
  }));
  endpointRoute(app, E.download, async ({ auth, params, query, reply }) =>
    sendFile(
      reply,
      await lockerFiles.download(auth, params.file_manager_id),
      query.inline === true,
    ),
  );
  endpointRoute(app, E.zip, async ({ auth, params, reply }) => {
    const zip = await lockerFiles.zip(auth, params.file_manager_id);
    return sendFile(reply, { name: zip.name, mime: 'application/zip', stream: zip.stream }, false);
  });
};
