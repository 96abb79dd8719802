import type {
  TDocument,
  TTemplate,
  TTemplateApplyRequest,
  TTemplateApplyResult,
  TTemplateQuery,
  TTemplateSigner,
  TTemplateSortKey,
} from '@bubuh/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { esignSpecimens, type TPlacements, templates, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { lowerOf, orderByOf, type TSortColumns } from '../../lib/sort.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TDocumentOperations as TDocumentsService } from '../documents/document-operations.ts';

type TTemplateInput = {
  name: string;
  type: 'Surat Dokumen' | 'Surat Berharga';
  emeterai: TPlacements['emeterai'];
  esign: TPlacements['esign'];
};

/** The documents calls a template is applied with (signers, then the draft's placements). */
export type TTemplateDocuments = Pick<TDocumentsService, 'details' | 'setSigners' | 'saveDraft'>;

/** Company templates are shared inside the company; personal accounts keep their own. */
const scopeOf = (auth: TAuth): SQL =>
  (auth.companyId !== null
    ? eq(templates.companyId, auth.companyId)
    : and(isNull(templates.companyId), eq(templates.ownerUserId, auth.userId))) as SQL;

const SORT_COLUMNS: TSortColumns<TTemplateSortKey> = {
  name: lowerOf(templates.name),
  type: templates.type,
  date: templates.createdAt,
};
/** Default order of the list: newest first. */
const DEFAULT_ORDER = [desc(templates.createdAt), desc(templates.id)];

export const createTemplatesService = (deps: { db: TDb }) => {
  const { db } = deps;

  const rows = (where: SQL | undefined, orderBy: SQL[] = DEFAULT_ORDER) =>
    db
      .select({ t: templates, owner: users.fullName })
      .from(templates)
      .innerJoin(users, eq(users.id, templates.ownerUserId))
      .where(where)
      .orderBy(...orderBy);

  const toWire = ({
    t,
    owner,
  }: {
    t: typeof templates.$inferSelect;
    owner: string;
  }): TTemplate => ({
    id: t.id,
    name: t.name,
    type: t.type,
    emeterai: t.placements.emeterai,
    esign: t.placements.esign,
    owner,
    created_at: t.createdAt.toISOString(),
  });

  const get = async (auth: TAuth, id: number) => {
    const [row] = await rows(and(eq(templates.id, id), scopeOf(auth)));
    if (!row) throw AppError.notFound('Template');
    return row;
  };

  /**
   * Who may sign in a template: users of the caller's company; a personal account only itself.
   * Checked when a template is saved and again when it is applied (a user may have left since).
   */
  const checkSigners = async (auth: TAuth, esign: TPlacements['esign']) => {
    const ids = [...new Set(esign.map((e) => e.user_id))];
    if (ids.length === 0) return;
    const found = await db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(inArray(users.id, ids));
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
    const owned = await db
      .select({ id: esignSpecimens.id, userId: esignSpecimens.userId })
      .from(esignSpecimens)
      .where(
        inArray(
          esignSpecimens.id,
          specimens.map((s) => s.id),
        ),
      );
    for (const specimen of specimens) {
      if (!owned.some((o) => o.id === specimen.id && o.userId === specimen.userId))
        throw new AppError('VALIDATION_FAILED', 'Esign not found', {
          esign: `specimen ${specimen.id}`,
        });
    }
  };

  /** Only the owner or a company admin changes a shared template. */
  const canChange = (auth: TAuth, row: { t: typeof templates.$inferSelect }) => {
    const admin = auth.role === 'admin' || auth.role === 'admin-company';
    if (row.t.ownerUserId !== auth.userId && !admin)
      throw AppError.forbidden('Only the owner or a company admin can change this template');
  };

  return {
    list: async (auth: TAuth, query: TTemplateQuery) => {
      const where = and(
        scopeOf(auth),
        query.search ? ilike(templates.name, `%${query.search.replace(/[%_]/g, '')}%`) : undefined,
      );
      const data = await rows(where, orderByOf(SORT_COLUMNS, query, templates.id, DEFAULT_ORDER))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await db.select({ n: count() }).from(templates).where(where);
      return {
        data: data.map(toWire),
        meta: { page: query.page, perPage: query.perPage, total: total?.n ?? 0 },
      };
    },
    get: async (auth: TAuth, id: number) => toWire(await get(auth, id)),
    create: async (auth: TAuth, input: TTemplateInput) => {
      await checkSigners(auth, input.esign);
      const [row] = await db
        .insert(templates)
        .values({
          companyId: auth.companyId,
          ownerUserId: auth.userId,
          name: input.name,
          type: input.type,
          placements: { emeterai: input.emeterai, esign: input.esign },
        })
        .returning({ id: templates.id });
      return toWire(await get(auth, row?.id ?? -1));
    },
    update: async (auth: TAuth, id: number, input: TTemplateInput) => {
      canChange(auth, await get(auth, id));
      await checkSigners(auth, input.esign);
      await db
        .update(templates)
        .set({
          name: input.name,
          type: input.type,
          placements: { emeterai: input.emeterai, esign: input.esign },
          updatedAt: new Date(),
        })
        .where(eq(templates.id, id));
      return toWire(await get(auth, id));
    },
    remove: async (auth: TAuth, id: number) => {
      canChange(auth, await get(auth, id));
      await db.delete(templates).where(eq(templates.id, id));
    },
    /** The users a template's e-signature box can be given to (the caller first). */
    signers: async (auth: TAuth): Promise<TTemplateSigner[]> => {
      const rows = await db
        .select({ id: users.id, fullName: users.fullName, email: users.email })
        .from(users)
        .where(
          auth.companyId !== null ? eq(users.companyId, auth.companyId) : eq(users.id, auth.userId),
        )
        .orderBy(asc(users.fullName), asc(users.id))
        .limit(500);
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
