import { MASTER_STATUS_ENDPOINTS, type TMasterStatus } from '@bubuh/contracts';
import { callEndpoint, endpointScope, useInvalidatingMutation } from '@/lib/endpoint';
import { useWholeList } from '@/lib/record-hooks';

export type { TMasterStatus };

/**
 * The same cache entry the quota screens read their configuration from (same endpoint, same
 * answer), so an edit here refreshes the quota warning and the gauge too.
 */
export const MASTER_STATUS_KEY = endpointScope(MASTER_STATUS_ENDPOINTS.list);

export const useMasterStatuses = () => useWholeList(MASTER_STATUS_ENDPOINTS.list);

export const useUpdateMasterStatus = () =>
  useInvalidatingMutation(
    ({ id, status_name }: { id: number; status_name: string }) =>
      callEndpoint(MASTER_STATUS_ENDPOINTS.update, { params: { id }, body: { status_name } }),
    [MASTER_STATUS_KEY],
  );
