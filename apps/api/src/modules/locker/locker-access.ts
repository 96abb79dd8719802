import type { TLockerSpace, TStorageUse } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { isCompanyAdmin, type TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './locker.repository.ts';
import { uniqueName } from './locker-mapper.ts';

/** A plan with the locker but without its own storage row allows 1,000 MB. */
export const DEFAULT_LOCKER_BYTES = 1_000_000_000;

export type TLockerStatus = {
  enabled: boolean;
  readOnly: boolean;
  maxBytes: number;
  usedBytes: number;
  account: string;
  expiry: string | null;
};

export const scopeOf = (auth: TActor): repo.TLockerScope => ({
  userId: auth.userId,
  companyId: auth.companyId,
});

/** The storage account the caller's files count toward: the company's, or their own. */
export const accountOf = (owner: { companyId: number | null; userId: number }) =>
  owner.companyId !== null ? `c:${owner.companyId}` : `u:${owner.userId}`;

export const rowAccount = (row: repo.TLockerRow) =>
  row.companyId !== null ? `c:${row.companyId}` : `u:${row.ownerUserId ?? 0}`;

export const spaceRef = (auth: TActor, space: TLockerSpace): repo.TSpaceRef => {
  if (space === 'shared' && auth.companyId === null) {
    throw new AppError('BAD_REQUEST', 'Only company accounts have a shared space', {
      space: 'no shared space',
    });
  }
  return { space, userId: auth.userId, companyId: auth.companyId };
};

type TLockerItemValues = Omit<
  repo.TLockerInsert,
  'companyId' | 'ownerUserId' | 'parentId' | 'createdBy'
>;

/** A new item's row in `ref`'s space under `parentId`, made by `auth`. */
export const itemValues = (
  auth: TActor,
  ref: repo.TSpaceRef,
  parentId: number | null,
  item: TLockerItemValues,
): repo.TLockerInsert => ({
  ...item,
  companyId: auth.companyId,
  ownerUserId: ref.space === 'private' ? auth.userId : null,
  parentId,
  createdBy: auth.userId,
});

/**
 * Adds the caller's new folder or file to `parentId` in the space, named apart from what is
 * already there ("name (1)"): in one statement when its name is free (the usual case), else
 * under the space's lock with the names it would collide with read first.
 */
export const insertNamedApart = async (
  db: TDb,
  auth: TActor,
  ref: repo.TSpaceRef,
  parentId: number | null,
  item: TLockerItemValues,
) => {
  const values = itemValues(auth, ref, parentId, item);
  const inserted = await repo.insertIfNameFree(db, ref, values);
  if (inserted) return inserted;
  return repo.inSpaceLock(db, ref, async (tx) => {
    const taken = await repo.namesIn(tx, ref, parentId, item);
    return repo.insert(tx, { ...values, name: uniqueName(item.name, taken, item.kind) });
  });
};

export const canManageSpace = (auth: TActor, space: TLockerSpace) =>
  space === 'private' || isCompanyAdmin(auth);

export const requireManage = (auth: TActor, space: TLockerSpace) => {
  if (!canManageSpace(auth, space)) {
    throw AppError.forbidden('Only company admins can change the shared space');
  }
};

export const lockerStatus = async (
  db: TDb,
  auth: TActor,
  now = new Date(),
): Promise<TLockerStatus> => {
  const account = accountOf(auth);
  return statusOf(await repo.planAndUse(db, scopeOf(auth), account), account, now);
};

/** The locker's status from the plan and the bytes its account uses (`planAndUse`'s answer). */
export const statusOf = (
  {
    plan,
    usedBytes,
  }: {
    plan: { isDigitalLocker: boolean; expiresAt: Date | null; maxBytes: number | null } | undefined;
    usedBytes: number;
  },
  account: string,
  now = new Date(),
): TLockerStatus => {
  const enabled = plan?.isDigitalLocker === true;
  const expiresAt = plan?.expiresAt ?? null;
  return {
    enabled,
    readOnly: enabled && expiresAt !== null && expiresAt.getTime() < now.getTime(),
    maxBytes: enabled ? (plan?.maxBytes ?? DEFAULT_LOCKER_BYTES) : 0,
    usedBytes,
    account,
    expiry: enabled && expiresAt ? expiresAt.toISOString().slice(0, 10) : null,
  };
};

/** Refuses changes when the plan has no locker or the locker has expired (read-only). */
export const requireWritable = (status: TLockerStatus) => {
  if (!status.enabled) {
    throw AppError.forbidden(
      'The digital locker is not part of your plan. Choose a plan with the digital locker on the Plan page.',
    );
  }
  if (status.readOnly) {
    throw AppError.forbidden(
      'Your digital locker has expired: files can still be viewed and downloaded, but not added or changed',
    );
  }
};

export const storageUseOf = (status: TLockerStatus, auth: TActor): TStorageUse => ({
  is_digital_locker: status.enabled,
  max_size_digital_loker: status.maxBytes,
  size_use_user: status.usedBytes,
  free_bytes: Math.max(0, status.maxBytes - status.usedBytes),
  expiry_digital_locker_date: status.expiry,
  read_only: status.readOnly,
  has_shared_space: auth.companyId !== null,
  can_manage_shared: auth.companyId !== null && isCompanyAdmin(auth),
});

/** "12.5" (MB = 1e6 bytes, spec §9), as the refusal says it. */
export const megabytes = (bytes: number) => (Math.max(0, bytes) / 1e6).toFixed(1);

/** `status` when `auth` may change `space` now (plan, expiry, role); else the refusal. */
export const writableStatus = (auth: TActor, space: TLockerSpace, status: TLockerStatus) => {
  requireWritable(status);
  requireManage(auth, space);
  return status;
};
