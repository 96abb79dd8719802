import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { anyWhere, firstOf } from '../../db/query.ts';
import { mailOutbox, users } from '../../db/schema.ts';

/** Who a batch's e-mail goes to: its owner's address, name and language. */
export const recipientOf = (db: TDb, userId: number) =>
  firstOf(
    db
      .select({ email: users.email, name: users.fullName, language: users.language })
      .from(users)
      .where(eq(users.id, userId)),
  );

/** Whether a mail of `template` carrying `meta.key = key` was delivered (outbox or SMTP log). */
export const mailDelivered = (db: TDb, template: string, key: string) =>
  anyWhere(
    db,
    mailOutbox,
    and(
      eq(mailOutbox.template, template),
      sql`${mailOutbox.meta}->>'key' = ${key}`,
      isNotNull(mailOutbox.sentAt),
    ),
  );
