import { ESIGN_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import { receiveUpload, textField } from '../../lib/uploads.ts';
import type { TEsignService } from './esign.service.ts';
import { SPECIMEN_MAX_BYTES } from './specimen-image.ts';

export const esignRoutes: FastifyPluginAsyncZod<{ esign: TEsignService }> = async (
  app,
  { esign },
) => {
  endpointRoute(app, E.list, async ({ auth, params, query }) => ({
    message: 'OK',
    ...(await esign.list(auth, params.userId, query)),
  }));

  endpointRoute(app, E.create, async ({ auth, request, reply }) => {
    const opts = { field: 'file', maxBytes: SPECIMEN_MAX_BYTES, what: 'image' } as const;
    const data = await receiveUpload(request, reply, opts, async (file) => {
      const bytes = new Uint8Array(await file.toBuffer());
      const source = textField(file, 'source') === 'drawn' ? 'drawn' : 'upload';
      return esign.create(auth, { bytes, source, name: textField(file, 'name') });
    });
    return { message: 'Berhasil tambah data Esign', data };
  });

  dataRoute(app, E.update, 'Berhasil update data Esign', ({ auth, params, body }) =>
    esign.update(auth, params.id, body),
  );

  endpointRoute(app, E.remove, async ({ auth, params }) => {
    await esign.remove(auth, params.id);
    return { message: 'Berhasil hapus data Esign' };
  });

  endpointRoute(app, E.image, async ({ auth, params, reply }) => {
    const png = await esign.image(auth, params.id);
    return reply
      .type('image/png')
      .header('cache-control', 'private, max-age=300')
      .send(Buffer.from(png));
  });
};
