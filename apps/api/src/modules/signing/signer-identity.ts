import type { TSignerIdentity, TSignerIdentityRequest } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import type { TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSignatureProvider } from '../../providers/signature/local-signature-provider.ts';
import * as repo from './signing.repository.ts';

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
