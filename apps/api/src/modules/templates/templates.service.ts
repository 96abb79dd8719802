import type {
  TDocument,
  TTemplate,
  TTemplateApplyRequest,
  TTemplateApplyResult,
  TTemplateQuery,
  TTemplateSigner,
} from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError, foundOr404 } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TDocumentOperations as TDocumentsService } from '../document-work/index.ts';
import * as repo from './templates.repository.ts';

type TTemplateInput = {
  name: string;
  type: 'Surat Dokumen' | 'Surat Berharga';
  emeterai: repo.TPlacements['emeterai'];
  esign: repo.TPlacements['esign'];
};

/** The documents calls a template is applied with (signers, then the draft's placements). */
export type TTemplateDocuments = Pick<TDocumentsService, 'details' | 'setSigners' | 'saveDraft'>;

/** Company templates are shared inside the company; personal accounts keep their own. */
const scopeOf = (auth: TAuth): repo.TTemplateScope => ({
  companyId: auth.companyId,
  userId: auth.userId,
});

const valuesOf = (input: TTemplateInput) => ({
  name: input.name,
  type: input.type,
  placements: { emeterai: input.emeterai, esign: input.esign },
});

export const createTemplatesService = (deps: { db: TDb }) => {
  const { db } = deps;

  const toWire = ({ t, owner }: repo.TTemplateRow): TTemplate => ({
    id: t.id,
    name: t.name,
    type: t.type,
    emeterai: t.placements.emeterai,
    esign: t.placements.esign,
    owner,
    created_at: t.createdAt.toISOString(),
  });

  const get = async (auth: TAuth, id: number) =>
    foundOr404(await repo.find(db, scopeOf(auth), id), 'Template');

  /**
   * Who may sign in a template: users of the caller's company; a personal account only itself.
   * Checked when a template is saved and again when it is applied (a user may have left since).
   */
  const checkSigners = async (auth: TAuth, esign: repo.TPlacements['esign']) => {
    const ids = [...new Set(esign.map((e) => e.user_id))];
    if (ids.length === 0) return;
    const found = await repo.usersByIds(db, ids);
    for (const userId of ids) {
      const user = found.find((f) => f.id === userId);
      const allowed =
        user !== undefined &&
        (userId === auth.userId || (auth.companyId !== null && user.companyId === auth.companyId));
      if (!allowed)
        throw new AppError('VALIDATION_FAILED', 'Signers must be users of the same company', {
          esign: `user ${userId}`,
        });
    }
    // A chosen specimen must be one of that signer's own.
    const specimens = esign.flatMap((e) =>
      e.specimen_id ? [{ id: e.specimen_id, userId: e.user_id }] : [],
    );
    if (specimens.length === 0) return;
    const owned = await repo.specimensByIds(
      db,
      specimens.map((s) => s.id),
    );
    for (const specimen of specimens) {
      if (!owned.some((o) => o.id === specimen.id && o.userId === specimen.userId))
        throw new AppError('VALIDATION_FAILED', 'Esign not found', {
          esign: `specimen ${specimen.id}`,
        });
    }
  };

  /** Only the owner or a company admin changes a shared template. */
  const canChange = (auth: TAuth, row: Pick<repo.TTemplateRow, 't'>) => {
    const admin = auth.role === 'admin' || auth.role === 'admin-company';
    if (row.t.ownerUserId !== auth.userId && !admin)
      throw AppError.forbidden('Only the owner or a company admin can change this template');
  };

  return {
    list: async (auth: TAuth, query: TTemplateQuery) => {
      const { rows, total } = await repo.page(db, scopeOf(auth), query);
      return {
        data: rows.map(toWire),
        meta: { page: query.page, perPage: query.perPage, total },
      };
    },
    get: async (auth: TAuth, id: number) => toWire(await get(auth, id)),
    create: async (auth: TAuth, input: TTemplateInput) => {
      await checkSigners(auth, input.esign);
      const id = await repo.insert(db, scopeOf(auth), valuesOf(input));
      return toWire(await get(auth, id));
    },
    update: async (auth: TAuth, id: number, input: TTemplateInput) => {
      canChange(auth, await get(auth, id));
      await checkSigners(auth, input.esign);
      await repo.update(db, scopeOf(auth), id, valuesOf(input));
      return toWire(await get(auth, id));
    },
    remove: async (auth: TAuth, id: number) => {
      canChange(auth, await get(auth, id));
      await repo.remove(db, scopeOf(auth), id);
    },
    /** The users a template's e-signature box can be given to (the caller first). */
    signers: async (auth: TAuth): Promise<TTemplateSigner[]> => {
      const rows = await repo.signers(db, scopeOf(auth));
      return [
        ...rows.filter((r) => r.id === auth.userId),
        ...rows.filter((r) => r.id !== auth.userId),
      ];
    },
    /**
     * The e-Meterai placement of a template, for stamping `document` with it. A template with
     * e-signature boxes is applied first: its signatures come before the e-Meterai.
     */
    stampPlacement: async (auth: TAuth, id: number, document: TDocument) => {
      const row = await get(auth, id);
      if (!row.t.placements.emeterai) {
        throw new AppError('VALIDATION_FAILED', 'This template has no e-Meterai placement', {
          template: 'no e-Meterai',
        });
      }
      if (row.t.placements.esign.length > 0 && document.signers.length === 0) {
        throw new AppError(
          'CONFLICT',
          'Apply the template first: its e-signatures come before the e-Meterai',
          { template: 'not applied' },
        );
      }
      return row.t.placements.emeterai;
    },
    /**
     * Applies a template to an uploaded draft: the e-signature boxes become the document's
     * signers in their order (after any who already signed) and the e-Meterai box the draft's
     * placement, to be stamped once everyone has signed. A box past the document's last page
     * goes on the last page. Every signer must still belong to the caller's company.
     */
    apply: async (
      auth: TAuth,
      id: number,
      request: TTemplateApplyRequest,
      documents: TTemplateDocuments,
    ): Promise<TTemplateApplyResult> => {
      const row = await get(auth, id);
      const doc = await documents.details(auth, request.document_id);
      const { emeterai, esign } = row.t.placements;
      await checkSigners(auth, esign);
      const onPage = <T extends { page: number }>(placement: T): T => ({
        ...placement,
        page: Math.min(placement.page, Math.max(1, doc.page_count)),
      });
      const signers = esign.map(onPage);
      if (signers.length > 0) {
        await documents.setSigners(
          auth,
          doc.document_id,
          signers.map((s) => ({
            user_id: s.user_id,
            page: s.page,
            x: s.x,
            y: s.y,
            width: s.width,
            height: s.height,
          })),
        );
      }
      const document = await documents.saveDraft(auth, doc.document_id, {
        placements: {
          emeterai: emeterai ? onPage(emeterai) : doc.placements.emeterai,
          esign: signers.length > 0 ? signers : doc.placements.esign,
        },
        ...(request.doc_type !== undefined ? { doc_type: request.doc_type } : {}),
        ...(request.doc_value !== undefined ? { doc_value: request.doc_value } : {}),
      });
      const pending = document.signers.some((s) => s.status === 'pending');
      return { document, next: pending ? 'sign' : 'stamp' };
    },
  };
};

export type TTemplatesService = ReturnType<typeof createTemplatesService>;
