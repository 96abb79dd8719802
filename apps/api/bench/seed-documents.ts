import { sql } from 'drizzle-orm';
import type { TDatabase } from '../src/db/client.ts';

export type TBenchIds = {
  userId: number;
  adminId: number;
  companyId: number;
  departementId: number;
};

type TRows<T> = { rows: T[] };

const rowsOf = async <T>(database: TDatabase, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await database.db.execute(query)) as unknown as TRows<T>).rows;

/** The demo department user (Finance) and company admin the bench signs in as. */
export const benchIds = async (database: TDatabase): Promise<TBenchIds> => {
  const [user] = await rowsOf<{ id: number; company_id: number; departement_id: number }>(
    database,
    sql`select id, company_id, departement_id from users where email = 'user@demo.local'`,
  );
  const [admin] = await rowsOf<{ id: number }>(
    database,
    sql`select id from users where email = 'admin@demo.local'`,
  );
  if (!user || !admin) throw new Error('demo accounts missing: start the app once first');
  return {
    userId: user.id,
    adminId: admin.id,
    companyId: user.company_id,
    departementId: user.departement_id,
  };
};

/**
 * `count` documents owned by the department user, newest every minute back in time; every
 * second one stamped with its serial and its ledger `spend` movement (department account to the
 * system's consumed account, two entries), as the app writes them. Idempotent: tagged
 * `bench/…` keys, skipped when already there.
 */
export const seedDocuments = async (database: TDatabase, ids: TBenchIds, count: number) => {
  const [existing] = await rowsOf<{ n: number }>(
    database,
    sql`select count(*)::int as n from documents where original_key like 'bench/%'`,
  );
  if ((existing?.n ?? 0) >= count) return false;
  const { userId, companyId, departementId } = ids;
  // One long statement per step: no statement timeout for the seeding transaction.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into documents (company_id, departement_id, owner_user_id, file_name, original_key,
        current_key, size_bytes, sha256, page_count, pages, state, signing_method, doc_type,
        created_at, updated_at, stamped_at)
      select ${companyId}, ${departementId}, ${userId},
        'bench-' || g || case when g % 3 = 0 then '-kontrak-sewa' else '-surat-jalan' end || '.pdf',
        'bench/' || g, 'bench/' || g, 120000, repeat('a', 64), 1,
        '[{"width":595,"height":842}]'::jsonb,
        case when g % 2 = 0 then 'stamped' else 'draft' end, 'emeterai',
        case when g % 2 = 0 then '4b' end,
        now() - g * interval '1 minute', now() - g * interval '1 minute',
        case when g % 2 = 0 then now() - g * interval '1 minute' end
      from generate_series(1, ${count}) g`);
    await tx.execute(sql`
      insert into serial_numbers (serial, provider, document_id, status, doc_type, issued_at, stamped_at)
      select 'BNCH' || lpad(d.id::text, 14, '0'), 'local', d.id, 'stamped', '4b', d.stamped_at, d.stamped_at
      from documents d where d.original_key like 'bench/%' and d.state = 'stamped'`);
    await tx.execute(sql`
      update documents d set serial_number_id = s.id from serial_numbers s
      where s.document_id = d.id and d.original_key like 'bench/%'`);
    await tx.execute(sql`
      insert into quota_movements (kind, quantity, reason, from_account_id, to_account_id,
        actor_user_id, company_id, ref_type, ref_id, idempotency_key, created_at)
      select 'emeterai', 1, 'spend', payer.id, consumed.id, ${userId}, ${companyId}, 'document',
        d.id::text, 'bench-spend-' || d.id, d.stamped_at
      from documents d
      join quota_accounts payer on payer.owner_type = 'departement' and payer.owner_id = ${departementId} and payer.kind = 'emeterai'
      join quota_accounts consumed on consumed.owner_type = 'system' and consumed.owner_id = 2 and consumed.kind = 'emeterai'
      where d.original_key like 'bench/%' and d.state = 'stamped'`);
    await tx.execute(sql`
      insert into quota_entries (movement_id, account_id, delta, balance_after, created_at)
      select m.id, m.from_account_id, -1, 0, m.created_at from quota_movements m
        where m.idempotency_key like 'bench-spend-%'
      union all
      select m.id, m.to_account_id, 1, 0, m.created_at from quota_movements m
        where m.idempotency_key like 'bench-spend-%'`);
  });
  await database.db.execute(sql`vacuum analyze`);
  return true;
};

/** The list as it was before the index-served branches: OR visibility, page and count(*). */
export const referenceListMs = async (
  database: TDatabase,
  visibility: { userId: number; companyId: number | null },
): Promise<number> => {
  const or = sql`(${visibility.companyId !== null ? sql`d.company_id = ${visibility.companyId} or ` : sql``}d.owner_user_id = ${visibility.userId} or exists (select 1 from document_signers ds where ds.document_id = d.id and ds.user_id = ${visibility.userId}))`;
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const start = performance.now();
    await database.db.execute(
      sql`select d.* from documents d where ${or} order by d.created_at desc, d.id desc limit 10`,
    );
    await database.db.execute(sql`select count(*) from documents d where ${or}`);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[1] ?? 0;
};
