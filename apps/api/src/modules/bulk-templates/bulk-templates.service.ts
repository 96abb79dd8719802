import type { TBulkTemplate, TBulkTemplateQuery, TBulkTemplateRequest } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { canManage } from '../../lib/access.ts';
import { AppError, foundOr404 } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { checkBatchBoxes } from '../batches/index.ts';
import * as repo from './bulk-templates.repository.ts';

const scopeOf = (auth: TAuth): repo.TBulkTemplateScope => ({
  companyId: auth.companyId,
  userId: auth.userId,
});

const toWire = ({ t, owner }: repo.TBulkTemplateRow): TBulkTemplate => ({
  id: t.id,
  name: t.name,
  doc_type: t.docType,
  doc_value: t.docValue,
  emeterai: t.emeterai,
  esign: t.esign,
  owner,
  owner_id: t.ownerUserId,
  created_at: t.createdAt.toISOString(),
});

/**
 * Bulk templates (issue 13): shared inside the company, changed by their owner or a company
 * admin. Checked as a batch is (square e-Meterai, a known document type); the page anchors are
 * resolved per document when a batch made from the template runs.
 */
export const createBulkTemplatesService = (deps: {
  db: TDb;
  documentTypes: () => Promise<{ kode: string }[]>;
}) => {
  const { db } = deps;

  const get = async (auth: TAuth, id: number) =>
    foundOr404(await repo.find(db, scopeOf(auth), id), 'Template');

  const valuesOf = async (input: TBulkTemplateRequest) => {
    await checkBatchBoxes(deps.documentTypes, {
      doc_type: input.doc_type,
      placement: input.emeterai,
    });
    return {
      name: input.name,
      docType: input.doc_type,
      docValue: input.doc_value ?? null,
      emeterai: input.emeterai,
      esign: input.esign,
    };
  };

  const changeable = async (auth: TAuth, id: number) => {
    const row = await get(auth, id);
    if (!canManage(auth, { ownerUserId: row.t.ownerUserId, companyId: row.t.companyId }))
      throw AppError.forbidden('Only the owner or a company admin can change this template');
    return row;
  };

  return {
    list: async (auth: TAuth, query: TBulkTemplateQuery) => {
      const { rows, total } = await repo.page(db, scopeOf(auth), query);
      return { data: rows.map(toWire), meta: { page: query.page, perPage: query.perPage, total } };
    },
    get: async (auth: TAuth, id: number) => toWire(await get(auth, id)),
    create: async (auth: TAuth, input: TBulkTemplateRequest) => {
      const id = await repo.insert(db, scopeOf(auth), await valuesOf(input));
      return toWire(await get(auth, id));
    },
    update: async (auth: TAuth, id: number, input: TBulkTemplateRequest) => {
      await changeable(auth, id);
      await repo.update(db, scopeOf(auth), id, await valuesOf(input));
      return toWire(await get(auth, id));
    },
    remove: async (auth: TAuth, id: number) => {
      await changeable(auth, id);
      await repo.remove(db, scopeOf(auth), id);
    },
  };
};

export type TBulkTemplatesService = ReturnType<typeof createBulkTemplatesService>;
