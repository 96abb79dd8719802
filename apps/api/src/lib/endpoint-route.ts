import {
  successStatusOf,
  type TEndpoint,
  type TEndpointAccess,
  type TEndpointReply,
} from '@bubuh/contracts';
import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAuth, type TAuth } from '../plugins/auth.ts';
import { requireCompanyAdmin, requireQuotaAdmin } from './access.ts';
import { AppError } from './app-error.ts';
import { fastSerializerCompiler } from './fast-serializer.ts';

/** The app a module plugin receives (Fastify with the zod type provider). */
export type TZodApp = Parameters<FastifyPluginAsyncZod>[0];

type TOutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a module's handler gets: the parsed request parts and the caller (per `access`). */
export type TEndpointContext<E extends TEndpoint> = {
  params: TOutputOf<E['params']>;
  query: TOutputOf<E['query']>;
  body: TOutputOf<E['body']>;
  auth: E['access'] extends 'public' ? TAuth | null : TAuth;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * The only part a module writes: answer with the success body (sent with the entry's success
 * status), or send through `reply` itself (another status, files) and return the reply.
 */
export type TEndpointHandler<E extends TEndpoint> = (
  context: TEndpointContext<E>,
) => Promise<TEndpointReply<E> | FastifyReply>;

const security = [{ bearerAuth: [] }];

/**
 * The most a public route's JSON body may hold (bytes): nobody signed in sends it, and no login,
 * registration or gateway notification comes near it; a larger body is a 413 before it is read
 * whole. Signed-in routes keep BODY_LIMIT_BYTES, uploads (multipart) their own limits.
 */
export const PUBLIC_BODY_LIMIT_BYTES = 64 * 1024;

/** The role check of `access`, after authentication and validation (as the services did). */
const accessCheck = (access: Exclude<TEndpointAccess, 'public'>): preHandlerAsyncHookHandler => {
  return async (request) => {
    const auth = requireAuth(request);
    if (access === 'signed-in') return;
    if (access === 'company-admin') requireCompanyAdmin(auth);
    else if (access === 'quota-admin') requireQuotaAdmin(auth);
    else if (!access.includes(auth.role)) throw AppError.forbidden();
  };
};

/**
 * Registers the route of one endpoint-table entry (`@bubuh/contracts`): method, path, schemas
 * (params, querystring, body, headers, response, OpenAPI tags and security), authentication and
 * the role check of `access` all come from the entry; the module supplies only the handler.
 * A public entry's JSON body is capped at `PUBLIC_BODY_LIMIT_BYTES`.
 * `config` carries per-route plugin settings (rate limits); `fastSerializer` writes the answer
 * with fast-json-stringify (lib/fast-serializer.ts) instead of zod, for the busiest reads.
 */
export const endpointRoute = <E extends TEndpoint>(
  app: TZodApp,
  entry: E,
  handler: TEndpointHandler<E>,
  options: { config?: FastifyContextConfig; fastSerializer?: boolean } = {},
): void => {
  const status = successStatusOf(entry);
  const isPublic = entry.access === 'public';
  const bodyLimit =
    isPublic && entry.body && !entry.consumes
      ? Math.min(PUBLIC_BODY_LIMIT_BYTES, app.initialConfig.bodyLimit ?? PUBLIC_BODY_LIMIT_BYTES)
      : undefined;
  const responses = Object.keys(entry.response).length > 0 ? entry.response : undefined;
  const handle: RouteHandlerMethod = async (request, reply) => {
    const auth = isPublic ? request.auth : requireAuth(request);
    if (status !== 200) reply.status(status);
    return handler({
      params: request.params,
      query: request.query,
      body: request.body,
      auth,
      request,
      reply,
    } as TEndpointContext<E>);
  };
  app.route({
    method: entry.method,
    url: entry.path,
    ...(options.config ? { config: options.config } : {}),
    ...(bodyLimit !== undefined ? { bodyLimit } : {}),
    ...(options.fastSerializer ? { serializerCompiler: fastSerializerCompiler } : {}),
    ...(entry.access === 'public'
      ? {}
      : { onRequest: [app.authenticate], preHandler: accessCheck(entry.access) }),
    schema: {
      tags: [...entry.tags],
      summary: entry.summary,
      ...(isPublic ? {} : { security }),
      ...(entry.hide ? { hide: true } : {}),
      ...(entry.consumes ? { consumes: [...entry.consumes] } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      ...(entry.headers ? { headers: entry.headers } : {}),
      ...(responses ? { response: responses } : {}),
    },
    handler: handle,
  });
};

/** The `data` of an entry's success answer `{ message, data }`. */
type TDataOf<E extends TEndpoint> =
  TEndpointReply<E> extends infer R ? (R extends { data: infer D } ? D : never) : never;

/**
 * `endpointRoute` for the common answer `{ message, data }`: the module gives the message and
 * `work`, which returns the data.
 */
export const dataRoute = <E extends TEndpoint>(
  app: TZodApp,
  entry: E,
  message: string,
  work: (context: TEndpointContext<E>) => Promise<TDataOf<E>>,
  options: { config?: FastifyContextConfig; fastSerializer?: boolean } = {},
): void =>
  endpointRoute(
    app,
    entry,
    async (context) => ({ message, data: await work(context) }) as TEndpointReply<E>,
    options,
  );
