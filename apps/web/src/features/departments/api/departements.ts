import {
  DEPARTEMENT_ENDPOINTS,
  QUOTA_ENDPOINTS,
  type TDepartementSortKey,
  type TEndpointResponse,
} from '@bubuh/contracts';
import {
  callEndpoint,
  endpointScope,
  useEndpointQuery,
  useInvalidatingMutation,
  useListQuery,
} from '@/lib/endpoint';
import type { TListQuery } from '@/lib/use-list-state';

export type TDepartementOption = TEndpointResponse<
  typeof DEPARTEMENT_ENDPOINTS.options
>['data'][number];

/** Everything that shows department data refetches under this key (lists, options, balances). */
export const DEPARTEMENTS_KEY = endpointScope(DEPARTEMENT_ENDPOINTS.list);

/** One page of the department list; the sort is part of the key (the server sorts). */
export const useDepartements = (query: TListQuery<TDepartementSortKey>) =>
  useListQuery(DEPARTEMENT_ENDPOINTS.list, { query });

/** The department select of the user form and the quota transfer (GET /users/get/by/{company}). */
export const useDepartementOptions = (companyId: number | null) =>
  useEndpointQuery(
    DEPARTEMENT_ENDPOINTS.options,
    { params: { company_id: companyId ?? 0 } },
    { select: (body) => body.data, enabled: companyId !== null },
  );

/** A department's users and balances show on the quota screens too. */
const INVALIDATES = [DEPARTEMENTS_KEY, endpointScope(QUOTA_ENDPOINTS.company)];

export const useSaveDepartement = () =>
  useInvalidatingMutation(
    ({ id, name }: { id?: number; name: string }) =>
      id === undefined
        ? callEndpoint(DEPARTEMENT_ENDPOINTS.create, { body: { name } })
        : callEndpoint(DEPARTEMENT_ENDPOINTS.update, { params: { id }, body: { name } }),
    INVALIDATES,
  );

export const useDeleteDepartement = () =>
  useInvalidatingMutation(
    (id: number) => callEndpoint(DEPARTEMENT_ENDPOINTS.remove, { params: { id } }),
    INVALIDATES,
  );
