import type { TArticleKind, TArticleQuery, TArticleWrite } from '@bubuh/contracts';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { firstOf, insertOne, updateById } from '../../db/query.ts';
import { supportArticles } from '../../db/schema.ts';

export type TArticleRow = typeof supportArticles.$inferSelect;
export type TSeedArticle = Omit<TArticleWrite, 'published'> & { slug: string };

/** SQL of the FAQ and knowledge base (platform content: no company scope). */
export const createArticlesRepository = (db: TDb) => ({
  list: (kind: TArticleKind, query: TArticleQuery, withDrafts: boolean) => {
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
  },

  find: (id: number) =>
    firstOf(db.select().from(supportArticles).where(eq(supportArticles.id, id))),

  insert: (values: TArticleWrite) => insertOne(db, supportArticles, values),

  update: (id: number, values: TArticleWrite) => updateById(db, supportArticles, id, values),

  remove: async (id: number) => {
    const rows = await db
      .delete(supportArticles)
      .where(eq(supportArticles.id, id))
      .returning({ id: supportArticles.id });
    return rows.length > 0;
  },

  feedback: async (id: number, helpful: boolean) => {
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
  },

  /** Adds the starting content once: rows are keyed by slug, an existing one is left as is. */
  seed: async (rows: (TSeedArticle & { kind: TArticleKind })[]) => {
    if (rows.length === 0) return;
    await db
      .insert(supportArticles)
      .values(rows.map((r) => ({ ...r, published: true })))
      .onConflictDoNothing();
  },
});
