import { LOCKER_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { sendDownload } from '../../lib/downloads.ts';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import { receiveUpload, textField } from '../../lib/uploads.ts';
import type { TDocumentsService } from '../documents/index.ts';
import type { TLockerService } from './locker.service.ts';
import type { TLockerFiles } from './locker-files.ts';
import type { TLockerSettings } from './locker-settings.ts';

/** Shown in the browser only for types that cannot run script (PDF, raster images, text). */
const INLINE = /^(application\/pdf|image\/(png|jpeg|gif|webp|bmp|avif)|text\/(plain|csv))$/;

const sendFile = (
  reply: FastifyReply,
  file: { name: string; mime: string; size?: number; stream: NodeJS.ReadableStream },
  inline: boolean,
) => {
  const type = file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime;
  if (file.size !== undefined) reply.header('content-length', file.size);
  return sendDownload(
    reply,
    { type, name: file.name, inline: inline && INLINE.test(file.mime) },
    file.stream,
  );
};

export const lockerRoutes: FastifyPluginAsyncZod<{
  locker: TLockerService;
  lockerFiles: TLockerFiles;
  lockerSettings: TLockerSettings;
  uploadLimitBytes: number;
  documents: Pick<TDocumentsService, 'upload'>;
}> = async (app, { locker, lockerFiles, lockerSettings, uploadLimitBytes, documents }) => {
  dataRoute(app, E.list, 'OK', ({ auth, query }) => locker.list(auth, query));
  dataRoute(app, E.createFolder, 'Berhasil tambah data Folder', ({ auth, body }) =>
    locker.createFolder(auth, body),
  );
  dataRoute(app, E.folder, 'OK', ({ auth, params, query }) =>
    locker.folder(auth, params.file_manager_id, query),
  );
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
  dataRoute(app, E.storageUse, 'OK', ({ auth }) => locker.storageUse(auth));
  endpointRoute(app, E.rename, async ({ auth, body }) => {
    const data = await locker.rename(auth, body.file_manager_id, body.name);
    return { message: `Berhasil update data ${data.type === 'folder' ? 'Folder' : 'File'}`, data };
  });
  dataRoute(app, E.move, 'Berhasil update data Folder', ({ auth, body }) =>
    locker.move(auth, body.ids, body.parent_id),
  );
  endpointRoute(app, E.remove, async ({ auth, params }) => {
    const row = await locker.remove(auth, params.file_manager_id);
    return { message: `Berhasil hapus data ${row.kind === 'folder' ? 'Folder' : 'File'}` };
  });
  dataRoute(app, E.trash, 'OK', ({ auth }) => locker.trash(auth));
  dataRoute(app, E.restore, 'Berhasil mengembalikan data', ({ auth, params }) =>
    locker.restore(auth, params.file_manager_id),
  );
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
  dataRoute(app, E.filingFolder, 'OK', ({ auth }) => lockerSettings.filingFolder(auth));
  dataRoute(app, E.setFilingFolder, 'Berhasil update data Folder', ({ auth, body }) =>
    lockerSettings.setFilingFolder(auth, body.file_manager_id),
  );
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
