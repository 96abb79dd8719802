import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { documentSigners, esignSpecimens, type TPlacement, users } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

/** Signers of a document in signing order. */
export const signerQueue = async (db: TDbOrTx, documentId: number) =>
  db
    .select()
    .from(documentSigners)
    .where(eq(documentSigners.documentId, documentId))
    .orderBy(asc(documentSigners.position));

/** The companies of active users (a deactivated user cannot be asked to sign). */
export const companiesOfUsers = async (db: TDbOrTx, ids: number[]) =>
  ids.length
    ? db
        .select({ id: users.id, companyId: users.companyId, fullName: users.fullName })
        .from(users)
        .where(and(inArray(users.id, ids), isNull(users.deactivatedAt)))
    : [];

export const findUser = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(users).where(eq(users.id, id)));

/** The user's chosen specimen, or their default one when `specimenId` is null. */
export const specimenOf = (db: TDbOrTx, userId: number, specimenId: number | null) =>
  firstOf(
    db
      .select()
      .from(esignSpecimens)
      .where(
        and(
          eq(esignSpecimens.userId, userId),
          specimenId !== null
            ? eq(esignSpecimens.id, specimenId)
            : eq(esignSpecimens.isDefault, true),
        ),
      ),
  );

/** Pending signers are replaced by `signers` after the ones who signed already. */
export const replacePendingSigners = async (
  tx: TTx,
  documentId: number,
  signers: (
    | { userId: number; placement: TPlacement }
    | { party: { name: string; email: string; phone: string | null }; placement: TPlacement }
  )[],
) => {
  await deletePendingSigners(tx, documentId);
  const signed = await tx
    .select({ id: documentSigners.id })
    .from(documentSigners)
    .where(eq(documentSigners.documentId, documentId));
  let position = signed.length;
  for (const s of signers) {
    position += 1;
    await tx.insert(documentSigners).values({
      documentId,
      position,
      placement: s.placement,
      ...('userId' in s
        ? { userId: s.userId }
        : { partyName: s.party.name, partyEmail: s.party.email, partyPhone: s.party.phone }),
    });
  }
};

export const deletePendingSigners = async (tx: TTx, documentId: number) => {
  await tx
    .delete(documentSigners)
    .where(and(eq(documentSigners.documentId, documentId), eq(documentSigners.status, 'pending')));
};

export const markSigned = async (tx: TTx, signerId: number, fieldName: string) => {
  await tx
    .update(documentSigners)
    .set({ status: 'signed', fieldName, signedAt: new Date() })
    .where(eq(documentSigners.id, signerId));
};

export const insertSigned = async (
  tx: TTx,
  values: {
    documentId: number;
    userId: number;
    position: number;
    placement: TPlacement;
    fieldName: string;
  },
) => {
  await tx.insert(documentSigners).values({ ...values, status: 'signed', signedAt: new Date() });
};

/** Full legal name and NIK of the user's future signing certificate. */
export const updateIdentity = async (
  db: TDbOrTx,
  userId: number,
  identity: { fullName: string; nik: string },
) => {
  await db
    .update(users)
    .set({ fullName: identity.fullName, nik: identity.nik, updatedAt: new Date() })
    .where(eq(users.id, userId));
};

/** A document's owner as the actor whose quota pays for an outside party's signature. */
export const ownerActorOf = async (db: TDbOrTx, userId: number) => {
  const [row] = await db
    .select({
      userId: users.id,
      role: users.role,
      companyId: users.companyId,
      departementId: users.departementId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};
