import { SUPPORT_CONTENT_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TArticlesService } from './articles.service.ts';

export const articlesRoutes: FastifyPluginAsyncZod<{ articles: TArticlesService }> = async (
  app,
  { articles },
) => {
  endpointRoute(app, E.faq, async ({ auth, query }) => ({
    message: 'OK',
    data: await articles.list(auth, 'faq', query),
  }));
  endpointRoute(app, E.articles, async ({ auth, query }) => ({
    message: 'OK',
    data: await articles.list(auth, 'article', query),
  }));
  endpointRoute(app, E.article, async ({ auth, params }) => ({
    message: 'OK',
    data: await articles.one(auth, params.id),
  }));
  endpointRoute(app, E.feedback, async ({ params, body }) => {
    await articles.feedback(params.id, body.helpful);
    return { message: 'Thank you for your feedback' };
  });
  endpointRoute(app, E.create, async ({ body }) => ({
    message: 'Saved',
    data: await articles.create(body),
  }));
  endpointRoute(app, E.update, async ({ params, body }) => ({
    message: 'Saved',
    data: await articles.update(params.id, body),
  }));
  endpointRoute(app, E.remove, async ({ params }) => {
    await articles.remove(params.id);
    return { message: 'Deleted' };
  });
};
