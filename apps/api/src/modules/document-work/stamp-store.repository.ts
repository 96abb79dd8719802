import type { TStoredDocumentState } from '@bubuh/contracts';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { coalesce, perHandle } from '../../db/coalesce.ts';
import { firstOf } from '../../db/query.ts';
import { documents, unitReservations } from '../../db/schema.ts';
import { isAssertFailure } from '../../lib/db-errors.ts';
import { auditInsertWhen, type TAuditRecord } from '../audit/index.ts';
import { stateUpdate, stateUpdateMany, type TDocumentValues } from '../documents/index.ts';
import { settleUpdate } from '../quota/index.ts';
import { reusableSerialOf, serialStampedUpdate } from '../stamping/index.ts';

// A stamp's claim and its stored result, each one statement across the document, its unit and
// its serial: composed from the statements those modules own.

type TDbOrTx = TDb | TTx;

/**
 * The stamp's claim: the document from `from` to `to` (its legal move decided by the caller,
 * document-events) and, in the same statement, the id of its newest serial of `provider` issued
 * since `since` and never stamped (null when none): the serial the stamp uses again. Undefined
 * when the document was no longer in `from` (another change won).
 */
export const claimForStamp = (
  db: TDbOrTx,
  documentId: number,
  from: TStoredDocumentState,
  to: TStoredDocumentState,
  provider: string,
  since: Date,
) =>
  firstOf(
    stateUpdate(db, documentId, from, to).returning({
      id: documents.id,
      reusableSerialId: reusableSerialOf(documentId, provider, since),
    }),
  );

/** The stamp's claim as data (`stamp-document.ts` `groupClaim`), for a statement claiming many. */
export type TStampClaim = {
  from: TStoredDocumentState;
  to: TStoredDocumentState;
  provider: string;
  since: Date;
};

/**
 * `claimForStamp` of every document whose id `ids` gives (a subquery) that is in `claim.from`, as
 * a WITH of the caller's statement (`claimed_document`: each claimed id with its reusable serial).
 */
export const claimManyForStamp = (db: TDbOrTx, ids: SQLWrapper, claim: TStampClaim) =>
  db.$with('claimed_document').as(
    stateUpdateMany(db, ids, claim.from, claim.to).returning({
      id: documents.id,
      reusableSerialId: reusableSerialOf(documents.id, claim.provider, claim.since).as(
        'reusable_serial_id',
      ),
    }),
  );

type TStoreStamp = {
  documentId: number;
  from: TStoredDocumentState;
  to: TStoredDocumentState;
  values: TDocumentValues;
  reservationId: number;
  serialId: number;
  /** The document's company and the trail's `stamped` event, stored with the stamp. */
  companyId: number | null;
  record: TAuditRecord;
};

/** The three WITH queries of one stored stamp, named with `suffix` (one statement holds many). */
const storeStampQueries = (db: TDb, input: TStoreStamp, suffix = '') => {
  const stored = db.$with(`stored_document${suffix}`).as(
    stateUpdate(db, input.documentId, input.from, input.to, input.values).returning({
      id: documents.id,
    }),
  );
  const spent = db
    .$with(`spent_unit${suffix}`)
    .as(settleUpdate(db, input.reservationId, 'spent').returning({ id: unitReservations.id }));
  const serial = db
    .$with(`stamped_serial${suffix}`)
    .as(serialStampedUpdate(db, input.serialId, stored));
  const event = db
    .$with(`stamped_event${suffix}`)
    .as(
      auditInsertWhen(
        db,
        input.documentId,
        input.companyId,
        input.record,
        sql`select 1 from ${stored}`,
      ),
    );
  return {
    queries: [stored, spent, serial, event],
    stored: sql<number>`(select count(*) from ${stored})`.mapWith(Number),
    agreed: sql`(select count(*) from ${stored}) = (select count(*) from ${spent})`,
  };
};

/**
 * A stamp's result stored in one statement: the document from `from` to `to` with `values`
 * (its legal move decided by the caller, document-events), its unit from reserved to spent, and
 * its serial stamped. The document and the unit move together or not at all: when only one of
 * them still can (a retry or the recovery took the work over meanwhile), `bubuh_assert` fails the
 * statement and nothing is written. Whether the stamp was stored.
 */
const storeStampAlone = async (db: TDb, input: TStoreStamp) => {
  const one = storeStampQueries(db, input);
  try {
    const [row] = await db
      .with(...one.queries)
      .select({
        stored: one.stored,
        agreed: sql`bubuh_assert(${one.agreed}, 'the stamp was taken over meanwhile')`,
      })
      .from(sql`(select 1) as one`);
    return row?.stored === 1;
  } catch (error) {
    if (isAssertFailure(error)) return false;
    throw error;
  }
};

/**
 * Stamps stored at the same moment (a batch's documents) go as one statement (`db/coalesce.ts`):
 * each its own three WITH queries; when any one's document and unit disagree, the statement
 * fails as a whole and each is stored alone, answering as it would have.
 */
const storeStampCoalesced = perHandle((db: TDb) =>
  coalesce<TStoreStamp, boolean>({
    key: () => 'stamp',
    one: (input) => storeStampAlone(db, input),
    many: async (inputs) => {
      const each = inputs.map((input, i) => storeStampQueries(db, input, `_${i}`));
      const fields = Object.fromEntries(each.map((one, i) => [`stored_${i}`, one.stored]));
      const [row] = await db
        .with(...each.flatMap((one) => one.queries))
        .select({
          ...fields,
          agreed: sql`bubuh_assert(${sql.join(
            each.map((one) => one.agreed),
            sql` and `,
          )}, 'a stamp was taken over meanwhile')`,
        })
        .from(sql`(select 1) as one`);
      if (!row) throw new Error('the coalesced stamps answered nothing');
      const stored = row as Record<string, unknown>;
      return inputs.map((_, i) => stored[`stored_${i}`] === 1);
    },
    max: 16,
  }),
);

export const storeStamp = (db: TDb, input: TStoreStamp) => storeStampCoalesced(db)(input);
