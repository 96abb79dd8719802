import {
  DEPARTEMENT_ENDPOINTS,
  QUOTA_ENDPOINTS,
  type TDepartementSortKey,
  type TEndpointResponse,
} from '@bubuh/contracts';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointScope, useEndpointQuery } from '@/lib/endpoint';
import type { TListQuery } from '@/lib/use-list-state';

export type TDepartementOption = TEndpointResponse<
  typeof DEPARTEMENT_ENDPOINTS.options
>['data'][number];

/** Everything that shows department data refetches under this key (lists, options, balances). */
export const DEPARTEMENTS_KEY = endpointScope(DEPARTEMENT_ENDPOINTS.list);

/** One page of the department list; the sort is part of the key (the server sorts). */
export const useDepartements = (query: TListQuery<TDepartementSortKey>) =>
  useEndpointQuery(
    DEPARTEMENT_ENDPOINTS.list,
    { query },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );

/** The department select of the user form and the quota transfer (GET /users/get/by/{company}). */
export const useDepartementOptions = (companyId: number | null) =>
  useEndpointQuery(
    DEPARTEMENT_ENDPOINTS.options,
    { params: { company_id: companyId ?? 0 } },
    { select: (body) => body.data, enabled: companyId !== null },
  );

const useInvalidate = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: DEPARTEMENTS_KEY }),
      client.invalidateQueries({ queryKey: endpointScope(QUOTA_ENDPOINTS.company) }),
    ]);
};

export const useSaveDepartement = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id === undefined
        ? callEndpoint(DEPARTEMENT_ENDPOINTS.create, { body: { name } })
        : callEndpoint(DEPARTEMENT_ENDPOINTS.update, { params: { id }, body: { name } }),
    onSuccess: () => invalidate(),
  });
};

export const useDeleteDepartement = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(DEPARTEMENT_ENDPOINTS.remove, { params: { id } }),
    onSuccess: () => invalidate(),
  });
};
