import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
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
export const mailDelivered = async (db: TDb, template: string, key: string) => {
  const [row] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, template),
        sql`${mailOutbox.meta}->>'key' = ${key}`,
        isNotNull(mailOutbox.sentAt),
      ),
    )
    .limit(1);
  return row !== undefined;
};
