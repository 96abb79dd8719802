import { DOCUMENT_ENDPOINTS, type TDocumentQuery } from '@bubuh/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_SCOPES, documentKey, invalidateDocuments } from '@/lib/document-queries';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';

export type TDocumentStatusFilter = TDocumentQuery['status'];

export const useDocuments = (query: TDocumentQuery) =>
  useEndpointQuery(
    DOCUMENT_ENDPOINTS.history,
    { query },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );

export const useDashboardDocuments = () =>
  useEndpointQuery(DOCUMENT_ENDPOINTS.dashboard, {}, { select: (body) => body.data });

export const useSaveDraft = () => {
  const client = useQueryClient();
  return useEndpointMutation(DOCUMENT_ENDPOINTS.saveDraft, {
    invalidates: [DOCUMENT_ENDPOINTS.history.tags[0]],
    onSettled: (answer) => {
      if (answer) client.setQueryData(documentKey(answer.data.document_id), answer);
    },
  });
};

/** Company accounts stamp on the company call, personal accounts on the personal one. */
export const useStampDocument = (companyId: number | null) => {
  const client = useQueryClient();
  return useEndpointMutation(
    companyId === null ? DOCUMENT_ENDPOINTS.stampPersonal : DOCUMENT_ENDPOINTS.stampCompany,
    // A refused stamp (409, no quota) can still have changed the document: refresh either way.
    { invalidates: [], onSettled: () => invalidateDocuments(client) },
  );
};

/** "Remind now": the signer whose turn it is is e-mailed again (at most once an hour). */
export const useRemindSigner = () =>
  useEndpointMutation(DOCUMENT_ENDPOINTS.remind, { invalidates: DOCUMENT_SCOPES });

export const useCancelDocument = () =>
  useEndpointMutation(DOCUMENT_ENDPOINTS.cancel, { invalidates: DOCUMENT_SCOPES });

export const useDeleteDocument = () =>
  useEndpointMutation(DOCUMENT_ENDPOINTS.remove, { invalidates: DOCUMENT_SCOPES });
