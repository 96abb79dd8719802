import type { TRole, TUserType } from '@bubuh/contracts';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TDb } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { clientOf, type TClient } from '../lib/client.ts';
import { prepareSessionLookup } from './sessions.repository.ts';

/** Who is calling: always read from the verified token and the database, never from the request. */
export type TAuth = {
  userId: number;
  sessionId: string;
  role: TRole;
  userType: TUserType;
  companyId: number | null;
  departementId: number | null;
  /** The user's language (en, id): texts made for them follow it. */
  language: 'en' | 'id';
  /** Where this request came from (the audit trail records it with what the user did). */
  client?: TClient;
};

/** `doc` marks a short-lived link token that opens one document's unsigned file. */
export type TAccessClaims = { sub: string; sid: string; doc?: number };

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyRequest {
    auth: TAuth | null;
  }
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Resolves a link token (see TAccessClaims.doc) to its caller, for links opened without a header. */
    authFromLinkToken: (token: string, documentId: number) => Promise<TAuth>;
  }
}

declare module '@fastify/jwt' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyJWT {
    payload: TAccessClaims;
    user: TAccessClaims;
  }
}

export type TAuthPluginOptions = { db: TDb; secret: string; accessTokenTtlSeconds: number };

const unauthenticated = () =>
  new AppError('UNAUTHENTICATED', 'Your session has ended, please sign in again');

/**
 * Bearer JWT access tokens. `authenticate` verifies the token, then checks that its session is
 * not revoked and the user still exists, and puts the caller's role and scope on request.auth.
 */
export const authPlugin = fp<TAuthPluginOptions>(async (app: FastifyInstance, options) => {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { expiresIn: options.accessTokenTtlSeconds, algorithm: 'HS256' },
    // Verified tokens kept (LRU of 1,000, keyed by a hash of the token, never past their `exp`):
    // a signed-in client sends the same token on every call until it is refreshed. Revocation
    // is not affected: every request still checks its session (below).
    verify: { algorithms: ['HS256'], cache: true },
  });
  app.decorateRequest('auth', null);

  const sessionOf = prepareSessionLookup(options.db);

  const resolve = async (claims: TAccessClaims): Promise<TAuth> => {
    const userId = Number(claims.sub);
    if (!Number.isInteger(userId)) throw unauthenticated();
    const [row] = await sessionOf.execute({ sid: claims.sid, userId });
    if (!row) throw unauthenticated();
    return { userId, sessionId: claims.sid, ...row };
  };

  app.decorate('authenticate', async (request: FastifyRequest) => {
    let claims: TAccessClaims;
    try {
      claims = await request.jwtVerify<TAccessClaims>();
    } catch {
      throw unauthenticated();
    }
    // Link tokens open one file and nothing else.
    if (claims.doc !== undefined) throw unauthenticated();
    request.auth = { ...(await resolve(claims)), client: clientOf(request) };
  });

  app.decorate('authFromLinkToken', async (token: string, documentId: number) => {
    let claims: TAccessClaims;
    try {
      claims = app.jwt.verify<TAccessClaims>(token);
    } catch {
      throw unauthenticated();
    }
    if (claims.doc !== documentId) throw unauthenticated();
    return resolve(claims);
  });
});

/** The caller of an authenticated route (after `app.authenticate`). */
export const requireAuth = (request: FastifyRequest): TAuth => {
  if (!request.auth) throw unauthenticated();
  return request.auth;
};
