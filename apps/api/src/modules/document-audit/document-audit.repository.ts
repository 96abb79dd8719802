import { asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { documentSigners, serialNumbers, signerLinks, users } from '../../db/schema.ts';

/** The parties asked to sign a document, in order, with the identity they signed with. */
export const partiesOf = (db: TDb, documentId: number) =>
  db
    .select({
      position: documentSigners.position,
      status: documentSigners.status,
      signedAt: documentSigners.signedAt,
      // A user as they are now; an outside party as named, with the e-mail their code proved.
      fullName: sql<string>`coalesce(${users.fullName}, ${documentSigners.partyName}, '')`,
      email: sql<string>`coalesce(${users.email}, ${documentSigners.partyEmail}, '')`,
      nik: users.nik,
      outside: sql<boolean>`${documentSigners.userId} is null`,
      verifiedAt: signerLinks.verifiedAt,
    })
    .from(documentSigners)
    .leftJoin(users, eq(users.id, documentSigners.userId))
    .leftJoin(signerLinks, eq(signerLinks.signerId, documentSigners.id))
    .where(eq(documentSigners.documentId, documentId))
    .orderBy(asc(documentSigners.position));

/** The owner as the certificate names them. */
export const ownerOf = async (db: TDb, userId: number) => {
  const [row] = await db
    .select({ fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};

/** The serial a stamped document carries. */
export const serialOf = async (db: TDb, serialId: number) => {
  const [row] = await db
    .select({ serial: serialNumbers.serial })
    .from(serialNumbers)
    .where(eq(serialNumbers.id, serialId));
  return row?.serial ?? null;
};
