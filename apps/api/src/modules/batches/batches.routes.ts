import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BATCH_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendDownload } from '../../lib/downloads.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { receivePdf, receiveUpload } from '../../lib/uploads.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { reportOfBatch, zipOfBatch } from './batch-export.ts';
import { readCsv } from './batch-manifest.ts';
import { looksLikeZip, readXlsx } from './batch-manifest-xlsx.ts';
import { xlsxReportOfBatch } from './batch-report-xlsx.ts';
import type { TBatchesService } from './batches.service.ts';

type TOptions = {
  batches: TBatchesService;
  db: TDb;
  files: TFileStore;
  uploadLimitBytes: number;
  /** A document's sealed completion certificate, as `actor` may download it (document-audit). */
  certificate?: (actor: TAuth, documentId: number) => Promise<Uint8Array>;
};

const MANIFEST_MAX_BYTES = 1_048_576;

const notAManifest = (reason: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'The manifest must be a CSV or XLSX file', {
    file: reason,
  });

const readManifest = async (name: string | undefined, body: Buffer) => {
  if (looksLikeZip(body)) return readXlsx(body);
  if (/\.xlsx$/i.test(name ?? '')) throw notAManifest('the file is not an XLSX workbook');
  // Text only: a NUL byte means a binary file (an old .xls, an image, a PDF).
  if (body.includes(0)) throw notAManifest('the file is neither CSV text nor an XLSX workbook');
  return readCsv(body.toString('utf8'));
};

export const batchesRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { batches, db, files, uploadLimitBytes, certificate },
) => {
  endpointRoute(app, E.list, async ({ auth, query }) => ({
    message: 'OK',
    data: await batches.list(auth, query),
  }));
  endpointRoute(app, E.detail, async ({ auth, params, query }) => ({
    message: 'OK',
    data: await batches.detail(auth, params.id, query),
  }));
  endpointRoute(app, E.create, async ({ auth, body }) => ({
    message: 'Berhasil tambah data Batch',
    data: await batches.create(auth, body),
  }));

  for (const [entry, mode] of [
    [E.upload, 'draft'],
    [E.uploadOneProcess, 'process'],
  ] as const) {
    endpointRoute(app, entry, async ({ request, reply, query }) => {
      const auth = requireAuth(request);
      const item = await receivePdf(request, reply, uploadLimitBytes, (name, file) =>
        batches.addFile(auth, query.batch_id, { filename: name, stream: file.file }, mode),
      );
      return reply.code(201).send({ message: 'Dokumen berhasil diunggah', data: item });
    });
  }

  /**
   * A manifest is small: read whole (1 MiB at most), its type decided by its content (an XLSX
   * is a ZIP holding a workbook; anything else must be CSV text), then checked row by row.
   */
  endpointRoute(app, E.manifest, async ({ request, reply, query }) => {
    const auth = requireAuth(request);
    const opts = { field: 'file', maxBytes: MANIFEST_MAX_BYTES + 1, what: 'file' } as const;
    const report = await receiveUpload(request, reply, opts, async (file) => {
      const chunks: Buffer[] = [];
      for await (const chunk of file.file) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      if (file.file.truncated || body.length > MANIFEST_MAX_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', 'The manifest is larger than 1 MB', {
          file: 'too large',
        });
      return batches.attachManifest(auth, query.batch_id, () => readManifest(file.filename, body));
    });
    return { message: 'Manifest diproses', data: report };
  });

  /** A ZIP needs random access (its directory is at its end): it is spooled to a temp file. */
  endpointRoute(app, E.uploadZip, async ({ request, reply, query }) => {
    const auth = requireAuth(request);
    const opts = { field: 'file', maxBytes: uploadLimitBytes + 1, what: 'file' } as const;
    const dir = await mkdtemp(join(tmpdir(), 'bubuh-zip-'));
    try {
      const result = await receiveUpload(request, reply, opts, async (file) => {
        if (!/\.zip$/i.test(file.filename ?? ''))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only ZIP files of PDFs can be expanded', {
            file: 'not a ZIP',
          });
        const path = join(dir, 'upload.zip');
        await pipeline(file.file, createWriteStream(path));
        if (file.file.truncated)
          throw new AppError('PAYLOAD_TOO_LARGE', 'The ZIP is larger than the upload limit', {
            file: 'too large',
          });
        return batches.addZip(auth, query.batch_id, path);
      });
      return reply.code(201).send({ message: 'Dokumen berhasil diunggah', data: result });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  endpointRoute(app, E.removeItem, async ({ auth, params }) => {
    await batches.removeItem(auth, params.id);
    return { message: 'Berhasil hapus data Dokumen' };
  });

  for (const [entry, run, message] of [
    [E.start, batches.start, 'Batch dimulai'],
    [E.pause, batches.pause, 'Batch dijeda'],
    [E.resume, batches.resume, 'Batch dilanjutkan'],
    [E.cancel, batches.cancel, 'Batch dibatalkan'],
    [E.retryFailed, batches.retryFailed, 'Dokumen gagal diproses ulang'],
  ] as const) {
    endpointRoute(app, entry, async ({ auth, body }) => ({
      message,
      data: await run(auth, body.batch_id),
    }));
  }

  endpointRoute(app, E.zip, async ({ auth, params, query, reply }) => {
    const { batch } = await batches.forExport(auth, params.id);
    const withCertificates = query.certificates === 'true' && certificate;
    return sendDownload(
      reply,
      { type: 'application/zip', name: `${batch.name}.zip` },
      zipOfBatch(
        db,
        files,
        batch.id,
        'stamped',
        withCertificates ? (id) => certificate(auth, id) : undefined,
      ),
    );
  });
  endpointRoute(app, E.originalsZip, async ({ auth, params, reply }) => {
    const { batch } = await batches.forExport(auth, params.id);
    return sendDownload(
      reply,
      { type: 'application/zip', name: `${batch.name}-originals.zip` },
      zipOfBatch(db, files, batch.id, 'original'),
    );
  });
  endpointRoute(app, E.original, async ({ auth, params, reply }) => {
    const { fileName, key } = await batches.originalOf(auth, params.id);
    return sendDownload(
      reply,
      { type: 'application/pdf', name: fileName },
      await files.stream(key),
    );
  });
  endpointRoute(app, E.reportXlsx, async ({ auth, params, reply }) => {
    const { batch, owner } = await batches.forExport(auth, params.id);
    return sendDownload(
      reply,
      {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        name: `${batch.name}-report.xlsx`,
      },
      xlsxReportOfBatch(db, batch.id, owner),
    );
  });
  endpointRoute(app, E.report, async ({ auth, params, reply }) => {
    const { batch, owner } = await batches.forExport(auth, params.id);
    return sendDownload(
      reply,
      { type: 'text/csv; charset=utf-8', name: `${batch.name}-report.csv` },
      reportOfBatch(db, batch.id, owner),
    );
  });
};
