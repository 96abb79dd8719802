import {
  BULK_TEMPLATE_ENDPOINTS,
  type TBulkTemplateSortKey,
  type TEndpointBody,
} from '@bubuh/contracts';
import {
  callEndpoint,
  endpointScope,
  useEndpointMutation,
  useEndpointQuery,
  useInvalidatingMutation,
  useListQuery,
} from '@/lib/endpoint';
import type { TListQuery } from '@/lib/use-list-state';

export type TBulkTemplateInput = TEndpointBody<typeof BULK_TEMPLATE_ENDPOINTS.create>;

export const useBulkTemplates = (query: TListQuery<TBulkTemplateSortKey>) =>
  useListQuery(BULK_TEMPLATE_ENDPOINTS.list, { query });

export const useBulkTemplate = (id: number | null) =>
  useEndpointQuery(
    BULK_TEMPLATE_ENDPOINTS.get,
    { params: { id: id ?? 0 } },
    { select: (body) => body.data, enabled: id !== null && id > 0 },
  );

/** Saves a bulk template: created when `id` is null, updated otherwise. */
const saveBulkTemplate = ({ id, input }: { id: number | null; input: TBulkTemplateInput }) =>
  id === null
    ? callEndpoint(BULK_TEMPLATE_ENDPOINTS.create, { body: input })
    : callEndpoint(BULK_TEMPLATE_ENDPOINTS.update, { params: { id }, body: input });

export const useSaveBulkTemplate = () =>
  useInvalidatingMutation(saveBulkTemplate, [endpointScope(BULK_TEMPLATE_ENDPOINTS.list)]);

export const useDeleteBulkTemplate = () => useEndpointMutation(BULK_TEMPLATE_ENDPOINTS.remove);
