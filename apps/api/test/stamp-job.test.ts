import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, serialNumbers, unitReservations } from '../src/db/schema.ts';
import { STAMP_QUEUE } from '../src/modules/document-work/document-jobs.ts';
import { createSignDocument } from '../src/modules/document-work/sign-document.ts';
import { createStampDocument } from '../src/modules/document-work/stamp-document.ts';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { createLocalMeteraiProvider } from '../src/providers/meterai/local-meterai-provider.ts';
import { createLocalSignatureProvider } from '../src/providers/signature/local-signature-provider.ts';
import {
  makePdf,
  newDepartmentUser,
  purchase,
  stampDocument,
  stampRequest,
  uploadedId,
} from './documents-helpers.ts';
import {
  sharedPdfEngine,
  type TTestContext,
  testContextPerFile,
  testFileStore,
} from './helpers.ts';

/**
 * The `stamp` job's handler across attempts of one job (issue 10): a retry answers what an
 * earlier attempt stored, or takes a dead attempt over; the unit is spent once, the serial reused.
 */
describe('stamp job attempts', () => {
  let ctx: TTestContext;
  testContextPerFile({}, (built) => {
    ctx = built;
  });

  /** A stamping service on the test app's data, whose provider's signing call can be held. */
  const service = () => {
    let hold: Promise<void> | null = null;
    let releaseHold = () => {};
    let reachedHold = () => {};
    /** Resolves once an attempt is waiting at the held signing call. */
    let holding: Promise<void> = Promise.resolve();
    const local = createLocalMeteraiProvider({
      db: ctx.database.db,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    const stamping = createStampDocument({
      db: ctx.database.db,
      files: testFileStore(ctx.dir),
      pdf: sharedPdfEngine(),
      meterai: {
        ...local,
        signing: async (context) => {
          const held = hold;
          hold = null;
          if (held) {
            reachedHold();
            await held;
          }
          return local.signing(context);
        },
      },
    });
    return {
      stamping,
      holdNextSigning: () => {
        hold = new Promise<void>((resolve) => {
          releaseHold = resolve;
        });
        holding = new Promise<void>((resolve) => {
          reachedHold = resolve;
        });
      },
      /** The held attempt has reached the signing call (so the next attempt is not the held one). */
      held: () => holding,
      releaseHeld: () => releaseHold(),
    };
  };

  const setUp = async () => {
    const { session, ref } = await newDepartmentUser(ctx, 3);
    const id = await uploadedId(ctx, session, await makePdf(2));
    const actor = {
      userId: session.userData.id,
      role: 'user' as const,
      companyId: ref.companyId,
      departementId: ref.ownerId,
    };
    const request = stampRequest(id, 2);
    return { session, ref, id, actor, request };
  };

  const books = async (id: number) => ({
    serials: await ctx.database.db
      .select({ serial: serialNumbers.serial, status: serialNumbers.status })
      .from(serialNumbers)
      .where(eq(serialNumbers.documentId, id)),
    reservations: (
      await ctx.database.db
        .select({ state: unitReservations.state })
        .from(unitReservations)
        .where(eq(unitReservations.documentId, id))
        .orderBy(unitReservations.id)
    ).map((r) => r.state),
  });

  it('answers a retry with the result an earlier attempt stored: no second serial or unit', async () => {
    const { stamping } = service();
    const { ref, id, actor, request } = await setUp();
    const input = stamping.inputFor(actor, request, 'company');
    const [jobA, jobB] = [randomUUID(), randomUUID()];
    const first = await stamping.stamp(input, { jobId: jobA, retryCount: 0 });
    const again = await stamping.stamp(input, { jobId: jobA, retryCount: 1 });
    expect(again).toEqual(first);
    // Another job (a second click) is refused as before.
    await expect(stamping.stamp(input, { jobId: jobB, retryCount: 0 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(2);
    expect(await books(id)).toEqual({
      serials: [{ serial: first.serial_number, status: 'stamped' }],
      reservations: ['spent'],
    });
  });

  it('takes over an attempt that stopped mid-stamp; the stopped attempt, going on, changes nothing', async () => {
    const { stamping, holdNextSigning, releaseHeld, held } = service();
    const { ref, id, actor, request } = await setUp();
    const input = stamping.inputFor(actor, request, 'company');
    const jobC = randomUUID();
    holdNextSigning();
    const stopped = stamping.stamp(input, { jobId: jobC, retryCount: 0 });
    stopped.catch(() => {});
    // The first attempt holds the claim, a reserved unit and an issued serial, waiting at signing.
    await held();
    expect(await books(id)).toMatchObject({
      serials: [{ status: 'issued' }],
      reservations: ['reserved'],
    });
    const retried = await stamping.stamp(input, { jobId: jobC, retryCount: 1 });
    const { serials } = await books(id);
    expect(retried.serial_number).toBe(serials[0]?.serial);
    // The stopped attempt resumes (it was alive after all): its result is refused, nothing moves.
    releaseHeld();
    await expect(stopped).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await books(id)).toEqual({
      serials: [{ serial: retried.serial_number, status: 'stamped' }],
      reservations: ['released', 'spent'],
    });
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(2);
    const [doc] = await ctx.database.db.select().from(documents).where(eq(documents.id, id));
    expect(doc?.state).toBe('stamped');
  });

  it('answers a retried sign job with the signature an earlier attempt stored', async () => {
    const { ref, id, actor } = await setUp();
    await purchase(ctx, ref, 'esign', 2);
    const signing = createSignDocument({
      db: ctx.database.db,
      files: testFileStore(ctx.dir),
      pdf: sharedPdfEngine(),
      signatures: createLocalSignatureProvider({
        db: ctx.database.db,
        encryptionKey: randomBytes(32),
      }),
    });
    const input = signing.inputFor(actor, {
      document_id: id,
      page: 1,
      x: 72,
      y: 100,
      width: 150,
      height: 60,
      identity_confirmed: true,
    });
    const jobId = randomUUID();
    const first = await signing.sign(input, { jobId, retryCount: 0 });
    expect(await signing.sign(input, { jobId, retryCount: 1 })).toEqual(first);
    expect(await balanceOf(ctx.database.db, ref, 'esign')).toBe(1);
    expect((await books(id)).reservations).toEqual(['spent']);
  });

  it('runs the routes through the stamp queue and answers as before', async () => {
    const { session, id } = await setUp();
    const res = await stampDocument(ctx, session, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Berhasil membubuhkan e-Meterai',
      data: { document_id: id, status: 'stamp' },
    });
    const again = await stampDocument(ctx, session, id);
    expect(again.statusCode).toBe(409);
    expect(STAMP_QUEUE).toBe('stamp');
  });
});
