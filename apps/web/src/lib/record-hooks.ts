import type { TEndpoint, TEndpointBody, TEndpointQuery, TEndpointResponse } from '@bubuh/contracts';
import {
  callEndpoint,
  endpointScope,
  type TEndpointInput,
  useEndpointMutation,
  useEndpointQuery,
  useInvalidatingMutation,
  useListQuery,
} from './endpoint';

/** The `data` of an entry's answer (the envelope `{ data }` of a record). */
type TDataOf<E extends TEndpoint> = TEndpointResponse<E> extends { data: infer D } ? D : never;

/** The rows of a list answer (`{ data: { data: rows } }`). */
type TRowsOf<E extends TEndpoint> = TDataOf<E> extends { data: infer R } ? R : never;

/**
 * The input of `entry`: a query, `{ id }` path parameters, a body. TypeScript cannot check an
 * entry's input while the entry is a type parameter; the caller's entries fix the shapes.
 */
const inputOf = <E extends TEndpoint>(_entry: E, input: object) => input as TEndpointInput<E>;

/** A short list loaded whole by an entry without input (`{ data: { data } }`): its rows. */
export const useWholeList = <E extends TEndpoint>(entry: E) =>
  useEndpointQuery<E, TRowsOf<E>>(entry, inputOf(entry, {}), {
    // The entries given here answer `{ data: { data } }` (`TRowsOf`).
    select: (body) => (body as { data: { data: TRowsOf<E> } }).data.data,
  });

/**
 * The entries of a kind of record kept by id: a server-paged `list`, `get` one, `create`,
 * `update` and `remove` (e.g. `TEMPLATE_ENDPOINTS`, `BULK_TEMPLATE_ENDPOINTS`).
 */
type TRecordEntries<L, G, C, U, R> = { list: L; get: G; create: C; update: U; remove: R };

/**
 * The query and mutation hooks of a kind of record, typed from its entries (every answer parsed
 * by the entry's schema through `callEndpoint`):
 * - `useList(query)`: one page of the list (`useListQuery`);
 * - `useOne(id)`: the record's `data`, while `id` is a positive number;
 * - `useSave()`: `{ id, input }` creates the record when `id` is null, updates it otherwise, and
 *   refetches the list's scope;
 * - `useRemove()`: deletes one (`{ params: { id } }`), refetching the same scope.
 */
export const recordHooks = <
  L extends TEndpoint,
  G extends TEndpoint,
  C extends TEndpoint,
  U extends TEndpoint,
  R extends TEndpoint,
>(
  entries: TRecordEntries<L, G, C, U, R>,
) => {
  const { list, get, create, update, remove } = entries;
  // The create body is the update body too.
  const save = ({
    id,
    input,
  }: {
    id: number | null;
    input: TEndpointBody<C>;
  }): Promise<TEndpointResponse<C> | TEndpointResponse<U>> =>
    id === null
      ? callEndpoint(create, inputOf(create, { body: input }))
      : callEndpoint(update, inputOf(update, { params: { id }, body: input }));
  return {
    useList: (query: TEndpointQuery<L>) => useListQuery(list, inputOf(list, { query })),
    useOne: (id: number | null) =>
      useEndpointQuery<G, TDataOf<G>>(get, inputOf(get, { params: { id: id ?? 0 } }), {
        // The entries given here answer `{ data }` (`TDataOf`).
        select: (body) => (body as { data: TDataOf<G> }).data,
        enabled: id !== null && id > 0,
      }),
    useSave: () => useInvalidatingMutation(save, [endpointScope(list)]),
    useRemove: () => useEndpointMutation(remove),
  };
};
