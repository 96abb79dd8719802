import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { documentSigners, documents, users } from '../../db/schema.ts';

/** The first pending signer row of the document in the outer query: whose turn it is. */
const currentSignerId = sql`(select ds.id from document_signers ds
  where ds.document_id = ${documents.id} and ds.status = 'pending' order by ds.position limit 1)`;

/**
 * When the current signer was last told: their turn notice or the round's last reminder, the
 * later one (`greatest` skips a null; null when neither happened yet). A reminder always goes to
 * the current signer, and their turn came after every reminder of the signers before them.
 */
const lastToldSql = sql`greatest(
  (select n.sent_at from signing_notices n where n.document_id = ${documents.id}
    and n.kind = 'turn' and n.subject_id = ${currentSignerId}),
  ${documents.remindedAt})`;

/** A reminder's time, kept to the millisecond so that it reads back into a `Date` exactly. */
const NOW_MS = sql`date_trunc('milliseconds', now())`;

/** Running rounds whose deadline has passed (oldest deadline first), at most `limit`. */
export const dueExpiries = (db: TDb, limit: number) =>
  db
    .select({ id: documents.id, companyId: documents.companyId })
    .from(documents)
    .where(
      and(
        eq(documents.state, 'signing'),
        isNotNull(documents.deadlineAt),
        lte(documents.deadlineAt, sql`now()`),
      ),
    )
    .orderBy(asc(documents.deadlineAt))
    .limit(limit);

/**
 * Running rounds with automatic reminders whose current signer (someone other than the owner,
 * still active) was last told `remind_every_days` or more ago, at most `limit`.
 */
export const dueReminders = (db: TDb, limit: number) =>
  db
    .select({ id: documents.id, signerId: documentSigners.id })
    .from(documents)
    .innerJoin(documentSigners, eq(documentSigners.id, currentSignerId))
    // An outside party (no user) is reminded too: never the owner, never a deactivated user.
    .leftJoin(users, eq(users.id, documentSigners.userId))
    .where(
      and(
        eq(documents.state, 'signing'),
        isNotNull(documents.remindEveryDays),
        sql`${documentSigners.userId} is distinct from ${documents.ownerUserId}`,
        isNull(users.deactivatedAt),
        sql`${lastToldSql} <= now() - ${documents.remindEveryDays} * interval '1 day'`,
      ),
    )
    .orderBy(asc(documents.id))
    .limit(limit);

/**
 * Claims the automatic reminder of `signerId`'s turn: one conditional UPDATE, still due and
 * still their turn. A concurrent sweep's UPDATE waits for this one's row lock and then finds the
 * reminder no longer due, so only one of them sends it. Returns the claim's time, or undefined.
 */
export const claimDueReminder = async (db: TDb, documentId: number, signerId: number) => {
  const row = await firstOf(
    db
      .update(documents)
      .set({ remindedAt: NOW_MS })
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.state, 'signing'),
          isNotNull(documents.remindEveryDays),
          sql`${currentSignerId} = ${signerId}`,
          sql`${lastToldSql} <= now() - ${documents.remindEveryDays} * interval '1 day'`,
        ),
      )
      .returning({ remindedAt: documents.remindedAt }),
  );
  return row?.remindedAt ?? undefined;
};

/**
 * Claims "remind now" of a running round: only if its last reminder is at least
 * `intervalMinutes` old (or there was none), as one conditional UPDATE, so that of two clicks at
 * once one is refused. Returns the claim's time, or undefined when refused.
 */
export const claimReminderNow = async (db: TDb, documentId: number, intervalMinutes: number) => {
  const row = await firstOf(
    db
      .update(documents)
      .set({ remindedAt: NOW_MS })
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.state, 'signing'),
          sql`(${documents.remindedAt} is null
            or ${documents.remindedAt} <= now() - ${intervalMinutes} * interval '1 minute')`,
        ),
      )
      .returning({ remindedAt: documents.remindedAt }),
  );
  return row?.remindedAt ?? undefined;
};

/** A round's state and last reminder (why "remind now" was refused). */
export const reminderState = (db: TDb, documentId: number) =>
  firstOf(
    db
      .select({ state: documents.state, remindedAt: documents.remindedAt })
      .from(documents)
      .where(eq(documents.id, documentId)),
  );

/** Gives a reminder's claim back (its mail could not be sent): only if no later one took over. */
export const releaseReminder = async (
  db: TDb,
  documentId: number,
  claimed: Date,
  previous: Date | null,
) => {
  await db
    .update(documents)
    .set({ remindedAt: previous })
    .where(and(eq(documents.id, documentId), eq(documents.remindedAt, claimed)));
};
