import {
  ZDbId,
  ZDbIdParams,
  ZDepartementList,
  ZDepartementOptions,
  ZDepartementQuery,
  ZDepartementRequest,
  ZDepartementResponse,
  ZMessageResponse,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import type { TDepartementsService } from './departements.service.ts';

const security = [{ bearerAuth: [] }];
const ZId = ZDbIdParams;

export const departementsRoutes: FastifyPluginAsyncZod<{
  departements: TDepartementsService;
}> = async (app, { departements }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v1/departement',
    {
      schema: {
        tags: ['departements'],
        security,
        summary: "The company's departments, by name unless `sort` says otherwise",
        querystring: ZDepartementQuery,
        response: { 200: ZDepartementList },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await departements.list(requireAuth(request), request.query),
    }),
  );
  app.post(
    '/api/v1/departement',
    {
      schema: {
        tags: ['departements'],
        security,
        summary: 'Create a department',
        body: ZDepartementRequest,
        response: { 201: ZDepartementResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Berhasil tambah data Depertemen',
        data: await departements.create(requireAuth(request), request.body.name),
      }),
  );
  app.patch(
    '/api/v1/departement/:id',
    {
      schema: {
        tags: ['departements'],
        security,
        summary: 'Rename a department',
        params: ZId,
        body: ZDepartementRequest,
        response: { 200: ZDepartementResponse },
      },
    },
    async (request) => ({
      message: 'Berhasil update data Depertemen',
      data: await departements.update(requireAuth(request), request.params.id, request.body.name),
    }),
  );
  app.delete(
    '/api/v1/departement/:id',
    {
      schema: {
        tags: ['departements'],
        security,
        summary: 'Delete a department without users or quota',
        params: ZId,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await departements.remove(requireAuth(request), request.params.id);
      return { message: 'Berhasil hapus data Depertemen' };
    },
  );
  app.get(
    '/api/v1/users/get/by/:company_id',
    {
      schema: {
        tags: ['departements'],
        security,
        summary: "Department options of the caller's company",
        params: z.object({ company_id: ZDbId }),
        response: { 200: ZDepartementOptions },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await departements.options(requireAuth(request), request.params.company_id),
    }),
  );
};
