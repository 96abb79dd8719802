/**
 * The document totals the database keeps (migration 0009 triggers) equal what counting the
 * documents gives: after the app's own mixed sequence (upload, stamp, cancel, delete, signers
 * set and signed) and after many writers changing documents and signers at once (in parallel on
 * PostgreSQL; PGlite's one connection serialises them).
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentSigners, documents } from '../src/db/schema.ts';
import { bearer, callAs } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  purchase,
  setSigners,
  signAt,
  type TSession,
  uploadedId,
} from './documents-helpers.ts';
import { RELAXED_LIMITS, type TTestContext, testContextPerFile, testDbDriver } from './helpers.ts';

let ctx: TTestContext;
testContextPerFile({ env: { ...RELAXED_LIMITS } }, (built) => {
  ctx = built;
});

type TRows<T> = { rows: T[] };
const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await ctx.database.db.execute(query)) as unknown as TRows<T>).rows;

/** Kept (summed over their slots) and counted totals, as sorted `key=n` lines without zero counts. */
const kept = async () => ({
  owners: (
    await rowsOf<{ k: string }>(
      sql`select company_key || '/' || departement_key || '/' || owner_user_id || '/' || state || '=' || sum(n) as k from document_totals group by company_key, departement_key, owner_user_id, state having sum(n) <> 0`,
    )
  )
    .map((r) => r.k)
    .sort(),
  signers: (
    await rowsOf<{ k: string }>(
      sql`select user_id || '/' || company_key || '/' || owner_user_id || '/' || state || '=' || sum(n) as k from document_signer_totals group by user_id, company_key, owner_user_id, state having sum(n) <> 0`,
    )
  )
    .map((r) => r.k)
    .sort(),
});
const counted = async () => ({
  owners: (
    await rowsOf<{ k: string }>(
      sql`select coalesce(company_id, 0) || '/' || coalesce(departement_id, 0) || '/' || owner_user_id || '/' || state || '=' || count(*) as k from documents group by company_id, departement_id, owner_user_id, state`,
    )
  )
    .map((r) => r.k)
    .sort(),
  signers: (
    await rowsOf<{ k: string }>(
      sql`select s.user_id || '/' || coalesce(d.company_id, 0) || '/' || d.owner_user_id || '/' || d.state || '=' || count(distinct d.id) as k from document_signers s join documents d on d.id = s.document_id where s.user_id is not null group by s.user_id, d.company_id, d.owner_user_id, d.state`,
    )
  )
    .map((r) => r.k)
    .sort(),
});

const post = (url: string, session: TSession, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(session), payload });

describe('kept document totals', () => {
  it('match the counted ones after uploads, stamps, cancels, deletes and signatures', async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 3);
    await purchase(ctx, ref, 'esign', 4);
    const signer = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    const pdf = await makePdf(1);
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await uploadedId(ctx, owner, pdf, `total-${i}.pdf`));
    const [toStamp, toCancel, toDelete, toSign, toSignAndCancel] = ids as [
      number,
      number,
      number,
      number,
      number,
    ];
    const stamp = { page: 1, x: 400, y: 100, width: 75, height: 75, doc_type: '3' };
    const stamped = await post('/api/v1/single-stamp/stamp-single-process-company', owner, {
      document_id: toStamp,
      ...stamp,
    });
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect(
      (await post('/api/v1/single-stamp/canceled-stamp', owner, { document_id: toCancel }))
        .statusCode,
    ).toBe(200);
    const removed = await callAs(
      ctx,
      owner,
      'DELETE',
      `/api/v1/single-stamp/delete-document/${toDelete}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    for (const id of [toSign, toSignAndCancel]) {
      // The signer has two boxes: the document counts once for them.
      const set = await setSigners(ctx, owner, id, [
        [signer.userData.id, 60],
        [signer.userData.id, 260],
        [owner.userData.id, 460],
      ]);
      expect(set.statusCode, set.body).toBe(200);
    }
    const signed = await signAt(ctx, signer, toSign, 60);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(
      (await post('/api/v1/single-stamp/canceled-stamp', owner, { document_id: toSignAndCancel }))
        .statusCode,
    ).toBe(200);
    // Signers replaced by the owner alone: the signer's count goes away.
    const reset = await setSigners(ctx, owner, ids[4] ?? 0, [[owner.userData.id, 60]]);
    expect([200, 409]).toContain(reset.statusCode);
    expect(await kept()).toEqual(await counted());
    const list = await callAs(
      ctx,
      signer,
      'GET',
      '/api/v1/single-stamp/get-document-user?perPage=10',
    );
    // What the signer sees: the two documents they were asked to sign, whatever the boxes.
    expect(list.json().data.meta.total).toBe(2);
  }, 300_000);

  it('stay right with many writers at once', async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    const other = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    const db = ctx.database.db;
    const states = ['draft', 'signing', 'stamping', 'stamped', 'cancelled'] as const;
    const base = {
      companyId: ref.companyId,
      departementId: ref.ownerId,
      fileName: 'parallel.pdf',
      originalKey: 'x',
      currentKey: 'x',
      sizeBytes: 1,
      sha256: 'a'.repeat(64),
      pageCount: 1,
      pages: [{ width: 595, height: 842 }],
    };
    const writers = testDbDriver() === 'postgres' ? 40 : 6;
    const rounds = 8;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let round = 0; round < rounds; round += 1) {
          await db.transaction(async (tx) => {
            const ownerUserId = (w + round) % 3 === 0 ? other.userData.id : owner.userData.id;
            const [doc] = await tx
              .insert(documents)
              .values({ ...base, ownerUserId })
              .returning();
            if (!doc) throw new Error('no document');
            const placement = { page: 1, x: 1, y: 1, width: 1, height: 1 };
            await tx.insert(documentSigners).values([
              { documentId: doc.id, userId: other.userData.id, position: 1, placement },
              { documentId: doc.id, userId: other.userData.id, position: 2, placement },
              { documentId: doc.id, userId: owner.userData.id, position: 3, placement },
            ]);
            for (const state of states.slice(0, 1 + ((w + round) % states.length)))
              await tx.update(documents).set({ state }).where(eq(documents.id, doc.id));
            if (round % 4 === 1)
              await tx
                .delete(documentSigners)
                .where(
                  and(eq(documentSigners.documentId, doc.id), eq(documentSigners.position, 1)),
                );
            if (round % 4 === 3) await tx.delete(documents).where(eq(documents.id, doc.id));
          });
        }
      }),
    );
    expect(await kept()).toEqual(await counted());
    if (testDbDriver() === 'postgres') {
      // The writers' connections counted in different slots (none waited on another's rows).
      const [slots] = await rowsOf<{ n: number }>(
        sql`select count(distinct slot)::int as n from document_totals where owner_user_id = ${owner.userData.id}`,
      );
      expect(slots?.n).toBeGreaterThan(1);
    }
  }, 300_000);
});
