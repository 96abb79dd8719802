import { isValidNik, type TSignerIdentity, type TSignerIdentityRequest } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import type { TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSignatureProvider } from '../../providers/signature/local-signature-provider.ts';
import * as repo from './signing.repository.ts';

/**
 * Whether a user may sign now: a certificate, or (for the first signature, which issues it) their
 * confirmation and a valid NIK and legal name. Throws the refusal; returns the user. Used by the
 * single signing flow and by batches with an e-signature box before anything is spent.
 */
export const requireSigningIdentity = async (
  deps: { db: TDb; signatures: TSignatureProvider },
  userId: number,
  identityConfirmed: boolean | undefined,
) => {
  const me = await repo.findUser(deps.db, userId);
  if (!me) throw AppError.notFound('User');
  if (await deps.signatures.hasCertificate(me.id)) return me;
  if (!identityConfirmed)
    throw new AppError(
      'CONFLICT',
      'Confirm your name and NIK: your first e-signature issues your signing certificate',
      { reason: 'IDENTITY_REQUIRED', fullName: me.fullName, nik: me.nik },
    );
  // The certificate names a person: never issued without a valid NIK and a legal name.
  if (!me.nik || !isValidNik(me.nik) || me.fullName.trim().length < 2)
    throw new AppError(
      'UNPROCESSABLE',
      'Enter your NIK (16 digits, as on your KTP) and full legal name before your first e-signature',
      { reason: 'IDENTITY_INCOMPLETE', fullName: me.fullName, nik: me.nik },
    );
  return me;
};

/**
 * The name and NIK of a user's signing certificate: entered and corrected by the user until the
 * certificate is issued (at their first e-signature), fixed afterwards.
 */
export const createSignerIdentity = (deps: { db: TDb; signatures: TSignatureProvider }) => {
  const { db, signatures } = deps;
  const identity = async (actor: TActor): Promise<TSignerIdentity> => {
    const me = await repo.findUser(db, actor.userId);
    if (!me) throw AppError.notFound('User');
    return {
      fullName: me.fullName,
      nik: me.nik,
      certificate_issued: await signatures.hasCertificate(me.id),
    };
  };
  const setIdentity = async (
    actor: TActor,
    input: TSignerIdentityRequest,
  ): Promise<TSignerIdentity> => {
    if (await signatures.hasCertificate(actor.userId))
      throw new AppError(
        'CONFLICT',
        'Your signing certificate is issued: its name and NIK can no longer change',
      );
    await repo.updateIdentity(db, actor.userId, input);
    return identity(actor);
  };
  return { identity, setIdentity };
};

export type TSignerIdentityService = ReturnType<typeof createSignerIdentity>;
