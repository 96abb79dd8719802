import {
  DOCUMENT_ENDPOINTS,
  TEMPLATE_ENDPOINTS,
  type TEndpointBody,
  type TTemplate,
  type TTemplateSortKey,
} from '@bubuh/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateDocuments } from '@/lib/document-queries';
import {
  callEndpoint,
  endpointScope,
  useEndpointMutation,
  useEndpointQuery,
  useInvalidatingMutation,
  useListQuery,
} from '@/lib/endpoint';
import type { TListQuery } from '@/lib/use-list-state';

export type TTemplateType = TTemplate['type'];
export const TEMPLATE_TYPES: readonly TTemplateType[] = ['Surat Dokumen', 'Surat Berharga'];

export type TTemplateInput = TEndpointBody<typeof TEMPLATE_ENDPOINTS.create>;

export const useTemplates = (query: TListQuery<TTemplateSortKey>) =>
  useListQuery(TEMPLATE_ENDPOINTS.list, { query });

/** Templates for a picker (first 100, enough for one company). */
export const useTemplateOptions = (enabled = true) =>
  useEndpointQuery(
    TEMPLATE_ENDPOINTS.list,
    { query: { page: 1, perPage: 100 } },
    { select: (body) => body.data.data, enabled },
  );

export const useTemplate = (id: number | null) =>
  useEndpointQuery(
    TEMPLATE_ENDPOINTS.get,
    { params: { id: id ?? 0 } },
    { select: (body) => body.data, enabled: id !== null && id > 0 },
  );

/** Saves a template: created when `id` is null, updated otherwise. */
const saveTemplate = ({ id, input }: { id: number | null; input: TTemplateInput }) =>
  id === null
    ? callEndpoint(TEMPLATE_ENDPOINTS.create, { body: input })
    : callEndpoint(TEMPLATE_ENDPOINTS.update, { params: { id }, body: input });

export const useSaveTemplate = () =>
  useInvalidatingMutation(saveTemplate, [endpointScope(TEMPLATE_ENDPOINTS.list)]);

export const useDeleteTemplate = () => useEndpointMutation(TEMPLATE_ENDPOINTS.remove);

/** Who a template's e-signature box can be given to (the caller first). */
export const useTemplateSigners = (enabled = true) =>
  useEndpointQuery(TEMPLATE_ENDPOINTS.signers, {}, { select: (body) => body.data, enabled });

/**
 * Applies a template to an uploaded draft: its e-signature boxes become the signers (in order),
 * its e-Meterai box the draft's placement. `next` says where the user goes: signing or stamping.
 */
export const useApplyTemplate = () =>
  useEndpointMutation(TEMPLATE_ENDPOINTS.apply, {
    invalidates: [DOCUMENT_ENDPOINTS.details.tags[0], DOCUMENT_ENDPOINTS.dashboard.tags[0]],
  });

/** Stamps a document at the template's e-Meterai box (refreshes the documents either way). */
export const useTemplateStamp = () => {
  const client = useQueryClient();
  return useEndpointMutation(TEMPLATE_ENDPOINTS.stamp, {
    invalidates: [],
    onSettled: () => invalidateDocuments(client),
  });
};
