import {
  endpointPath,
  successStatusOf,
  type TEndpoint,
  type TEndpointBody,
  type TEndpointParams,
  type TEndpointQuery,
  type TEndpointResponse,
} from '@bubuh/contracts';
import {
  keepPreviousData,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, request, type TQuery } from './api-client';

type TParamsInput<E extends TEndpoint> = E['params'] extends z.ZodType
  ? { params: TEndpointParams<E> }
  : { params?: undefined };
type TQueryInput<E extends TEndpoint> = E['query'] extends z.ZodType
  ? { query?: TEndpointQuery<E> }
  : { query?: undefined };
type TBodyInput<E extends TEndpoint> = E['body'] extends z.ZodType
  ? { body: TEndpointBody<E> }
  : E['consumes'] extends readonly string[]
    ? { body: FormData }
    : { body?: undefined };

/** What a call of an entry needs: its path parameters, query and body, typed from the entry. */
export type TEndpointInput<E extends TEndpoint> = TParamsInput<E> &
  TQueryInput<E> &
  TBodyInput<E> & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /** Overrides the default (no bearer token for `public` entries). */
    anonymous?: boolean;
    /** Do not refresh on a 401 (logout). */
    skipAuthRefresh?: boolean;
  };

/** Status code of an answer that did not match the entry's response schema. */
export const BAD_RESPONSE = 'BAD_RESPONSE';

const successSchemaOf = (entry: TEndpoint): z.ZodType | undefined =>
  entry.response[successStatusOf(entry)];

const toQuery = (query: object | undefined): TQuery | undefined => {
  if (!query) return undefined;
  const out: TQuery = {};
  for (const [key, value] of Object.entries(query)) {
    if (
      value === null ||
      value === undefined ||
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    )
      out[key] = value;
  }
  return out;
};

/**
 * Calls one endpoint of the contracts table through the api client (bearer token, refresh,
 * error envelope) and parses the answer with the entry's success schema. An answer that does not
 * match is an `ApiError` with `errors.status` `BAD_RESPONSE` (shown as a generic error), never a
 * crash further down.
 */
export const callEndpoint = async <E extends TEndpoint>(
  entry: E,
  input: TEndpointInput<E>,
): Promise<TEndpointResponse<E>> => {
  const params: Record<string, unknown> | undefined = input.params ?? undefined;
  const answer = await request<unknown>(endpointPath(entry, params), {
    method: entry.method,
    query: toQuery(input.query ?? undefined),
    body: input.body,
    headers: input.headers,
    signal: input.signal,
    anonymous: input.anonymous ?? entry.access === 'public',
    skipAuthRefresh: input.skipAuthRefresh,
  });
  const schema = successSchemaOf(entry);
  if (!schema) return answer as TEndpointResponse<E>;
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({
      status: successStatusOf(entry),
      message: `Unexpected answer from ${entry.method} ${entry.path}`,
      errors: { status: BAD_RESPONSE, issues: parsed.error.issues },
    });
  }
  // The schema is the entry's own success schema, so its output is the entry's response type.
  return parsed.data as TEndpointResponse<E>;
};

/**
 * Query key of an entry: its first tag (the invalidation scope, e.g. `['quota']`), then the call,
 * then the input. Invalidate a whole area with `endpointScope(entry)`.
 */
export const endpointKey = <E extends TEndpoint>(
  entry: E,
  input?: { params?: unknown; query?: unknown },
): QueryKey => [
  entry.tags[0],
  `${entry.method} ${entry.path}`,
  ...(input?.params !== undefined ? [input.params] : []),
  ...(input?.query !== undefined ? [input.query] : []),
];

export const endpointScope = (entry: TEndpoint): QueryKey => [entry.tags[0]];

type TQueryOptions<E extends TEndpoint, TData> = Omit<
  UseQueryOptions<TEndpointResponse<E>, Error, TData>,
  'queryKey' | 'queryFn'
>;

/** TanStack query of a GET entry, keyed by `endpointKey`. */
export const useEndpointQuery = <E extends TEndpoint, TData = TEndpointResponse<E>>(
  entry: E,
  input: TEndpointInput<E>,
  options: TQueryOptions<E, TData> = {},
) =>
  useQuery({
    queryKey: endpointKey(entry, input),
    queryFn: ({ signal }) => callEndpoint(entry, { ...input, signal }),
    ...options,
  });

/**
 * TanStack mutation of an entry: the variables are the entry's input; on success every query of
 * the `invalidates` scopes (first tags, e.g. `['departements', 'quota']`) is refetched.
 */
export const useEndpointMutation = <E extends TEndpoint>(
  entry: E,
  {
    invalidates = [entry.tags[0]],
    ...options
  }: Omit<
    UseMutationOptions<TEndpointResponse<E>, Error, TEndpointInput<E>>,
    'mutationFn' | 'onSuccess'
  > & { invalidates?: readonly string[] } = {},
) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TEndpointInput<E>) => callEndpoint(entry, input),
    onSuccess: () =>
      Promise.all(invalidates.map((scope) => client.invalidateQueries({ queryKey: [scope] }))),
    ...options,
  });
};

/** The `data` of an entry's answer (the envelope `{ data }` of most reads). */
type TDataOf<E extends TEndpoint> = TEndpointResponse<E> extends { data: infer D } ? D : never;

const dataOf = <T extends { data: unknown }>(body: T): T['data'] => body.data;

/**
 * One page of a server-sorted list (`{ data: { data, meta } }`): the answer's `data`, and the
 * previous page kept on screen while the next one loads.
 */
export const useListQuery = <E extends TEndpoint>(entry: E, input: TEndpointInput<E>) =>
  useEndpointQuery<E, TDataOf<E>>(entry, input, {
    // The entries given here answer `{ data }` (checked by `TDataOf` at the call site's use).
    select: (body) => dataOf(body as { data: TDataOf<E> }),
    placeholderData: keepPreviousData,
  });

/**
 * A mutation that, once it succeeded, refetches every query under the given keys (a feature's
 * scope and the scopes whose figures it changes, e.g. departments and the quota balances).
 */
export const useInvalidatingMutation = <TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  invalidates: readonly QueryKey[],
) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(invalidates.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
};
