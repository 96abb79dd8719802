import { TEMPLATE_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobAnswer } from '../../jobs/document-jobs.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TDocumentOperations as TDocumentsService } from '../documents/document-operations.ts';
import type { TTemplatesService } from './templates.service.ts';

export const templatesRoutes: FastifyPluginAsyncZod<{
  templates: TTemplatesService;
  documents: TDocumentsService;
}> = async (app, { templates, documents }) => {
  endpointRoute(app, E.list, async ({ auth, query }) => ({
    message: 'OK',
    data: await templates.list(auth, query),
  }));
  endpointRoute(app, E.signers, async ({ auth }) => ({
    message: 'OK',
    data: await templates.signers(auth),
  }));
  endpointRoute(app, E.get, async ({ auth, params }) => ({
    message: 'OK',
    data: await templates.get(auth, params.id),
  }));
  endpointRoute(app, E.create, async ({ auth, body }) => ({
    message: 'Berhasil tambah data Template',
    data: await templates.create(auth, body),
  }));
  for (const entry of [E.update, E.updateEsign]) {
    endpointRoute(app, entry, async ({ auth, params, body }) => ({
      message: 'Berhasil update data Template',
      data: await templates.update(auth, params.id, body),
    }));
  }
  endpointRoute(app, E.remove, async ({ auth, params }) => {
    await templates.remove(auth, params.id);
    return { message: 'Berhasil hapus data Template' };
  });
  endpointRoute(app, E.apply, async ({ auth, params, body }) => ({
    message: 'Template diterapkan',
    data: await templates.apply(auth, params.id, body, documents),
  }));
  endpointRoute(app, E.stamp, async ({ auth, params, body, reply }) => {
    const placement = await templates.stampPlacement(
      auth,
      params.id,
      await documents.details(auth, body.document_id),
    );
    const outcome = await documents.stamp(
      auth,
      { ...body, ...placement },
      auth.companyId === null ? 'personal' : 'company',
    );
    return jobAnswer(reply, body.document_id, outcome, 'Berhasil membubuhkan e-Meterai');
  });
};
