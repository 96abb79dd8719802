import { PLAN_ENDPOINTS, type TPlanUpdate } from '@bubuh/contracts';
import { callEndpoint, endpointScope, useInvalidatingMutation } from '@/lib/endpoint';
import { useWholeList } from '@/lib/record-hooks';

/** The catalogue and the subscriptions; every screen that shows plans refetches under this key. */
export const PLANS_KEY = endpointScope(PLAN_ENDPOINTS.list);

export const usePlans = () => useWholeList(PLAN_ENDPOINTS.list);

/**
 * PATCH /api/v1/plans/{id}: any subset of the plan's fields (super). The plan figures also shape
 * the subscription-driven menus and quota cards (same scope).
 */
export const useUpdatePlan = () =>
  useInvalidatingMutation(
    ({ id, patch }: { id: number; patch: TPlanUpdate }) =>
      callEndpoint(PLAN_ENDPOINTS.update, { params: { id }, body: patch }),
    [PLANS_KEY],
  );
