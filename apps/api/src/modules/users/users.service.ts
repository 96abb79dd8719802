import { randomUUID } from 'node:crypto';
import { maskEmail, normalizeIndonesianMobile, type TUserProfile } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import {
  findUserWithOrg,
  revokeOtherSessions,
  type TUserWithOrg,
  toUserData,
  updateUser,
} from '../auth/index.ts';
import { findUserByEmetId } from './users.repository.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Signature bytes at an offset (`null` = any byte): WebP is `RIFF????WEBP`, not just RIFF. */
const IMAGE_TYPES: { ext: string; magic: (number | null)[] }[] = [
  { ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  {
    ext: 'webp',
    magic: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
  },
];

/** The file's real type from its first bytes; the declared name and mimetype are not trusted. */
export const sniffImage = (head: Uint8Array): string | undefined =>
  IMAGE_TYPES.find(({ magic }) => magic.every((byte, i) => byte === null || head[i] === byte))?.ext;

export const createUsersService = (deps: { db: TDb; files: TFileStore }) => {
  const { db, files } = deps;

  /**
   * Who may see a user record: the user, a company admin of the same company, or super.
   * Another company's record answers 404 so ids of other tenants cannot be probed.
   */
  const loadVisible = async (auth: TAuth, id: number) => {
    const org = await findUserWithOrg(db, id);
    if (!org) throw AppError.notFound('User');
    if (auth.userId === id || auth.role === 'super') return org;
    const sameCompany = auth.companyId !== null && org.user.companyId === auth.companyId;
    if (!sameCompany) throw AppError.notFound('User');
    if (auth.role !== 'admin' && auth.role !== 'admin-company') throw AppError.forbidden();
    return org;
  };

  const requireSelf = (auth: TAuth, id: number) => {
    if (auth.userId !== id) throw AppError.forbidden('You can only change your own account here');
  };

  const toProfile = (org: TUserWithOrg): TUserProfile => ({
    ...toUserData(org),
    phone: org.user.phone,
    login_otp_enabled: org.user.loginOtpEnabled,
    email_verified: org.user.emailVerifiedAt !== null,
    created_at: org.user.createdAt.toISOString(),
  });

  const reload = async (id: number) => {
    const org = await findUserWithOrg(db, id);
    if (!org) throw AppError.notFound('User');
    return toProfile(org);
  };

  return {
    getUser: async (auth: TAuth, id: number) => toProfile(await loadVisible(auth, id)),

    updateProfile: async (
      auth: TAuth,
      id: number,
      patch: { fullName?: string | undefined; phoneNumber?: string | undefined },
    ) => {
      await loadVisible(auth, id);
      requireSelf(auth, id);
      await updateUser(db, id, {
        ...(patch.fullName ? { fullName: patch.fullName } : {}),
        ...(patch.phoneNumber ? { phone: normalizeIndonesianMobile(patch.phoneNumber) } : {}),
      });
      return reload(id);
    },

    changePassword: async (auth: TAuth, id: number, current: string, next: string) => {
      const org = await loadVisible(auth, id);
      requireSelf(auth, id);
      if (!org.user.passwordHash || !(await verifyPassword(org.user.passwordHash, current))) {
        throw new AppError('BAD_REQUEST', 'The current password is not correct', {
          currentPassword: 'The current password is not correct',
        });
      }
      await updateUser(db, id, { passwordHash: await hashPassword(next) });
      // Every other session ends; the one that changed the password stays signed in.
      await revokeOtherSessions(db, id, auth.sessionId, 'password-change');
    },

    setSecurity: async (auth: TAuth, id: number, loginOtpEnabled: boolean) => {
      await loadVisible(auth, id);
      requireSelf(auth, id);
      await updateUser(db, id, { loginOtpEnabled });
      return reload(id);
    },

    setAvatar: async (auth: TAuth, id: number, bytes: Uint8Array) => {
      const org = await loadVisible(auth, id);
      requireSelf(auth, id);
      const ext = sniffImage(bytes.subarray(0, 12));
      if (!ext) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'The avatar must be a PNG, JPEG or WebP image',
          {
            avatar: 'Unsupported image type',
          },
        );
      }
      const name = `${randomUUID()}.${ext}`;
      await files.put(`avatars/${name}`, bytes, { maxBytes: AVATAR_MAX_BYTES });
      await updateUser(db, id, { avatar: name });
      if (org.user.avatar) await files.delete(`avatars/${org.user.avatar}`);
      return name;
    },

    lookupByEmetId: async (emetId: string) => {
      const row = await findUserByEmetId(db, emetId);
      if (!row) throw AppError.notFound('DigiFriend code');
      return {
        fullName: row.fullName,
        email: maskEmail(row.email),
        emet_id: row.emetId,
      };
    },
  };
};

export type TUsersService = ReturnType<typeof createUsersService>;
