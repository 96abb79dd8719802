import { ROUTES } from '@bubuh/contracts';

const withId = (pattern: string, id: number | string) => pattern.replace(':id', String(id));

export const draftPath = (id: number) => withId(ROUTES.stampSingleDraft.path, id);
export const esignPath = (id: number) => withId(ROUTES.stampSingleEsign.path, id);
export const editTemplatePath = (id: number | 'new') =>
  withId(ROUTES.masterEditDocumentTemplate.path, id);
/** My e-Document with the details drawer of one document open. */
export const documentDetailsPath = (id: number) => `${ROUTES.stamp.path}?doc=${id}`;
export const bulkBatchPath = (id: number) => withId(ROUTES.stampBulkDetail.path, id);
export const bulkEditTemplatePath = (id: number) => withId(ROUTES.stampBulkEditTemplate.path, id);
export const bulkUseTemplatePath = (id: number) => withId(ROUTES.stampBulkUseTemplate.path, id);
