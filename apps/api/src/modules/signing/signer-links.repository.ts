import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { documentSigners, documents, signerLinks, users } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

/**
 * The signer row's link with a new token (`tokenHash`), valid until `expiresAt`: a first link, or
 * the one sent before replaced (its token, code and session no longer open anything).
 */
export const issueLink = async (
  db: TDbOrTx,
  link: { signerId: number; documentId: number; tokenHash: string; expiresAt: Date },
) => {
  await db
    .insert(signerLinks)
    .values(link)
    .onConflictDoUpdate({
      target: signerLinks.signerId,
      set: {
        tokenHash: link.tokenHash,
        expiresAt: link.expiresAt,
        revokedAt: null,
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
        sessionHash: null,
        sessionExpiresAt: null,
        createdAt: new Date(),
      },
    });
};

/** A link by its token's hash, with its signer row, document and the document's owner. */
export const linkByToken = (db: TDbOrTx, tokenHash: string) =>
  firstOf(
    db
      .select({
        link: signerLinks,
        signer: documentSigners,
        document: documents,
        ownerName: users.fullName,
        ownerLanguage: users.language,
      })
      .from(signerLinks)
      .innerJoin(documentSigners, eq(documentSigners.id, signerLinks.signerId))
      .innerJoin(documents, eq(documents.id, signerLinks.documentId))
      .innerJoin(users, eq(users.id, documents.ownerUserId))
      .where(eq(signerLinks.tokenHash, tokenHash)),
  );

export type TLinkRow = NonNullable<Awaited<ReturnType<typeof linkByToken>>>;

/**
 * Stores a new code for the link when fewer than `maxSends` were sent in the window that began
 * at most `windowMs` ago (or starts a new window); false when the limit was reached.
 */
export const storeCode = async (
  db: TDbOrTx,
  linkId: number,
  code: { hash: string; expiresAt: Date },
  limit: { maxSends: number; windowMs: number },
): Promise<boolean> => {
  const windowStart = new Date(Date.now() - limit.windowMs);
  const fresh = sql`${signerLinks.codeWindowStartedAt} is null or ${signerLinks.codeWindowStartedAt} < ${windowStart}`;
  const rows = await db
    .update(signerLinks)
    .set({
      codeHash: code.hash,
      codeExpiresAt: code.expiresAt,
      codeAttempts: 0,
      codesSent: sql`case when ${fresh} then 1 else ${signerLinks.codesSent} + 1 end`,
      codeWindowStartedAt: sql`case when ${fresh} then now() else ${signerLinks.codeWindowStartedAt} end`,
    })
    .where(
      and(
        eq(signerLinks.id, linkId),
        isNull(signerLinks.revokedAt),
        sql`(${fresh} or ${signerLinks.codesSent} < ${limit.maxSends})`,
      ),
    )
    .returning({ id: signerLinks.id });
  return rows.length === 1;
};

/** One wrong try of the link's current code counted; the tries so far. */
export const countWrongCode = async (db: TDbOrTx, linkId: number): Promise<number> => {
  const [row] = await db
    .update(signerLinks)
    .set({ codeAttempts: sql`${signerLinks.codeAttempts} + 1` })
    .where(eq(signerLinks.id, linkId))
    .returning({ attempts: signerLinks.codeAttempts });
  return row?.attempts ?? 0;
};

/**
 * The code was right: it is used up, the e-mail counts as proven, and a session (`sessionHash`)
 * opens the document until `sessionExpiresAt`. Only while the same code is still current.
 */
export const openSession = async (
  db: TDbOrTx,
  linkId: number,
  codeHash: string,
  session: { hash: string; expiresAt: Date },
): Promise<boolean> => {
  const rows = await db
    .update(signerLinks)
    .set({
      codeHash: null,
      codeExpiresAt: null,
      codeAttempts: 0,
      verifiedAt: sql`coalesce(${signerLinks.verifiedAt}, now())`,
      sessionHash: session.hash,
      sessionExpiresAt: session.expiresAt,
    })
    .where(
      and(
        eq(signerLinks.id, linkId),
        eq(signerLinks.codeHash, codeHash),
        gt(signerLinks.codeExpiresAt, new Date()),
      ),
    )
    .returning({ id: signerLinks.id });
  return rows.length === 1;
};

/** The owner takes the link back: its token and session open nothing any more. */
export const revokeLink = async (db: TDbOrTx, signerId: number): Promise<boolean> => {
  const rows = await db
    .update(signerLinks)
    .set({ revokedAt: new Date(), sessionHash: null, sessionExpiresAt: null })
    .where(and(eq(signerLinks.signerId, signerId), isNull(signerLinks.revokedAt)))
    .returning({ id: signerLinks.id });
  return rows.length === 1;
};
