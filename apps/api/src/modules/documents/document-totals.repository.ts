import type { TStoredDocumentState } from '@bubuh/contracts';
import { type AnyColumn, and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { documentSignerTotals, documentTotals, documentVersions } from '../../db/schema.ts';
import { namesIn, P, runShaped } from '../../db/shaped.ts';
import type { TVisibility } from '../../lib/access.ts';

type TDbOrTx = TDb | TTx;

/**
 * Visible documents per state, read from the totals the database keeps (migration 0009 triggers)
 * over the same disjoint branches as the counted lists: the company's (admins), the caller's own
 * outside it, and those the caller signs that are neither. A few rows per owner, not one per
 * document.
 */
export const keptStateTotals = async (
  db: TDb,
  visibility: TVisibility,
  states?: readonly TStoredDocumentState[],
): Promise<Map<string, number>> => {
  const { userId, companyId } = visibility;
  const build = () => {
    const ofStates = (column: AnyColumn) => (states ? namesIn(column, states) : undefined);
    const outside = (column: AnyColumn): SQL | undefined =>
      companyId !== null ? ne(column, P.company) : undefined;
    const sum = sql<number>`sum(${documentTotals.n})::int`;
    const company = db
      .select({ state: documentTotals.state, n: sum })
      .from(documentTotals)
      .where(and(eq(documentTotals.companyKey, P.company), ofStates(documentTotals.state)))
      .groupBy(documentTotals.state);
    const own = db
      .select({ state: documentTotals.state, n: sum })
      .from(documentTotals)
      .where(
        and(
          eq(documentTotals.ownerUserId, P.user),
          outside(documentTotals.companyKey),
          ofStates(documentTotals.state),
        ),
      )
      .groupBy(documentTotals.state);
    const signed = db
      .select({
        state: documentSignerTotals.state,
        n: sql<number>`sum(${documentSignerTotals.n})::int`,
      })
      .from(documentSignerTotals)
      .where(
        and(
          eq(documentSignerTotals.userId, P.user),
          ne(documentSignerTotals.ownerUserId, P.user),
          outside(documentSignerTotals.companyKey),
          ofStates(documentSignerTotals.state),
        ),
      )
      .groupBy(documentSignerTotals.state);
    return companyId !== null ? company.unionAll(own).unionAll(signed) : own.unionAll(signed);
  };
  const key = `totals:${companyId !== null ? 'c' : ''}:${states?.join(',') ?? ''}`;
  const rows = await runShaped(db, key, build, { user: userId, company: companyId });
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.state, (totals.get(row.state) ?? 0) + row.n);
  return totals;
};

/** Where a quota read looks for drafts: a company, one of its departments, or one user's own. */
export type TTotalsScope = { companyId: number; departementId?: number } | { ownerUserId: number };

/** Documents in `states` of a company, department or owner, from the kept totals. */
export const keptScopeTotal = async (
  db: TDbOrTx,
  scope: TTotalsScope,
  states: readonly TStoredDocumentState[],
): Promise<number> => {
  const where =
    'ownerUserId' in scope
      ? eq(documentTotals.ownerUserId, scope.ownerUserId)
      : and(
          eq(documentTotals.companyKey, scope.companyId),
          scope.departementId !== undefined
            ? eq(documentTotals.departementKey, scope.departementId)
            : undefined,
        );
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${documentTotals.n}), 0)::int` })
    .from(documentTotals)
    .where(and(where, inArray(documentTotals.state, [...states])));
  return row?.n ?? 0;
};

/**
 * The version of what `userId`'s document reads show: the kept counters (migration 0020) of the
 * companies whose documents they see: `companyId`'s (an admin's company), those of their own
 * documents and of those they sign. Any change to one of those documents, their signers or the
 * names they show changes it, in the changing transaction. With it, whether they sign any
 * document of another owner (else their reads leave the signer branch out). Built once: a named
 * statement.
 */
export const documentVersionReader = (db: TDb) => {
  const k = documentVersions.companyKey;
  const user = sql.placeholder('user');
  const statement = db
    .select({
      tag: sql<string>`coalesce(string_agg(${k} || '.' || ${documentVersions.version}, '-' order by ${k}), '')`,
      signsOthers: sql<boolean>`exists (select 1 from document_signer_totals s where s.user_id = ${user} and s.owner_user_id <> ${user} and s.n > 0)`,
    })
    .from(documentVersions)
    .where(
      sql`${k} = ${sql.placeholder('company')} or ${k} in (select t.company_key from document_totals t where t.owner_user_id = ${user} and t.n > 0 union select s.company_key from document_signer_totals s where s.user_id = ${user} and s.n > 0)`,
    )
    .prepare('document_version_of');
  return async (visibility: TVisibility): Promise<{ tag: string; signsOthers: boolean }> => {
    const [row] = await statement.execute({
      user: visibility.userId,
      company: visibility.companyId ?? -1,
    });
    return { tag: row?.tag ?? '', signsOthers: row?.signsOthers ?? true };
  };
};
