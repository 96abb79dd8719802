import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { documentSigners, documents, signingNotices, users } from '../../db/schema.ts';

/** The document, its owner and its signers in order, for the signing e-mails. */
export const noticeSubject = async (db: TDb, documentId: number) => {
  const [doc] = await db
    .select({
      id: documents.id,
      companyId: documents.companyId,
      state: documents.state,
      fileName: documents.fileName,
      deadlineAt: documents.deadlineAt,
      stopReason: documents.stopReason,
      stoppedBy: documents.stoppedBy,
      stopNote: documents.stopNote,
      ownerId: users.id,
      ownerName: users.fullName,
      ownerEmail: users.email,
      ownerLanguage: users.language,
    })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .where(eq(documents.id, documentId));
  if (!doc) return null;
  const signers = await db
    .select({
      id: documentSigners.id,
      userId: documentSigners.userId,
      position: documentSigners.position,
      status: documentSigners.status,
      // A user as they are now; an outside party as the owner named them.
      fullName: sql<string>`coalesce(${users.fullName}, ${documentSigners.partyName}, '')`,
      email: sql<string>`coalesce(${users.email}, ${documentSigners.partyEmail}, '')`,
      language: users.language,
      deactivatedAt: users.deactivatedAt,
    })
    .from(documentSigners)
    .leftJoin(users, eq(users.id, documentSigners.userId))
    .where(eq(documentSigners.documentId, documentId))
    .orderBy(asc(documentSigners.position));
  return { doc, signers };
};

/** One notice of a document: `kind` about `subjectId` (a signer row, or the owner) to `userId`. */
export type TSigningNotice = typeof signingNotices.$inferInsert;

/** Claims one notice; false when it was sent (or is being sent) already. */
export const claimNotice = async (db: TDb, notice: TSigningNotice) => {
  const rows = await db
    .insert(signingNotices)
    .values(notice)
    .onConflictDoNothing()
    .returning({ documentId: signingNotices.documentId });
  return rows.length > 0;
};

/** Gives a claim back when its mail could not be sent (the job's retry sends it). */
export const releaseNotice = async (db: TDb, notice: TSigningNotice) => {
  await db
    .delete(signingNotices)
    .where(
      and(
        eq(signingNotices.documentId, notice.documentId),
        eq(signingNotices.kind, notice.kind),
        eq(signingNotices.subjectId, notice.subjectId),
      ),
    );
};
