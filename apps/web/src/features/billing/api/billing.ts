import {
  BILLING_ENDPOINTS as E,
  endpointPath,
  PLAN_ENDPOINTS,
  PROMO_ENDPOINTS,
  type TEndpointResponse,
  type TInvoiceStatus,
} from '@bubuh/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';
import { useWholeList } from '@/lib/record-hooks';
import type { TListQuery } from '@/lib/use-list-state';

/** Paying changes balances and plans: refetch them with the invoices. */
const AFTER_PAYMENT = ['purchase', 'quota', 'plans'] as const;

export type TInvoiceView = TEndpointResponse<typeof E.invoice>['data'];
export type TPricing = TEndpointResponse<typeof E.pricing>['data'];
export type TPurchaseRow = TEndpointResponse<typeof E.purchases>['data']['data'][number];
export type TTransactionRow = TEndpointResponse<typeof E.transactions>['data']['data'][number];
export type TProofRow = TEndpointResponse<typeof E.proofs>['data']['data'][number];
export type TPlanCard = TEndpointResponse<typeof PLAN_ENDPOINTS.list>['data']['data'][number];

export const usePricing = () =>
  useEndpointQuery(E.pricing, {}, { select: (body) => body.data, staleTime: 60_000 });

export const usePlanCatalogue = () => useWholeList(PLAN_ENDPOINTS.list);

export const useCurrentPlan = (userId: number | undefined) =>
  useEndpointQuery(
    PLAN_ENDPOINTS.subscription,
    { params: { userId: userId ?? 0 } },
    { select: (body) => body.data, enabled: userId !== undefined },
  );

/** One invoice; while it waits for the gateway it is read again every 2 s. */
export const useInvoice = (id: number | null, options: { poll?: boolean } = {}) =>
  useEndpointQuery(
    E.invoice,
    { params: { id: id ?? 0 } },
    {
      select: (body) => body.data,
      enabled: id !== null,
      refetchInterval: (query) =>
        options.poll && query.state.data?.data.status === 'pending' ? 2_000 : false,
    },
  );

export const useBuyQuota = () => useEndpointMutation(E.buyQuota);
export const useBuyPlan = () => useEndpointMutation(E.buyPlan);
export const usePay = () => useEndpointMutation(E.pay);
export const useSandboxComplete = () =>
  useEndpointMutation(E.sandboxComplete, { invalidates: AFTER_PAYMENT });
export const useUploadProof = () => useEndpointMutation(E.uploadProof);

export const usePurchases = (
  userId: number | undefined,
  list: TListQuery,
  status: TInvoiceStatus | undefined,
  range: TDayRange = {},
) =>
  useEndpointQuery(
    E.purchases,
    { params: { userId: userId ?? 0 }, query: { ...list, sort: 'DESC', status, ...days(range) } },
    {
      select: (body) => body.data,
      enabled: userId !== undefined,
      placeholderData: keepPreviousData,
    },
  );

/** Complete YYYY-MM-DD days only; a half-typed date filters nothing yet. */
export type TDayRange = { from?: string; to?: string };
const days = (range: TDayRange) => ({
  ...(range.from && /^\d{4}-\d{2}-\d{2}$/.test(range.from) ? { from: range.from } : {}),
  ...(range.to && /^\d{4}-\d{2}-\d{2}$/.test(range.to) ? { to: range.to } : {}),
});

export const useTransactions = (
  list: TListQuery,
  type: TTransactionRow['type'] | undefined,
  range: TDayRange = {},
) =>
  useEndpointQuery(
    E.transactions,
    { query: { page: list.page, perPage: list.perPage, type, ...days(range) } },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );

export const useProofs = (list: TListQuery, status: TProofRow['status'] | undefined) =>
  useEndpointQuery(
    E.proofs,
    { query: { page: list.page, perPage: list.perPage, status } },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );
export const useConfirmProof = () =>
  useEndpointMutation(E.confirmProof, { invalidates: AFTER_PAYMENT });
export const useRejectProof = () => useEndpointMutation(E.rejectProof);

const fetchBlob = async (path: string, accept: string): Promise<Blob> => {
  const response = await request<Response>(path, { raw: true, headers: { Accept: accept } });
  return response.blob();
};

/** The invoice (or receipt, once paid) as the server's PDF. */
export const fetchInvoicePdf = (id: number) =>
  fetchBlob(endpointPath(E.invoicePdf, { id }), 'application/pdf');

export const fetchProofFile = (id: number) => fetchBlob(endpointPath(E.proofFile, { id }), '*/*');

export const useApplyToken = () => useEndpointMutation(PROMO_ENDPOINTS.applyToken);

export type TPromoRow = TEndpointResponse<
  typeof PROMO_ENDPOINTS.promoCodes
>['data']['data'][number];
export const usePromoCodes = (list: TListQuery) =>
  useEndpointQuery(
    PROMO_ENDPOINTS.promoCodes,
    { query: { page: list.page, perPage: list.perPage } },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );
export const useCreatePromoCode = () => useEndpointMutation(PROMO_ENDPOINTS.createPromoCode);
export const useUpdatePromoCode = () => useEndpointMutation(PROMO_ENDPOINTS.updatePromoCode);
export const useDeactivatePromoCode = () =>
  useEndpointMutation(PROMO_ENDPOINTS.deactivatePromoCode);
