import {
  ZDbIdParams,
  ZJobPendingResponse,
  ZMessageResponse,
  ZStampResponse,
  ZTemplateApplyRequest,
  ZTemplateApplyResponse,
  ZTemplateList,
  ZTemplateQuery,
  ZTemplateRequest,
  ZTemplateResponse,
  ZTemplateSignersResponse,
  ZTemplateStampRequest,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingAnswer } from '../../jobs/document-jobs.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TDocumentOperations as TDocumentsService } from '../documents/document-operations.ts';
import type { TTemplatesService } from './templates.service.ts';

const security = [{ bearerAuth: [] }];
const ZId = ZDbIdParams;

export const templatesRoutes: FastifyPluginAsyncZod<{
  templates: TTemplatesService;
  documents: TDocumentsService;
}> = async (app, { templates, documents }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v1/template',
    {
      schema: {
        tags: ['templates'],
        security,
        summary:
          'Document templates of the company (or own, for personal accounts); newest first unless `sort` says otherwise',
        querystring: ZTemplateQuery,
        response: { 200: ZTemplateList },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await templates.list(requireAuth(request), request.query),
    }),
  );
  app.get(
    '/api/v1/template/signers',
    {
      schema: {
        tags: ['templates'],
        security,
        summary:
          "Who a template's e-signature box can be given to: the company's users (a personal account: only itself), the caller first",
        response: { 200: ZTemplateSignersResponse },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await templates.signers(requireAuth(request)),
    }),
  );
  app.get(
    '/api/v1/template/:id',
    {
      schema: {
        tags: ['templates'],
        security,
        summary: 'One template',
        params: ZId,
        response: { 200: ZTemplateResponse },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await templates.get(requireAuth(request), request.params.id),
    }),
  );
  app.post(
    '/api/v1/template/create-template',
    {
      schema: {
        tags: ['templates'],
        security,
        summary: 'Create a template (placements in PDF points)',
        body: ZTemplateRequest,
        response: { 201: ZTemplateResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Berhasil tambah data Template',
        data: await templates.create(requireAuth(request), request.body),
      }),
  );
  for (const url of ['/api/v1/template/update-template/:id', '/api/template-esign/update/:id']) {
    app.patch(
      url,
      {
        schema: {
          tags: ['templates'],
          security,
          summary: 'Update a template',
          params: ZId,
          body: ZTemplateRequest,
          response: { 200: ZTemplateResponse },
        },
      },
      async (request) => ({
        message: 'Berhasil update data Template',
        data: await templates.update(requireAuth(request), request.params.id, request.body),
      }),
    );
  }
  app.delete(
    '/api/v1/template/deleted/:id',
    {
      schema: {
        tags: ['templates'],
        security,
        summary: 'Delete a template',
        params: ZId,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await templates.remove(requireAuth(request), request.params.id);
      return { message: 'Berhasil hapus data Template' };
    },
  );
  app.post(
    '/api/v1/template/apply/:id',
    {
      schema: {
        tags: ['templates'],
        security,
        summary:
          "Apply a template to an uploaded draft: its e-signature boxes become the signers in order, its e-Meterai box the draft's placement (stamped after the signatures)",
        params: ZId,
        body: ZTemplateApplyRequest,
        response: { 200: ZTemplateApplyResponse },
      },
    },
    async (request) => ({
      message: 'Template diterapkan',
      data: await templates.apply(requireAuth(request), request.params.id, request.body, documents),
    }),
  );
  app.post(
    '/api/v1/single-stamp/stamp-template-process-company/:id',
    {
      schema: {
        tags: ['single-stamp'],
        security,
        summary:
          "Stamp a document at the template's e-Meterai placement (a template with e-signature boxes is applied and signed first)",
        params: ZId,
        body: ZTemplateStampRequest,
        response: { 200: ZStampResponse, 202: ZJobPendingResponse },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const placement = await templates.stampPlacement(
        auth,
        request.params.id,
        await documents.details(auth, request.body.document_id),
      );
      const outcome = await documents.stamp(
        auth,
        { ...request.body, ...placement },
        auth.companyId === null ? 'personal' : 'company',
      );
      if (outcome.status === 'pending')
        return reply.code(202).send(pendingAnswer(request.body.document_id, outcome.jobId));
      return { message: 'Berhasil membubuhkan e-Meterai', data: outcome.result };
    },
  );
};
