import type { z } from 'zod';
import type { TRole } from './roles.ts';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint, decided in one place by the API's `endpointRoute`:
 * - `public`: no token needed;
 * - `signed-in`: any signed-in user (the service then scopes by the session's company);
 * - `company-admin`: admin or admin-company of a company, and super for its own platform company
 *   (`requireCompanyAdmin`);
 * - `quota-admin`: admin or admin-company of a company that holds quota (`requireQuotaAdmin`);
 * - a list of roles: only those roles (e.g. `['super']`).
 */
export type TEndpointAccess =
  | 'public'
  | 'signed-in'
  | 'company-admin'
  | 'quota-admin'
  | readonly [TRole, ...TRole[]];

/**
 * One call of the API (spec §7): the single description the API registers its route from and the
 * web calls it with. Paths are Fastify style (`/api/v1/departement/:id`). `response` maps HTTP
 * status to the answer's schema; the lowest 2xx status is the success status.
 */
export type TEndpoint = {
  method: THttpMethod;
  path: string;
  summary: string;
  /** OpenAPI tags; the first is also the web's query-key scope (invalidate by `[tag]`). */
  tags: readonly [string, ...string[]];
  access: TEndpointAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** Multipart uploads: the body is a FormData the handler reads itself. */
  consumes?: readonly string[];
  /** Left out of the OpenAPI document (development routes). */
  hide?: boolean;
  /** Not JSON (files, HTML): the web fetches it raw, the API sends it as it is. */
  raw?: boolean;
  response: { readonly [status: number]: z.ZodType };
};

/** Declares an entry, keeping its literal types (method, path, schemas) for both sides. */
export const endpoint = <const E extends TEndpoint>(entry: E): E => entry;

/**
 * The `endpoint` of a group whose entries share one tag and one `access`: it fills both in, so
 * an entry (or a helper for several alike) states only what differs.
 */
export const endpointsOf =
  <const T extends string, const A extends TEndpointAccess>(tag: T, access: A) =>
  <const E extends Omit<TEndpoint, 'tags' | 'access'>>(
    entry: E,
  ): E & { tags: readonly [T]; access: A } => ({ ...entry, tags: [tag], access });

type TSuccessStatus = 200 | 201 | 202 | 204;

/** The schema of the success answer (the lowest 2xx status of `response`). */
export type TEndpointSuccessSchema<E extends TEndpoint> = E extends TEndpoint
  ? {
      [S in keyof E['response']]: S extends TSuccessStatus ? E['response'][S] : never;
    }[keyof E['response']]
  : never;

/** What the web receives on success (parsed). */
export type TEndpointResponse<E extends TEndpoint> =
  TEndpointSuccessSchema<E> extends z.ZodType ? z.output<TEndpointSuccessSchema<E>> : undefined;

/** What a handler may answer with, across every status of `response`. */
export type TEndpointReply<E extends TEndpoint> = {
  [S in keyof E['response']]: E['response'][S] extends z.ZodType
    ? z.input<E['response'][S]>
    : never;
}[keyof E['response']];

type TOutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type TInputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** Path parameters as the server reads them (after coercion). */
export type TEndpointParams<E extends TEndpoint> = TOutputOf<E['params']>;
/** Query values as the server reads them; all optional on the wire (defaults apply). */
export type TEndpointQuery<E extends TEndpoint> = E['query'] extends z.ZodType
  ? Partial<z.output<E['query']>>
  : undefined;
/** The JSON body a client sends. */
export type TEndpointBody<E extends TEndpoint> = TInputOf<E['body']>;

export const successStatusOf = (entry: TEndpoint): number => {
  const statuses = Object.keys(entry.response)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b);
  return statuses[0] ?? 200;
};

/** The entry's path with its `:name` parameters filled in (URL-encoded). */
export const endpointPath = (entry: TEndpoint, params?: Record<string, unknown>): string =>
  entry.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
