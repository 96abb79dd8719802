/**
 * Issue 11: a cancel or a delete racing a stamp. Every state change of a document goes through
 * `transition` under its row lock, so one of the two calls wins and the other gets a 409; no
 * unit is charged without a stamped file and no issued serial goes unrecorded. 100 pairs of
 * each on PostgreSQL; on PGlite (one connection, the calls serialise) a few pairs check the
 * same invariants.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, serialNumbers, unitReservations } from '../src/db/schema.ts';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { bearer } from './auth-helpers.ts';
import { makePdf, newDepartmentUser, type TSession, uploadedId } from './documents-helpers.ts';
import {
  RELAXED_LIMITS,
  type TTestContext,
  testContextPerFile,
  testDbDriver,
  watchingSerials,
} from './helpers.ts';

const ROUNDS = testDbDriver() === 'postgres' ? 100 : 4;

let ctx: TTestContext;
const issuedSerials: string[] = [];
testContextPerFile(
  {
    env: { ...RELAXED_LIMITS },
    meterai: watchingSerials((serial) => issuedSerials.push(serial)),
  },
  (built) => {
    ctx = built;
  },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each call from its own address: the stamp route's rate limit is per client. */
let calls = 0;
const remoteAddress = () => {
  calls += 1;
  return `10.11.${(calls >> 8) & 255}.${calls & 255}`;
};

const stamp = (session: TSession, id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/single-stamp/stamp-single-process-company',
    headers: bearer(session),
    remoteAddress: remoteAddress(),
    payload: { document_id: id, page: 1, x: 400, y: 100, width: 75, height: 75, doc_type: '3' },
  });
const cancel = (session: TSession, id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/single-stamp/canceled-stamp',
    headers: bearer(session),
    remoteAddress: remoteAddress(),
    payload: { document_id: id },
  });
const remove = (session: TSession, id: number) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/single-stamp/delete-document/${id}`,
    headers: bearer(session),
    remoteAddress: remoteAddress(),
  });

/** The two calls a little apart, in both orders, so that every interleaving comes up. */
const race = async <A, B>(round: number, first: () => Promise<A>, second: () => Promise<B>) => {
  const lag = (round >> 1) % 8;
  return round % 2 === 0
    ? Promise.all([first(), sleep(lag).then(second)])
    : Promise.all([sleep(lag).then(first), second()]);
};

/**
 * Round `round`: a stamp of the document `id` raced against `rival` on it, the outcome
 * (`stamp status/rival status`) counted in `outcomes`; both answers and the document after.
 */
const raceStamp = async (
  round: number,
  session: TSession,
  id: number,
  rival: typeof cancel,
  outcomes: Map<string, number>,
) => {
  const [stamped, answer] = await race(
    round,
    () => stamp(session, id),
    () => rival(session, id),
  );
  const outcome = `${stamped.statusCode}/${answer.statusCode}`;
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  const [doc] = await ctx.database.db.select().from(documents).where(eq(documents.id, id));
  return { stamped, rival: answer, outcome, doc };
};

const reservationsOf = (ids: number[]) =>
  ctx.database.db.select().from(unitReservations).where(inArray(unitReservations.documentId, ids));

describe('a stamp racing a cancel or a delete', () => {
  it('cancel: one wins, the other gets 409, and only stamped documents are charged', async () => {
    const { session, ref } = await newDepartmentUser(ctx, ROUNDS);
    const pdf = await makePdf(1);
    const outcomes = new Map<string, number>();
    const ids: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await uploadedId(ctx, session, pdf);
      ids.push(id);
      const {
        stamped,
        rival: canceled,
        outcome,
        doc,
      } = await raceStamp(round, session, id, cancel, outcomes);
      if (stamped.statusCode === 200) {
        expect(canceled.statusCode, canceled.body).toBe(409);
        expect(doc?.state).toBe('stamped');
      } else {
        expect(outcome, `${stamped.body} ${canceled.body}`).toBe('409/200');
        expect(doc?.state).toBe('cancelled');
        expect(doc?.serialNumberId).toBeNull();
      }
    }
    const stampedIds = (
      await ctx.database.db.select().from(documents).where(inArray(documents.id, ids))
    )
      .filter((d) => d.state === 'stamped')
      .map((d) => d.id);
    // Charged exactly once per stamped document, and nothing left reserved.
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(ROUNDS - stampedIds.length);
    const reservations = await reservationsOf(ids);
    expect(reservations.filter((r) => r.state === 'reserved')).toEqual([]);
    expect(
      reservations
        .filter((r) => r.state === 'spent')
        .map((r) => r.documentId)
        .sort(),
    ).toEqual([...stampedIds].sort());
    console.info('stamp/cancel outcomes', Object.fromEntries(outcomes));
  }, 600_000);

  it('delete: one wins, the other gets 409, and every issued serial is recorded', async () => {
    const { session, ref } = await newDepartmentUser(ctx, ROUNDS);
    const pdf = await makePdf(1);
    const outcomes = new Map<string, number>();
    const before = issuedSerials.length;
    let stampedCount = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await uploadedId(ctx, session, pdf);
      const {
        stamped,
        rival: removed,
        doc,
      } = await raceStamp(round, session, id, remove, outcomes);
      if (stamped.statusCode === 200) {
        stampedCount += 1;
        expect(removed.statusCode, removed.body).toBe(409);
        expect(doc?.state).toBe('stamped');
      } else {
        // The delete won before the stamp claimed the document: nothing was issued for it.
        expect(removed.statusCode, `${stamped.body} ${removed.body}`).toBe(200);
        expect([404, 409]).toContain(stamped.statusCode);
        expect(doc).toBeUndefined();
      }
    }
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(ROUNDS - stampedCount);
    const issued = issuedSerials.slice(before);
    const recorded = issued.length
      ? await ctx.database.db
          .select()
          .from(serialNumbers)
          .where(inArray(serialNumbers.serial, issued))
      : [];
    expect(recorded.map((s) => s.status)).toEqual(issued.map(() => 'stamped'));
    expect(issued).toHaveLength(stampedCount);
    console.info('stamp/delete outcomes', Object.fromEntries(outcomes));
  }, 600_000);
});
