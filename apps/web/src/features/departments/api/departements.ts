import type { TDepartement, TDepartementSortKey, TPageMeta } from '@bubuh/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TListQuery } from '@/lib/use-list-state';

export const DEPARTEMENT_ENDPOINT = '/api/v1/departement';

type TPagedDepartements = { message: string; data: { data: TDepartement[]; meta: TPageMeta } };
type TDepartementAnswer = { message: string; data: TDepartement };
export type TDepartementOption = { departement_id: number; name: string };

/** Everything that shows department data refetches under this key (lists, options, balances). */
export const DEPARTEMENTS_KEY = ['departements'] as const;

/** One page of the department list; the sort is part of the key (the server sorts). */
export const useDepartements = (query: TListQuery<TDepartementSortKey>) =>
  useQuery({
    queryKey: [...DEPARTEMENTS_KEY, 'list', query],
    queryFn: ({ signal }) => api.get<TPagedDepartements>(DEPARTEMENT_ENDPOINT, { query, signal }),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });

/** The department select of the user form and the quota transfer (GET /users/get/by/{company}). */
export const useDepartementOptions = (companyId: number | null) =>
  useQuery({
    queryKey: [...DEPARTEMENTS_KEY, 'options', companyId],
    queryFn: ({ signal }) =>
      api.get<{ message: string; data: TDepartementOption[] }>(
        `/api/v1/users/get/by/${companyId}`,
        { signal },
      ),
    select: (body) => body.data,
    enabled: companyId !== null,
  });

const useInvalidate = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: DEPARTEMENTS_KEY }),
      client.invalidateQueries({ queryKey: ['quota'] }),
    ]);
};

export const useSaveDepartement = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id === undefined
        ? api.post<TDepartementAnswer>(DEPARTEMENT_ENDPOINT, { name })
        : api.patch<TDepartementAnswer>(`${DEPARTEMENT_ENDPOINT}/${id}`, { name }),
    onSuccess: () => invalidate(),
  });
};

export const useDeleteDepartement = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${DEPARTEMENT_ENDPOINT}/${id}`),
    onSuccess: () => invalidate(),
  });
};
