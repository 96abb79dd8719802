import { TEMPLATE_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import type { TDocumentOperations as TDocumentsService } from '../document-work/index.ts';
import { jobAnswer } from '../document-work/index.ts';
import type { TTemplatesService } from './templates.service.ts';

export const templatesRoutes: FastifyPluginAsyncZod<{
  templates: TTemplatesService;
  documents: TDocumentsService;
}> = async (app, { templates, documents }) => {
  dataRoute(app, E.list, 'OK', ({ auth, query }) => templates.list(auth, query));
  dataRoute(app, E.signers, 'OK', ({ auth }) => templates.signers(auth));
  dataRoute(app, E.get, 'OK', ({ auth, params }) => templates.get(auth, params.id));
  dataRoute(app, E.create, 'Berhasil tambah data Template', ({ auth, body }) =>
    templates.create(auth, body),
  );
  for (const entry of [E.update, E.updateEsign]) {
    dataRoute(app, entry, 'Berhasil update data Template', ({ auth, params, body }) =>
      templates.update(auth, params.id, body),
    );
  }
  endpointRoute(app, E.remove, async ({ auth, params }) => {
    await templates.remove(auth, params.id);
    return { message: 'Berhasil hapus data Template' };
  });
  dataRoute(app, E.apply, 'Template diterapkan', ({ auth, params, body }) =>
    templates.apply(auth, params.id, body, documents),
  );
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
