import { BULK_TEMPLATE_ENDPOINTS, type TEndpointBody } from '@bubuh/contracts';
import { recordHooks } from '@/lib/record-hooks';

export type TBulkTemplateInput = TEndpointBody<typeof BULK_TEMPLATE_ENDPOINTS.create>;

/**
 * The bulk templates: one page of the list, one template, save (created when `id` is null,
 * updated otherwise) and delete.
 */
export const {
  useList: useBulkTemplates,
  useOne: useBulkTemplate,
  useSave: useSaveBulkTemplate,
  useRemove: useDeleteBulkTemplate,
} = recordHooks(BULK_TEMPLATE_ENDPOINTS);
