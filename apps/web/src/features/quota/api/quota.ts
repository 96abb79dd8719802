import type {
  TPageMeta,
  TQuota,
  TQuotaHistorySortKey,
  TQuotaType,
  TSubscription,
} from '@bubuh/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TListQuery } from '@/lib/use-list-state';
import { parseQuotaConfig, quotaEndpointFor, type TQuotaUser } from '../utils/quota-rules';

/** Every balance, history and chart lives under this key; a transfer refetches all of it. */
export const QUOTA_KEY = ['quota'] as const;

type TEnvelope<T> = { message: string; data: T };

export const useQuota = (user: TQuotaUser | null | undefined, enabled = true) => {
  const endpoint = user ? quotaEndpointFor(user) : null;
  return useQuery({
    queryKey: [...QUOTA_KEY, 'scope', endpoint],
    queryFn: ({ signal }) => api.get<TEnvelope<TQuota>>(`/api/v1/quota/${endpoint}`, { signal }),
    select: (body) => body.data,
    enabled: enabled && endpoint !== null,
  });
};

export type TQuotaChart = { months: string[]; emeterai: number[]; esign: number[] };

export const useQuotaChart = (enabled = true) =>
  useQuery({
    queryKey: [...QUOTA_KEY, 'chart'],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<TQuotaChart>>('/api/v1/quota/data-chart-quota', { signal }),
    select: (body) => body.data,
    enabled,
  });

export type TQuotaHistoryItem = {
  id: number;
  type: 'seed' | 'purchase' | 'transfer' | 'return' | 'spend' | 'refund' | 'adjust';
  kind: 'emeterai' | 'esign' | 'psre';
  quota: number;
  department: string | null;
  departement_id: number | null;
  by: string | null;
  date: string;
};

export const useQuotaHistory = (query: TListQuery<TQuotaHistorySortKey>) =>
  useQuery({
    queryKey: [...QUOTA_KEY, 'history', query],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<{ data: TQuotaHistoryItem[]; meta: TPageMeta }>>(
        '/api/v1/quota/history-quota-company',
        {
          query: {
            page: query.page,
            perPage: query.perPage,
            sort: query.sort,
            order: query.order,
          },
          signal,
        },
      ),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });

export type TStock = { emeterai: number; esign: number };

export const useCompanyStock = (enabled = true) =>
  useQuery({
    queryKey: [...QUOTA_KEY, 'stock', 'company'],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<{ totalCompanyStock: number; esignStock: number }>>(
        '/api/v1/stock/quota-company',
        { signal },
      ),
    select: (body): TStock => ({
      emeterai: body.data.totalCompanyStock,
      esign: body.data.esignStock,
    }),
    enabled,
  });

export const useDepartementStock = (departementId: number | null) =>
  useQuery({
    queryKey: [...QUOTA_KEY, 'stock', 'departement', departementId],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<{ departementTotalStock: number; esignStock: number }>>(
        `/api/v1/stock/quota-departement/${departementId}`,
        { signal },
      ),
    select: (body): TStock => ({
      emeterai: body.data.departementTotalStock,
      esign: body.data.esignStock,
    }),
    enabled: departementId !== null,
  });

export type TQuotaMove = {
  action: 'transfer' | 'return';
  departement_id: number;
  quota: number;
  type: TQuotaType;
  /** Per submit; a repeated submit with the same key is applied once by the server. */
  idempotencyKey: string;
};

const MOVE_ENDPOINTS = {
  transfer: '/api/v1/quota/transfer-quota-company',
  return: '/api/v1/quota/return-quota-department',
} as const;

/** Transfer (company → department) or return (department → company), spec §4 and §7. */
export const useMoveQuota = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, idempotencyKey, ...body }: TQuotaMove) =>
      api.post<
        TEnvelope<{ movement_id: number; company_remain: number; departement_remain: number }>
      >(MOVE_ENDPOINTS[action], body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: QUOTA_KEY }),
        client.invalidateQueries({ queryKey: ['departements'] }),
      ]),
  });
};

// --- plan and configuration ---------------------------------------------------------------

export const useSubscription = (userId: number | null | undefined) =>
  useQuery({
    queryKey: ['subscription', userId],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<TSubscription | null>>(`/api/v1/users/subscription-user/${userId}`, {
        signal,
      }),
    select: (body) => body.data,
    enabled: typeof userId === 'number',
    staleTime: 5 * 60_000,
  });

export const useQuotaConfig = () =>
  useQuery({
    queryKey: ['master-status'],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<{ data: { status_group: string; status_name: string }[] }>>(
        '/api/master-status/master-status-list',
        { signal },
      ),
    select: (body) => parseQuotaConfig(body.data.data),
    staleTime: 5 * 60_000,
  });

/** used / limit of the child users (the same cache entry as the child-user list). */
export const useChildUserUsage = (enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'children'],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<{ data: unknown[]; limit: number; used: number }>>(
        '/api/v1/users/child-user-sub',
        { signal },
      ),
    select: (body) => ({ used: body.data.used, limit: body.data.limit }),
    enabled,
    retry: false,
  });
