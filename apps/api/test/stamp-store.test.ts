/**
 * A stamp's result is stored by one statement (document-work's stamp-store.repository `storeStamp`): the document,
 * its spent unit and its stamped serial move together, or nothing moves when a retry or the
 * recovery took the work over meanwhile.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, serialNumbers, unitReservations } from '../src/db/schema.ts';
import { eventsOf } from '../src/modules/audit/audit.repository.ts';
import { storeStamp } from '../src/modules/document-work/stamp-store.repository.ts';
import { changeState } from '../src/modules/documents/documents.repository.ts';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { releaseUnit, reserveUnit } from '../src/modules/quota/units.ts';
import { insertSerial } from '../src/modules/stamping/serials.repository.ts';
import { makePdf, newDepartmentUser, uploadedId } from './documents-helpers.ts';
import { RELAXED_LIMITS, type TTestContext, testContextPerFile } from './helpers.ts';

let ctx: TTestContext;
testContextPerFile({ env: { ...RELAXED_LIMITS } }, (built) => {
  ctx = built;
});

/** A document being stamped: claimed (`stamping`), one unit reserved, a serial issued. */
const stamping = async () => {
  const { db } = ctx.database;
  const { session, ref } = await newDepartmentUser(ctx, 2);
  const documentId = await uploadedId(ctx, session, await makePdf(1));
  expect(await changeState(db, documentId, 'draft', 'stamping')).toBeDefined();
  const reservationId = await reserveUnit(db, {
    kind: 'emeterai',
    payer: ref,
    actorUserId: null,
    documentId,
  });
  const serial = await insertSerial(db, {
    serial: `TEST${randomInt(1e11, 1e12)}`,
    provider: 'local',
    documentId,
    docType: '3',
  });
  const store = () =>
    storeStamp(db, {
      documentId,
      from: 'stamping',
      to: 'stamped',
      values: { currentKey: `documents/${documentId}/stamped.pdf`, serialNumberId: serial.id },
      reservationId,
      serialId: serial.id,
      companyId: null,
      record: { type: 'stamped', actor: { kind: 'system' }, details: { serial: serial.serial } },
    });
  const state = async () => {
    const [doc] = await db.select().from(documents).where(eq(documents.id, documentId));
    const [unit] = await db
      .select()
      .from(unitReservations)
      .where(eq(unitReservations.id, reservationId));
    const [row] = await db.select().from(serialNumbers).where(eq(serialNumbers.id, serial.id));
    return {
      document: doc?.state,
      file: doc?.currentKey.endsWith('/stamped.pdf'),
      unit: unit?.state,
      serial: row?.status,
      balance: await balanceOf(db, ref, 'emeterai'),
      // The trail's `stamped` event is stored with the stamp, or not at all.
      events: (await eventsOf(db, documentId)).map((e) => e.type),
    };
  };
  return { documentId, reservationId, store, state };
};

describe('storing a stamp', () => {
  it('stores the document, spends the unit and stamps the serial together', async () => {
    const work = await stamping();
    expect(await work.store()).toBe(true);
    expect(await work.state()).toEqual({
      document: 'stamped',
      file: true,
      unit: 'spent',
      serial: 'stamped',
      balance: 1,
      events: ['uploaded', 'stamped'],
    });
  });

  it('stores nothing when the unit was released meanwhile (the work was taken over)', async () => {
    const work = await stamping();
    expect(await releaseUnit(ctx.database.db, work.reservationId, 'taken over')).toBe(true);
    expect(await work.store()).toBe(false);
    expect(await work.state()).toEqual({
      document: 'stamping',
      file: false,
      unit: 'released',
      serial: 'issued',
      balance: 2,
      events: ['uploaded'],
    });
  });

  it('spends nothing when the document left `stamping` meanwhile (the recovery gave it back)', async () => {
    const work = await stamping();
    const { db } = ctx.database;
    expect(await changeState(db, work.documentId, 'stamping', 'draft')).toBeDefined();
    expect(await work.store()).toBe(false);
    expect(await work.state()).toEqual({
      document: 'draft',
      file: false,
      unit: 'reserved',
      serial: 'issued',
      balance: 1,
      events: ['uploaded'],
    });
  });
});
