import type { TStoredDocumentState } from '@bubuh/contracts';
import { type AnyColumn, and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { documentSignerTotals, documentTotals, documentVersions } from '../../db/schema.ts';
import { P, runShaped } from '../../db/shaped.ts';
import type { TVisibility } from '../../lib/access.ts';

type TDbOrTx = TDb | TTx;

/**
 * Visible documents per state, read from the totals the database keeps (migration 0009 triggers)
 * over the same disjoint branches as the counted lists: the company's (admins), the caller's own
 * outside it, and those the caller signs that are neither. A few rows per owner, not one per
 * document; a state may come once per branch.
 */
const stateTotalsQuery = (db: TDb, withCompany: boolean) => {
  const outside = (column: AnyColumn): SQL | undefined =>
    withCompany ? ne(column, P.company) : undefined;
  const sum = sql<number>`sum(${documentTotals.n})::int`.as('n');
  const company = db
    .select({ state: documentTotals.state, n: sum })
    .from(documentTotals)
    .where(eq(documentTotals.companyKey, P.company))
    .groupBy(documentTotals.state);
  const own = db
    .select({ state: documentTotals.state, n: sum })
    .from(documentTotals)
    .where(and(eq(documentTotals.ownerUserId, P.user), outside(documentTotals.companyKey)))
    .groupBy(documentTotals.state);
  const signed = db
    .select({
      state: documentSignerTotals.state,
      n: sql<number>`sum(${documentSignerTotals.n})::int`.as('n'),
    })
    .from(documentSignerTotals)
    .where(
      and(
        eq(documentSignerTotals.userId, P.user),
        ne(documentSignerTotals.ownerUserId, P.user),
        outside(documentSignerTotals.companyKey),
      ),
    )
    .groupBy(documentSignerTotals.state);
  return withCompany ? company.unionAll(own).unionAll(signed) : own.unionAll(signed);
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

/** What a document read starts from: its version, whether it needs the signer branch, its totals. */
export type TDocumentVersion = {
  tag: string;
  signsOthers: boolean;
  /** Visible documents per state (`stateTotalsQuery`), read with the version. */
  totals: ReadonlyMap<string, number>;
};

/**
 * The version of what `visibility`'s document reads show: the kept counters (migration 0020) of
 * the companies whose documents they see: their company's (admins), those of their own documents
 * and of those they sign. Any change to one of those documents, their signers or the names they
 * show changes it, in the changing transaction. With it, in the same statement (one round trip
 * per read), whether they sign any document of another owner (else their reads leave the signer
 * branch out) and their totals per state.
 */
export const readDocumentVersion = async (
  db: TDb,
  visibility: TVisibility,
): Promise<TDocumentVersion> => {
  const withCompany = visibility.companyId !== null;
  const build = () => {
    const k = documentVersions.companyKey;
    const totals = stateTotalsQuery(db, withCompany);
    return db
      .select({
        // Every slot of each company's counter (migration 0027), in a fixed order.
        tag: sql<string>`coalesce(string_agg(${k} || '.' || ${documentVersions.slot} || '.' || ${documentVersions.version}, '-' order by ${k}, ${documentVersions.slot}), '')`,
        signsOthers: sql<boolean>`exists (select 1 from document_signer_totals s where s.user_id = ${P.user} and s.owner_user_id <> ${P.user} and s.n > 0)`,
        totals: sql<Record<
          string,
          number
        > | null>`(select json_object_agg(t.state, t.n) from (select b.state, sum(b.n)::int as n from (${totals}) b group by b.state) t)`,
      })
      .from(documentVersions)
      .where(
        // One `= any(array)` over the primary key: an OR of the two would make PostgreSQL read
        // every page of the table (dead versions included, about a thousand after 100k writes).
        sql`${k} = any(array[${P.company}::int] || array(select t.company_key from document_totals t where t.owner_user_id = ${P.user} and t.n > 0 union select s.company_key from document_signer_totals s where s.user_id = ${P.user} and s.n > 0))`,
      );
  };
  const [row] = await runShaped(db, `version:${withCompany ? 'c' : ''}`, build, {
    user: visibility.userId,
    company: visibility.companyId ?? -1,
  });
  return {
    tag: row?.tag ?? '',
    signsOthers: row?.signsOthers ?? true,
    totals: new Map(Object.entries(row?.totals ?? {})),
  };
};
