import type { TArticleKind, TArticleQuery, TArticleWrite } from '@bubuh/contracts';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf, insertOne, updateById } from '../../db/query.ts';
import { supportArticles } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

export type TArticleRow = typeof supportArticles.$inferSelect;
export type TSeedArticle = Omit<TArticleWrite, 'published'> & { slug: string };

/** SQL of the FAQ and knowledge base (platform content: no company scope). */

export const list = (
  db: TDbOrTx,
  kind: TArticleKind,
  query: TArticleQuery,
  withDrafts: boolean,
) => {
  const words = (query.search ?? '')
    .replace(/[%_]/g, '')
    .split(/\s+/)
    .filter((w) => w.length > 1)
    .slice(0, 8);
  return db
    .select()
    .from(supportArticles)
    .where(
      and(
        eq(supportArticles.kind, kind),
        eq(supportArticles.language, query.language),
        withDrafts ? undefined : eq(supportArticles.published, true),
        query.topic ? eq(supportArticles.topic, query.topic) : undefined,
        ...words.map((w) =>
          or(ilike(supportArticles.title, `%${w}%`), ilike(supportArticles.body, `%${w}%`)),
        ),
      ),
    )
    .orderBy(asc(supportArticles.topic), asc(supportArticles.id));
};

export const find = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(supportArticles).where(eq(supportArticles.id, id)));

export const insert = (db: TDbOrTx, values: TArticleWrite) =>
  insertOne(db, supportArticles, values);

export const update = (db: TDbOrTx, id: number, values: TArticleWrite) =>
  updateById(db, supportArticles, id, values);

export const remove = async (db: TDbOrTx, id: number) => {
  const rows = await db
    .delete(supportArticles)
    .where(eq(supportArticles.id, id))
    .returning({ id: supportArticles.id });
  return rows.length > 0;
};

export const feedback = async (db: TDbOrTx, id: number, helpful: boolean) => {
  const rows = await db
    .update(supportArticles)
    .set(
      helpful
        ? { helpfulYes: sql`${supportArticles.helpfulYes} + 1` }
        : { helpfulNo: sql`${supportArticles.helpfulNo} + 1` },
    )
    .where(and(eq(supportArticles.id, id), eq(supportArticles.published, true)))
    .returning({ id: supportArticles.id });
  return rows.length > 0;
};

/** Adds the starting content once: rows are keyed by slug, an existing one is left as is. */
export const seed = async (db: TDbOrTx, rows: (TSeedArticle & { kind: TArticleKind })[]) => {
  if (rows.length === 0) return;
  await db
    .insert(supportArticles)
    .values(rows.map((r) => ({ ...r, published: true })))
    .onConflictDoNothing();
};
