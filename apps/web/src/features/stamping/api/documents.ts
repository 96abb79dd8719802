import {
  DOCUMENT_ENDPOINTS,
  endpointPath,
  QUOTA_ENDPOINTS,
  type TDocument,
  type TDocumentQuery,
  TEMPLATE_ENDPOINTS,
  type TEndpointBody,
  type TEndpointResponse,
} from '@bubuh/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { callEndpoint, endpointKey, useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';

export type TDocumentStatusFilter = TDocumentQuery['status'];
export type TDocumentListQuery = TDocumentQuery;

export type TUploaded = TEndpointResponse<typeof DOCUMENT_ENDPOINTS.upload>['data'];
export type TStampRequestBody = TEndpointBody<typeof DOCUMENT_ENDPOINTS.stampCompany>;

/**
 * Everything a document change can touch: the history and details (`single-stamp`), the signing
 * calls (`esign`), the dashboard, the template stamp and the quota (stamping and signing spend it).
 */
export const DOCUMENT_SCOPES: readonly string[] = [
  DOCUMENT_ENDPOINTS.details.tags[0],
  DOCUMENT_ENDPOINTS.dashboard.tags[0],
  DOCUMENT_ENDPOINTS.setSigners.tags[0],
  TEMPLATE_ENDPOINTS.stamp.tags[0],
  QUOTA_ENDPOINTS.company.tags[0],
];

const invalidateDocuments = (client: QueryClient) =>
  Promise.all(DOCUMENT_SCOPES.map((scope) => client.invalidateQueries({ queryKey: [scope] })));

export const useDocuments = (query: TDocumentListQuery) =>
  useEndpointQuery(
    DOCUMENT_ENDPOINTS.history,
    { query },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );

export const fetchDocument = (id: number, signal?: AbortSignal) =>
  callEndpoint(DOCUMENT_ENDPOINTS.details, { params: { documentID: id }, signal }).then(
    (body) => body.data,
  );

export const documentKey = (id: number) =>
  endpointKey(DOCUMENT_ENDPOINTS.details, { params: { documentID: id } });

export const useDocument = (id: number | null) =>
  useEndpointQuery(
    DOCUMENT_ENDPOINTS.details,
    { params: { documentID: id ?? 0 } },
    { select: (body) => body.data, enabled: id !== null && id > 0 },
  );

export const useDashboardDocuments = () =>
  useEndpointQuery(DOCUMENT_ENDPOINTS.dashboard, {}, { select: (body) => body.data });

export const useDocTypes = () =>
  useEndpointQuery(
    DOCUMENT_ENDPOINTS.docTypes,
    {},
    { select: (body) => body.data, staleTime: 10 * 60_000 },
  );

/** The current file of a document (draft, signed or stamped) as bytes for the viewer. */
export const fetchDocumentPdf = async (id: number, signal?: AbortSignal): Promise<ArrayBuffer> => {
  const response = await request<Response>(
    endpointPath(DOCUMENT_ENDPOINTS.unsigned, { file: `${id}.pdf` }),
    { raw: true, signal, headers: { Accept: 'application/pdf' } },
  );
  return response.arrayBuffer();
};

/** The bytes change with every signature: keyed by the document's state. */
export const useDocumentPdf = (doc: TDocument | undefined) =>
  useQuery({
    // Not under a document scope: refreshing the lists must not reload the viewer; the key
    // changes when the file does (a signature, the stamp).
    queryKey: [
      'document-pdf',
      doc?.document_id,
      doc?.signing_status,
      doc?.status,
      doc?.signers.filter((s) => s.status === 'signed').length,
    ],
    queryFn: ({ signal }) => fetchDocumentPdf(doc?.document_id ?? 0, signal),
    enabled: doc !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });

export const toUploadForm = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

export const useUploadDocument = () =>
  useEndpointMutation(DOCUMENT_ENDPOINTS.upload, { invalidates: DOCUMENT_SCOPES });

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
export const stampEndpointOf = (companyId: number | null) =>
  companyId === null ? DOCUMENT_ENDPOINTS.stampPersonal : DOCUMENT_ENDPOINTS.stampCompany;

export const useStampDocument = (companyId: number | null) => {
  const client = useQueryClient();
  const entry = stampEndpointOf(companyId);
  return useEndpointMutation(entry, {
    invalidates: [],
    onSettled: () => invalidateDocuments(client),
  });
};

export const useTemplateStamp = () => {
  const client = useQueryClient();
  return useEndpointMutation(TEMPLATE_ENDPOINTS.stamp, {
    invalidates: [],
    onSettled: () => invalidateDocuments(client),
  });
};

export const useCancelDocument = () =>
  useEndpointMutation(DOCUMENT_ENDPOINTS.cancel, { invalidates: DOCUMENT_SCOPES });

export const useDeleteDocument = () =>
  useEndpointMutation(DOCUMENT_ENDPOINTS.remove, { invalidates: DOCUMENT_SCOPES });
