import type { TDb } from '../../db/client.ts';
import type { TAccountRef } from '../quota/index.ts';
import * as repo from './notifications.repository.ts';
import type { TNotifier } from './notifications.service.ts';

const KIND_LABEL = { emeterai: 'e-Meterai', esign: 'e-sign' } as const;
const THRESHOLD = 'threshold_quota_warning';
const THRESHOLD_TTL_MS = 60_000;
const jakartaDay = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/** Notices about an account's resources: a low quota balance, a nearly full locker. */
export const createAccountNoticeEvents = (deps: { db: TDb; notifier: TNotifier }) => {
  const { db } = deps;

  /** Who manages an account: its department's members, the company's admins, or the user. */
  const managersOf = async (owner: TAccountRef) => {
    if (owner.ownerType === 'departement' && owner.companyId !== null)
      return repo.departementMembers(db, owner.companyId, owner.ownerId);
    if (owner.ownerType === 'company') return repo.companyAdmins(db, owner.ownerId);
    if (owner.ownerType === 'user')
      return [{ id: owner.ownerId, language: await repo.languageOf(db, owner.ownerId) }];
    return [];
  };

  /**
   * `threshold_quota_warning`, read at most once a minute in this process (a platform setting:
   * a change reaches every process within a minute); NaN when it is not set.
   */
  let cached: { value: number; until: number } | undefined;
  const thresholdNow = async () => {
    if (cached && cached.until > Date.now()) return cached.value;
    const value = Number(await repo.configValue(db, THRESHOLD));
    cached = { value, until: Date.now() + THRESHOLD_TTL_MS };
    return value;
  };

  return {
    /**
     * After a unit was spent: when the payer's balance is now under `threshold_quota_warning`,
     * the people managing it hear, at most once per account, kind and (Jakarta) day. With the
     * balance the spend left (`balanceAfter`), only the (cached) threshold is read.
     */
    quotaSpent: async (payer: TAccountRef, kind: 'emeterai' | 'esign', balanceAfter?: number) => {
      let threshold: number;
      let balance: number;
      if (balanceAfter === undefined) {
        const read = await repo.configAndBalance(db, THRESHOLD, payer, kind);
        threshold = Number(read?.value);
        balance = read?.balance ?? 0;
      } else {
        // The spend knew the balance: a stamp of a payer with plenty reads nothing.
        threshold = await thresholdNow();
        balance = balanceAfter;
      }
      if (!Number.isInteger(threshold) || threshold <= 0) return;
      if (balance >= threshold) return;
      const day = jakartaDay(new Date());
      for (const m of await managersOf(payer)) {
        const id = m.language === 'id';
        await deps.notifier.notify({
          userId: m.id,
          key: `quota-low:${payer.ownerType}:${payer.ownerId}:${kind}:${day}`,
          header: id ? 'Kuota hampir habis' : 'Quota running low',
          content: id
            ? `Sisa kuota ${KIND_LABEL[kind]}: ${balance} (di bawah ${threshold}).`
            : `${balance} ${KIND_LABEL[kind]} units left (below ${threshold}).`,
          link: '/dashboard',
          mail: true,
        });
      }
    },

    /** A locker space passed 90 % of its maximum: its owner or the company's admins hear, monthly. */
    lockerNearlyFull: async (input: {
      account: string;
      ownerUserId: number | null;
      companyId: number | null;
      usedBytes: number;
      maxBytes: number;
    }) => {
      const recipients =
        input.ownerUserId !== null
          ? [{ id: input.ownerUserId, language: await repo.languageOf(db, input.ownerUserId) }]
          : input.companyId !== null
            ? await repo.companyAdmins(db, input.companyId)
            : [];
      const percent = Math.floor((input.usedBytes / input.maxBytes) * 100);
      const month = jakartaDay(new Date()).slice(0, 7);
      for (const m of recipients) {
        const id = m.language === 'id';
        await deps.notifier.notify({
          userId: m.id,
          key: `locker-full:${input.account}:${month}`,
          header: id ? 'Loker hampir penuh' : 'Locker nearly full',
          content: id
            ? `Loker digital sudah terpakai ${percent}% dari kapasitasnya.`
            : `The digital locker is ${percent}% full.`,
          link: '/locker',
          mail: true,
        });
      }
    },
  };
};
