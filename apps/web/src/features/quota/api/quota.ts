import {
  DEPARTEMENT_ENDPOINTS,
  MASTER_STATUS_ENDPOINTS,
  PLAN_ENDPOINTS,
  QUOTA_ENDPOINTS,
  type TEndpointResponse,
  type TQuotaHistorySortKey,
  type TQuotaType,
  USER_ENDPOINTS,
} from '@bubuh/contracts';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointScope, useEndpointQuery } from '@/lib/endpoint';
import type { TListQuery } from '@/lib/use-list-state';
import { parseQuotaConfig, quotaEndpointFor, type TQuotaUser } from '../utils/quota-rules';

/** Every balance, history and chart lives under this key; a transfer refetches all of it. */
export const QUOTA_KEY = endpointScope(QUOTA_ENDPOINTS.company);

const SCOPE_ENTRIES = {
  'quota-company': QUOTA_ENDPOINTS.company,
  'quota-departement': QUOTA_ENDPOINTS.departement,
  'quota-user': QUOTA_ENDPOINTS.user,
} as const;

export const useQuota = (user: TQuotaUser | null | undefined, enabled = true) =>
  useEndpointQuery(
    SCOPE_ENTRIES[user ? quotaEndpointFor(user) : 'quota-user'],
    {},
    { select: (body) => body.data, enabled: enabled && Boolean(user) },
  );

export type TQuotaChart = TEndpointResponse<typeof QUOTA_ENDPOINTS.chart>['data'];

export const useQuotaChart = (enabled = true) =>
  useEndpointQuery(QUOTA_ENDPOINTS.chart, {}, { select: (body) => body.data, enabled });

export type TQuotaHistoryItem = TEndpointResponse<
  typeof QUOTA_ENDPOINTS.history
>['data']['data'][number];

export const useQuotaHistory = (query: TListQuery<TQuotaHistorySortKey>) =>
  useEndpointQuery(
    QUOTA_ENDPOINTS.history,
    {
      query: { page: query.page, perPage: query.perPage, sort: query.sort, order: query.order },
    },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );

export type TStock = { emeterai: number; esign: number };

export const useCompanyStock = (enabled = true) =>
  useEndpointQuery(
    QUOTA_ENDPOINTS.companyStock,
    {},
    {
      select: (body): TStock => ({
        emeterai: body.data.totalCompanyStock,
        esign: body.data.esignStock,
      }),
      enabled,
    },
  );

export const useDepartementStock = (departementId: number | null) =>
  useEndpointQuery(
    QUOTA_ENDPOINTS.departementStock,
    { params: { departement_id: departementId ?? 0 } },
    {
      select: (body): TStock => ({
        emeterai: body.data.departementTotalStock,
        esign: body.data.esignStock,
      }),
      enabled: departementId !== null,
    },
  );

export type TQuotaMove = {
  action: 'transfer' | 'return';
  departement_id: number;
  quota: number;
  type: TQuotaType;
  /** Per submit; a repeated submit with the same key is applied once by the server. */
  idempotencyKey: string;
};

const MOVE_ENTRIES = { transfer: QUOTA_ENDPOINTS.transfer, return: QUOTA_ENDPOINTS.giveBack };

/** Transfer (company → department) or return (department → company), spec §4 and §7. */
export const useMoveQuota = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, idempotencyKey, ...body }: TQuotaMove) =>
      callEndpoint(MOVE_ENTRIES[action], {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: QUOTA_KEY }),
        client.invalidateQueries({ queryKey: endpointScope(DEPARTEMENT_ENDPOINTS.list) }),
      ]),
  });
};

// --- plan and configuration ---------------------------------------------------------------

export const useSubscription = (userId: number | null | undefined) =>
  useEndpointQuery(
    PLAN_ENDPOINTS.subscription,
    { params: { userId: userId ?? 0 } },
    { select: (body) => body.data, enabled: typeof userId === 'number', staleTime: 5 * 60_000 },
  );

export const useQuotaConfig = () =>
  useEndpointQuery(
    MASTER_STATUS_ENDPOINTS.list,
    {},
    { select: (body) => parseQuotaConfig(body.data.data), staleTime: 5 * 60_000 },
  );

/** used / limit of the child users (the same cache entry as the child-user list). */
export const useChildUserUsage = (enabled: boolean) =>
  useEndpointQuery(
    USER_ENDPOINTS.children,
    {},
    {
      select: (body) => ({ used: body.data.used, limit: body.data.limit }),
      enabled,
      retry: false,
    },
  );
