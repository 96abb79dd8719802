import type { ZMasterStatus } from '@bubuh/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TMasterStatus = ReturnType<typeof ZMasterStatus.parse>;

/**
 * The same cache entry the quota screens read their configuration from (same endpoint, same
 * answer), so an edit here refreshes the quota warning and the gauge too.
 */
export const MASTER_STATUS_KEY = ['master-status'] as const;

type TEnvelope<T> = { message: string; data: T };

export const useMasterStatuses = () =>
  useQuery({
    queryKey: MASTER_STATUS_KEY,
    queryFn: ({ signal }) =>
      api.get<TEnvelope<{ data: TMasterStatus[] }>>('/api/master-status/master-status-list', {
        signal,
      }),
    select: (body) => body.data.data,
  });

export const useUpdateMasterStatus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status_name }: { id: number; status_name: string }) =>
      api.patch<TEnvelope<TMasterStatus>>(`/api/master-status/${id}`, { status_name }),
    onSuccess: () => client.invalidateQueries({ queryKey: MASTER_STATUS_KEY }),
  });
};
