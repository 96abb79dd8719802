import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { departements, quotaAccounts, users } from '../../db/schema.ts';

/** The department row of the company, locked for update (the delete); undefined when gone. */
export const lockDepartement = async (tx: TTx, companyId: number, id: number) => {
  const [row] = await tx
    .select({ id: departements.id })
    .from(departements)
    .where(and(eq(departements.id, id), eq(departements.companyId, companyId)))
    .for('update');
  return row;
};

export const countUsers = async (tx: TTx, departementId: number) => {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(eq(users.departementId, departementId));
  return row?.n ?? 0;
};

/** Removes the given empty accounts that no ledger entry refers to (the others stay as history). */
export const deleteUnusedAccounts = async (tx: TTx, accountIds: number[]) => {
  if (accountIds.length === 0) return;
  await tx
    .delete(quotaAccounts)
    .where(
      and(
        inArray(quotaAccounts.id, accountIds),
        eq(quotaAccounts.balance, 0),
        sql`not exists (select 1 from quota_entries e where e.account_id = ${quotaAccounts.id})`,
      ),
    );
};

export const deleteDepartement = async (tx: TTx, companyId: number, id: number) => {
  await tx
    .delete(departements)
    .where(and(eq(departements.id, id), eq(departements.companyId, companyId)));
};
