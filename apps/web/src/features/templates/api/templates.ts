import {
  DOCUMENT_ENDPOINTS,
  TEMPLATE_ENDPOINTS,
  type TEndpointBody,
  type TTemplate,
} from '@bubuh/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateDocuments } from '@/lib/document-queries';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';
import { recordHooks } from '@/lib/record-hooks';

export type TTemplateType = TTemplate['type'];
export const TEMPLATE_TYPES: readonly TTemplateType[] = ['Surat Dokumen', 'Surat Berharga'];

export type TTemplateInput = TEndpointBody<typeof TEMPLATE_ENDPOINTS.create>;

/**
 * The templates: one page of the list, one template, save (created when `id` is null, updated
 * otherwise) and delete.
 */
export const {
  useList: useTemplates,
  useOne: useTemplate,
  useSave: useSaveTemplate,
  useRemove: useDeleteTemplate,
} = recordHooks(TEMPLATE_ENDPOINTS);

/** Templates for a picker (first 100, enough for one company). */
export const useTemplateOptions = (enabled = true) =>
  useEndpointQuery(
    TEMPLATE_ENDPOINTS.list,
    { query: { page: 1, perPage: 100 } },
    { select: (body) => body.data.data, enabled },
  );

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
