import type { TArticle, TArticleKind, TArticleQuery, TArticleWrite } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { renderMarkdown } from './article-markdown.ts';
import * as repo from './articles.repository.ts';
import { STARTING_CONTENT } from './starting-content.ts';

const toWire = (row: repo.TArticleRow): TArticle => ({
  id: row.id,
  kind: row.kind,
  language: row.language,
  topic: row.topic,
  title: row.title,
  body: row.body,
  body_html: renderMarkdown(row.body),
  published: row.published,
  helpful_yes: row.helpfulYes,
  helpful_no: row.helpfulNo,
  updated_at: row.updatedAt.toISOString(),
});

/** FAQ and knowledge base: everyone reads what is published; super also sees and edits drafts. */
export const createArticlesService = (deps: { db: TDb }) => {
  const { db } = deps;
  const isSuper = (auth: TAuth) => auth.role === 'super';
  return {
    list: async (auth: TAuth, kind: TArticleKind, query: TArticleQuery) =>
      (await repo.list(db, kind, query, isSuper(auth))).map(toWire),

    one: async (auth: TAuth, id: number) => {
      const row = await repo.find(db, id);
      if (!row || (!row.published && !isSuper(auth))) throw AppError.notFound('Article');
      return toWire(row);
    },

    create: async (body: TArticleWrite) => {
      return toWire(await repo.insert(db, body));
    },

    update: async (id: number, body: TArticleWrite) => {
      const row = await repo.update(db, id, body);
      if (!row) throw AppError.notFound('Article');
      return toWire(row);
    },

    remove: async (id: number) => {
      if (!(await repo.remove(db, id))) throw AppError.notFound('Article');
    },

    feedback: async (id: number, helpful: boolean) => {
      if (!(await repo.feedback(db, id, helpful))) throw AppError.notFound('Article');
    },

    /** The starting FAQ and articles (idempotent; edits and deletions by super are kept). */
    seed: () => repo.seed(db, STARTING_CONTENT),
  };
};

export type TArticlesService = ReturnType<typeof createArticlesService>;
