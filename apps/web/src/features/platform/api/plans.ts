import type { TPlan, TPlanUpdate } from '@bubuh/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const PLANS_ENDPOINT = '/api/v1/plans';

/** The catalogue list; every screen that shows plans refetches under this key. */
export const PLANS_KEY = ['plans'] as const;

type TEnvelope<T> = { message: string; data: T };

export const usePlans = () =>
  useQuery({
    queryKey: PLANS_KEY,
    queryFn: ({ signal }) => api.get<TEnvelope<{ data: TPlan[] }>>(PLANS_ENDPOINT, { signal }),
    select: (body) => body.data.data,
  });

export const useUpdatePlan = () => {
  const client = useQueryClient();
  return useMutation({
    /** PATCH /api/v1/plans/{id}: any subset of the plan's fields (super). */
    mutationFn: ({ id, patch }: { id: number; patch: TPlanUpdate }) =>
      api.patch<TEnvelope<TPlan>>(`${PLANS_ENDPOINT}/${id}`, patch),
    // The plan figures also shape the subscription-driven menus and quota cards.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: PLANS_KEY }),
        client.invalidateQueries({ queryKey: ['subscription'] }),
      ]),
  });
};
