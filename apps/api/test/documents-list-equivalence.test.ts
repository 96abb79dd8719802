import { statesOfWireStatus } from '@bubuh/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../src/db/client.ts';
import {
  companies,
  departements,
  documentSigners,
  documents,
  serialNumbers,
  users,
} from '../src/db/schema.ts';
import type { TVisibility } from '../src/lib/access.ts';
import {
  listHistoryPages,
  listPage,
  type TDocumentSort,
} from '../src/modules/documents/document-pages.repository.ts';
import { readDocumentVersion } from '../src/modules/documents/document-totals.repository.ts';
import {
  countDocuments,
  countListed,
  SEARCH_TOTAL_CAP,
  statusTotals,
  type TDocumentFilter,
  visibleTo,
} from '../src/modules/documents/documents.repository.ts';
import { openTestDatabase, unique } from './helpers.ts';

/**
 * The list's index-served query (visibility branches limited to the page end, counts over
 * disjoint branches) must answer exactly what the straightforward query answers: one WHERE with
 * the OR visibility, ORDER BY, LIMIT/OFFSET and count(*).
 */
const STATES = ['draft', 'stamped', 'stamped', 'signing', 'cancelled', 'stamping'] as const;

describe('documents list: same answers as the straightforward query', () => {
  let database: TDatabase;
  const ids = { c1: 0, c2: 0, owner: 0, admin: 0, signer: 0, other: 0 };
  let aSerial = '';

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const tag = unique();
    const [c1, c2] = await db
      .insert(companies)
      .values([{ name: `Eq A ${tag}` }, { name: `Eq B ${tag}` }])
      .returning();
    if (!c1 || !c2) throw new Error('no companies');
    const [dept] = await db
      .insert(departements)
      .values({ companyId: c1.id, name: `Eq ${tag}` })
      .returning();
    const person = (name: string, role: 'user' | 'admin', companyId: number | null) => ({
      email: `${name}-${tag}@eq.test`,
      fullName: `${name} ${tag}`,
      role,
      userType: companyId ? ('company' as const) : ('personal' as const),
      companyId,
      departementId: companyId === c1.id ? (dept?.id ?? null) : null,
      emetId: `${name.slice(0, 3)}${tag}`.replace(/[^a-z0-9]/gi, '').slice(0, 16),
    });
    const [owner, admin, signer, other] = await db
      .insert(users)
      .values([
        person('owner', 'user', c1.id),
        person('admin', 'admin', c1.id),
        person('signer', 'user', null),
        person('other', 'user', c2.id),
      ])
      .returning();
    if (!owner || !admin || !signer || !other) throw new Error('no users');
    Object.assign(ids, {
      c1: c1.id,
      c2: c2.id,
      owner: owner.id,
      admin: admin.id,
      signer: signer.id,
      other: other.id,
    });
    const owners = [owner, owner, owner, admin, other, signer];
    const base = Date.UTC(2026, 0, 1);
    const docs = await db
      .insert(documents)
      .values(
        Array.from({ length: 240 }, (_, i) => {
          const who = owners[i % owners.length] ?? owner;
          return {
            companyId: who.companyId,
            departementId: who.departementId,
            ownerUserId: who.id,
            fileName: `${i % 7 === 0 ? 'Kontrak' : 'surat'}-${(i * 37) % 101}.pdf`,
            originalKey: `eq/${tag}/${i}`,
            currentKey: `eq/${tag}/${i}`,
            sizeBytes: 100,
            sha256: 'x'.repeat(64),
            pageCount: 1,
            pages: [{ width: 595, height: 842 }],
            state: STATES[i % STATES.length],
            // Ties on created_at: the id decides.
            createdAt: new Date(base + (i % 40) * 86_400_000),
          };
        }),
      )
      .returning({ id: documents.id, state: documents.state });
    for (const [i, doc] of docs.entries()) {
      if (doc.state !== 'stamped' && i % 5 !== 0) continue;
      const [serial] = await db
        .insert(serialNumbers)
        .values({
          serial: `EQ${tag}${i}`.slice(0, 22),
          provider: 'local',
          documentId: doc.id,
          docType: 'x',
        })
        .returning();
      if (!serial) continue;
      if (i === 12) aSerial = serial.serial;
      await db.update(documents).set({ serialNumberId: serial.id }).where(eq(documents.id, doc.id));
    }
    // The signer signs some documents of every owner (twice in some), the owner signs others'.
    const placement = { page: 1, x: 0, y: 0, width: 10, height: 10 };
    await db
      .insert(documentSigners)
      .values(
        docs.flatMap((doc, i) => [
          ...(i % 4 === 0
            ? [{ documentId: doc.id, userId: signer.id, position: 1, placement }]
            : []),
          ...(i % 8 === 0
            ? [{ documentId: doc.id, userId: signer.id, position: 2, placement }]
            : []),
          ...(i % 9 === 4
            ? [{ documentId: doc.id, userId: owner.id, position: 3, placement }]
            : []),
        ]),
      );
  });
  afterAll(() => database?.close());

  const referenceWhere = (filter: TDocumentFilter): SQL | undefined => {
    const like = filter.search ? `%${filter.search}%` : undefined;
    return and(
      visibleTo(filter.visibility),
      filter.status && filter.status !== 'all'
        ? inArray(documents.state, statesOfWireStatus(filter.status))
        : undefined,
      like && filter.search
        ? or(
            ilike(documents.fileName, like),
            sql`exists (select 1 from serial_numbers s where s.id = ${documents.serialNumberId} and s.serial = ${filter.search})`,
          )
        : undefined,
      filter.from ? gte(documents.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
      // `to` is inclusive: up to the end of that day.
      filter.to
        ? lt(documents.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000))
        : undefined,
    );
  };
  const serialOf = sql`(select s.serial from serial_numbers s where s.id = ${documents.serialNumberId})`;
  const referenceOrder = (sort: TDocumentSort): SQL[] => {
    if (sort.sort === 'document')
      return [sql`lower(${documents.fileName}) asc nulls last`, asc(documents.id)];
    if (sort.sort === 'serial') return [sql`${serialOf} desc nulls last`, desc(documents.id)];
    if (sort.sort === 'stamped')
      return [sql`${documents.stampedAt} asc nulls last`, asc(documents.id)];
    if (sort.sort === 'status')
      return [
        sql`case ${documents.state} when 'stamped' then 'stamp' when 'cancelled' then 'canceled' else 'nostamp' end desc nulls last`,
        desc(documents.id),
      ];
    return [desc(documents.createdAt), desc(documents.id)];
  };

  const compare = async (filter: TDocumentFilter, sort: TDocumentSort, perPage: number) => {
    const { db } = database;
    const [ref] = await db.select({ n: count() }).from(documents).where(referenceWhere(filter));
    expect(await countDocuments(db, filter)).toBe(ref?.n);
    const referencePage = async (of: TDocumentFilter, page: number) =>
      (
        await db
          .select({ id: documents.id })
          .from(documents)
          .where(referenceWhere(of))
          .orderBy(...referenceOrder(sort))
          .limit(perPage)
          .offset((page - 1) * perPage)
      ).map((r) => r.id);
    const idsOf = (rows: { doc: { id: number } }[]) => rows.map((r) => r.doc.id);
    for (let page = 1; page <= Math.ceil((ref?.n ?? 0) / perPage) + 1; page += 1) {
      const expected = await referencePage(filter, page);
      const actual = await listPage(db, filter, page, perPage, sort);
      expect(idsOf(actual), `page ${page}`).toEqual(expected);
      // The history's three lists of spec §4, read in one statement.
      const history = await listHistoryPages(db, filter, page, perPage, sort);
      expect(idsOf(history.data), `history page ${page}`).toEqual(expected);
      // A search's total is counted in the statement that finds its pages.
      expect(history.searchTotal, `search total page ${page}`).toEqual(
        filter.search ? { total: ref?.n, capped: false } : undefined,
      );
      const status = filter.status ?? 'all';
      for (const wire of ['stamp', 'nostamp'] as const) {
        const want =
          status === 'all' || status === wire
            ? await referencePage({ ...filter, status: wire }, page)
            : [];
        expect(idsOf(history[wire]), `${wire} page ${page}`).toEqual(want);
      }
    }
    return ref?.n ?? 0;
  };

  const visibilities = (): [string, TVisibility][] => [
    ['department user', { userId: ids.owner, companyId: null }],
    ['company admin', { userId: ids.admin, companyId: ids.c1 }],
    ['signer without company', { userId: ids.signer, companyId: null }],
    ['user of another company', { userId: ids.other, companyId: null }],
  ];

  it('pages, totals and orders every visibility and filter the same', async () => {
    let compared = 0;
    for (const [, visibility] of visibilities()) {
      for (const status of ['all', 'stamp', 'nostamp', 'canceled'] as const) {
        for (const sort of [
          {},
          { sort: 'document' as const },
          { sort: 'serial' as const, order: 'desc' as const },
          { sort: 'stamped' as const },
          { sort: 'status' as const, order: 'desc' as const },
        ]) {
          compared += await compare({ visibility, status }, sort, 7);
        }
      }
      compared += await compare({ visibility, search: 'kontrak' }, {}, 5);
      // A search's pages are ranked over the ids its own statement found: sorted and filtered.
      compared += await compare({ visibility, search: 'kontrak' }, { sort: 'document' }, 3);
      compared += await compare({ visibility, search: 'kontrak', status: 'stamp' }, {}, 3);
      compared += await compare({ visibility, search: aSerial, status: 'all' }, {}, 5);
      compared += await compare({ visibility, from: '2026-01-05', to: '2026-01-20' }, {}, 9);
    }
    expect(compared).toBeGreaterThan(500);
    // Hundreds of queries: the shared machine may be busy.
  }, 300_000);

  it('counts the dashboard totals the same', async () => {
    for (const [, visibility] of visibilities()) {
      const rows = await database.db
        .select({ state: documents.state, n: count() })
        .from(documents)
        .where(visibleTo(visibility))
        .groupBy(documents.state);
      const sum = (status: 'stamp' | 'nostamp' | 'canceled') =>
        rows
          .filter((r) => statesOfWireStatus(status).includes(r.state))
          .reduce((n, r) => n + r.n, 0);
      const expected = { stamp: sum('stamp'), nostamp: sum('nostamp'), canceled: sum('canceled') };
      expect(await statusTotals(database.db, visibility)).toEqual(expected);
      // The totals a list or dashboard request reads with the document version.
      const { totals } = await readDocumentVersion(database.db, visibility);
      expect(await statusTotals(database.db, visibility, totals)).toEqual(expected);
      expect(await countDocuments(database.db, { visibility, status: 'stamp', kept: totals })).toBe(
        expected.stamp,
      );
    }
  });

  it('says a search has more matches than it counts instead of counting them all', async () => {
    const { db } = database;
    const visibility = { userId: ids.other, companyId: null };
    const addPerjanjian = (n: number, from: number) =>
      db.insert(documents).values(
        Array.from({ length: n }, (_, i) => ({
          companyId: ids.c2,
          ownerUserId: ids.other,
          fileName: `Perjanjian-${from + i}.pdf`,
          originalKey: `eq/cap/${from + i}`,
          currentKey: `eq/cap/${from + i}`,
          sizeBytes: 100,
          sha256: 'x'.repeat(64),
          pageCount: 1,
          pages: [{ width: 595, height: 842 }],
        })),
      );
    const search = { visibility, search: 'perjanjian' };
    await addPerjanjian(SEARCH_TOTAL_CAP, 0);
    expect(await countListed(db, search)).toEqual({ total: SEARCH_TOTAL_CAP, capped: false });
    expect((await listHistoryPages(db, search, 1, 10)).searchTotal).toEqual({
      total: SEARCH_TOTAL_CAP,
      capped: false,
    });
    await addPerjanjian(1, SEARCH_TOTAL_CAP);
    expect(await countListed(db, search)).toEqual({ total: SEARCH_TOTAL_CAP, capped: true });
    const history = await listHistoryPages(db, search, 2, 10);
    expect(history.searchTotal).toEqual({ total: SEARCH_TOTAL_CAP, capped: true });
    expect(history.data).toHaveLength(10);
    // The exact count and a list without a search are not capped.
    expect(await countDocuments(db, search)).toBe(SEARCH_TOTAL_CAP + 1);
    const all = await countListed(db, { visibility });
    expect(all.capped).toBe(false);
    expect(all.total).toBeGreaterThan(SEARCH_TOTAL_CAP);
    // Another company's user sees none of them.
    expect(
      await countListed(db, { ...search, visibility: { userId: ids.owner, companyId: null } }),
    ).toEqual({ total: 0, capped: false });
  });
});
