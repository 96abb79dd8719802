import {
  ZDbId,
  ZDbIdParams,
  ZEsignList,
  ZEsignQuery,
  ZEsignResponse,
  ZEsignUpdateRequest,
  ZMessageResponse,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveUpload, textField } from '../../lib/uploads.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TEsignService } from './esign.service.ts';
import { SPECIMEN_MAX_BYTES } from './specimen-image.ts';

const security = [{ bearerAuth: [] }];
const ZId = ZDbIdParams;

export const esignRoutes: FastifyPluginAsyncZod<{ esign: TEsignService }> = async (
  app,
  { esign },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v1/esign/by/:userId',
    {
      schema: {
        tags: ['esign'],
        security,
        summary:
          "A user's signature specimens: `data` is the page, `meta` the paging; oldest first unless `sort` says otherwise",
        params: z.object({ userId: ZDbId }),
        querystring: ZEsignQuery,
        response: { 200: ZEsignList },
      },
    },
    async (request) => ({
      message: 'OK',
      ...(await esign.list(requireAuth(request), request.params.userId, request.query)),
    }),
  );

  app.post(
    '/api/v1/esign',
    {
      schema: {
        tags: ['esign'],
        security,
        summary:
          'Add a specimen: multipart `file` (PNG/JPEG ≤ 1 MB, drawn or uploaded), optional `source` and `name`; the background is made transparent',
        consumes: ['multipart/form-data'],
        response: { 201: ZEsignResponse },
      },
    },
    async (request, reply) => {
      const opts = { field: 'file', maxBytes: SPECIMEN_MAX_BYTES, what: 'image' } as const;
      const data = await receiveUpload(request, reply, opts, async (file) => {
        const bytes = new Uint8Array(await file.toBuffer());
        const source = textField(file, 'source') === 'drawn' ? 'drawn' : 'upload';
        const name = textField(file, 'name');
        return esign.create(requireAuth(request), { bytes, source, name });
      });
      return reply.status(201).send({ message: 'Berhasil tambah data Esign', data });
    },
  );

  app.patch(
    '/api/v1/esign/:id',
    {
      schema: {
        tags: ['esign'],
        security,
        summary: 'Rename or make default',
        params: ZId,
        body: ZEsignUpdateRequest,
        response: { 200: ZEsignResponse },
      },
    },
    async (request) => ({
      message: 'Berhasil update data Esign',
      data: await esign.update(requireAuth(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/esign/:id',
    {
      schema: {
        tags: ['esign'],
        security,
        summary: 'Delete a specimen',
        params: ZId,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await esign.remove(requireAuth(request), request.params.id);
      return { message: 'Berhasil hapus data Esign' };
    },
  );

  app.get(
    '/api/v1/esign/:id/image',
    {
      schema: {
        tags: ['esign'],
        security,
        summary: 'The specimen as a transparent PNG',
        params: ZId,
      },
    },
    async (request, reply) => {
      const png = await esign.image(requireAuth(request), request.params.id);
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(png));
    },
  );
};
