import { SUPPORT_CONTENT_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import type { TArticlesService } from './articles.service.ts';

export const articlesRoutes: FastifyPluginAsyncZod<{ articles: TArticlesService }> = async (
  app,
  { articles },
) => {
  dataRoute(app, E.faq, 'OK', ({ auth, query }) => articles.list(auth, 'faq', query));
  dataRoute(app, E.articles, 'OK', ({ auth, query }) => articles.list(auth, 'article', query));
  dataRoute(app, E.article, 'OK', ({ auth, params }) => articles.one(auth, params.id));
  endpointRoute(app, E.feedback, async ({ params, body }) => {
    await articles.feedback(params.id, body.helpful);
    return { message: 'Thank you for your feedback' };
  });
  dataRoute(app, E.create, 'Saved', ({ body }) => articles.create(body));
  dataRoute(app, E.update, 'Saved', ({ params, body }) => articles.update(params.id, body));
  endpointRoute(app, E.remove, async ({ params }) => {
    await articles.remove(params.id);
    return { message: 'Deleted' };
  });
};
