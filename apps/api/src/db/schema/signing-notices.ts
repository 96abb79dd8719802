import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { atNow, ref } from './columns';
import { documents } from './documents';
import { users } from './org';

/**
 * One row per signing e-mail sent: "your turn" to a signer (`turn`, for one signing round's
 * signer row), "everyone has signed" to the owner (`completed`), and "X declined" or "the
 * deadline passed" to the owner (`declined`, `expired`, for the signer row whose turn it was, so
 * a restarted round, with new signer rows, is told again). The mail job inserts the row before
 * sending (a retry finds it and sends nothing twice) and removes it if sending fails.
 */
export const signingNotices = pgTable(
  'signing_notices',
  {
    documentId: ref('document_id', () => documents.id, 'cascade').notNull(),
    kind: varchar('kind', {
      length: 10,
      enum: ['turn', 'completed', 'declined', 'expired'],
    }).notNull(),
    /** The signer row (`turn`, `declined`, `expired`) or the owner's user id (`completed`). */
    subjectId: integer('subject_id').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    sentAt: atNow('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.kind, t.subjectId] })],
);
