import type { TTemplateSortKey } from '@bubuh/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { ownedRowsOf, type TOwnedScope } from '../../db/owned-rows.ts';
import {
  departements,
  esignSpecimens,
  type TPlacements,
  templates,
  users,
} from '../../db/schema.ts';
import { lowerOf, type TSortColumns } from '../../lib/sort.ts';

export type { TPlacements };

type TDbOrTx = TDb | TTx;

/** Whose templates: the session's company (shared inside it), or a personal account's own. */
export type TTemplateScope = TOwnedScope;
export type TTemplateRow = { t: typeof templates.$inferSelect; owner: string };
type TTemplateValues = {
  name: string;
  type: 'Surat Dokumen' | 'Surat Berharga';
  placements: TPlacements;
};

const SORT_COLUMNS: TSortColumns<TTemplateSortKey> = {
  name: lowerOf(templates.name),
  type: templates.type,
  date: templates.createdAt,
};

/** SQL of the templates module; every statement is scoped by the session's company. */

// The list page (the validated `sort`/`order` of the request), `find`, insert, update and
// remove, all scoped.
export const { page, find, insert, update, remove } = ownedRowsOf<
  typeof templates,
  TTemplateSortKey,
  TTemplateValues
>(templates, SORT_COLUMNS);

/** Active users among `ids` with their company (deactivated accounts sign nothing). */
export const usersByIds = (db: TDbOrTx, ids: number[]) =>
  db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deactivatedAt)));

export const specimensByIds = (db: TDbOrTx, ids: number[]) =>
  db
    .select({ id: esignSpecimens.id, userId: esignSpecimens.userId })
    .from(esignSpecimens)
    .where(inArray(esignSpecimens.id, ids));

/**
 * Who can be chosen as a signer: the active users of the company (a personal account only
 * itself), with what choosing needs (name and department), not their e-mail addresses.
 */
export const signers = (db: TDbOrTx, scope: TTemplateScope) =>
  db
    .select({
      id: users.id,
      fullName: users.fullName,
      departement_name: departements.name,
    })
    .from(users)
    .leftJoin(departements, eq(departements.id, users.departementId))
    .where(
      and(
        scope.companyId !== null
          ? eq(users.companyId, scope.companyId)
          : eq(users.id, scope.userId),
        isNull(users.deactivatedAt),
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(500);
