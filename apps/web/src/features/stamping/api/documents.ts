import type {
  TDocument,
  TDocumentSortKey,
  TPageMeta,
  TPlacements,
  TSortOrder,
  TStampRequest,
} from '@bubuh/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

type TEnvelope<T> = { message: string; data: T };

export type TDocumentStatusFilter = 'all' | 'stamp' | 'nostamp' | 'canceled';

export type TDocumentListQuery = {
  page: number;
  perPage: number;
  search?: string | undefined;
  status: TDocumentStatusFilter;
  from?: string | undefined;
  to?: string | undefined;
  sort?: TDocumentSortKey | undefined;
  order?: TSortOrder | undefined;
};

export type TDocumentList = {
  data: TDocument[];
  stamp: TDocument[];
  nostamp: TDocument[];
  meta: TPageMeta;
};

export type TUploaded = {
  document_id: number;
  file_name: string;
  page_count: number;
  pages: { width: number; height: number }[];
};

export type TDocType = { kode: string; nama: string };

export type TStampAnswer = { document_id: number; serial_number: string; status: 'stamp' };

export const DOCUMENTS_KEY = ['documents'] as const;

export const useDocuments = (query: TDocumentListQuery) =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, 'list', query],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<TDocumentList>>('/api/v1/single-stamp/get-document-user', {
        query,
        signal,
      }),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });

export const fetchDocument = (id: number, signal?: AbortSignal) =>
  api
    .get<TEnvelope<TDocument>>(`/api/v1/single-stamp/get-document-details/${id}`, { signal })
    .then((body) => body.data);

export const useDocument = (id: number | null) =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, 'detail', id],
    queryFn: ({ signal }) => fetchDocument(id ?? 0, signal),
    enabled: id !== null && id > 0,
  });

export const useDashboardDocuments = () =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, 'dashboard'],
    queryFn: ({ signal }) =>
      api.get<
        TEnvelope<{
          recent: TDocument[];
          totals: { stamp: number; nostamp: number; canceled: number };
        }>
      >('/api/v1/dashboard/get-document-dashboard', { signal }),
    select: (body) => body.data,
  });

export const useDocTypes = () =>
  useQuery({
    queryKey: ['doc-types'],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<TDocType[]>>('/api/v1/single-stamp/doc-types', { signal }),
    select: (body) => body.data,
    staleTime: 10 * 60_000,
  });

/** The current file of a document (draft, signed or stamped) as bytes for the viewer. */
export const fetchDocumentPdf = async (id: number, signal?: AbortSignal): Promise<ArrayBuffer> => {
  const response = await request<Response>(`/UNSIGNED/${id}.pdf`, {
    raw: true,
    signal,
    headers: { Accept: 'application/pdf' },
  });
  return response.arrayBuffer();
};

/** The bytes change with every signature: keyed by the document's state. */
export const useDocumentPdf = (doc: TDocument | undefined) =>
  useQuery({
    // Not under DOCUMENTS_KEY: refreshing the lists must not reload the viewer; the key changes
    // when the file does (a signature, the stamp).
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

const useInvalidateDocuments = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
      // Stamping and signing spend quota: the quota cards and dashboard read it.
      client.invalidateQueries({ queryKey: ['quota'] }),
    ]);
};

export const uploadDocument = (file: File, signal?: AbortSignal) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api
    .post<TEnvelope<TUploaded>>('/api/v1/single-stamp/upload-document', form, { signal })
    .then((body) => body.data);
};

export const useUploadDocument = () => {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (file: File) => uploadDocument(file),
    onSuccess: () => invalidate(),
  });
};

export type TDraftInput = {
  id: number;
  placements: TPlacements;
  doc_type?: string | null;
  doc_value?: number | null;
};

export const useSaveDraft = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TDraftInput) =>
      api
        .patch<TEnvelope<TDocument>>(`/api/v1/single-stamp/update-document/${id}`, body)
        .then((answer) => answer.data),
    onSuccess: (doc) => {
      client.setQueryData([...DOCUMENTS_KEY, 'detail', doc.document_id], doc);
      void client.invalidateQueries({ queryKey: [...DOCUMENTS_KEY, 'list'] });
    },
  });
};

/** Company accounts stamp on the company call, personal accounts on the personal one. */
export const stampPath = (companyId: number | null) =>
  companyId === null
    ? '/api/v1/single-stamp/stamp-single-process-personal'
    : '/api/v1/single-stamp/stamp-single-process-company';

export const useStampDocument = (companyId: number | null) => {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (body: TStampRequest) =>
      api.post<TEnvelope<TStampAnswer>>(stampPath(companyId), body).then((answer) => answer),
    onSettled: () => invalidate(),
  });
};

export type TTemplateStampInput = {
  templateId: number;
  document_id: number;
  doc_type: string;
  doc_value?: number | undefined;
  reason?: string | undefined;
  location?: string | undefined;
};

export const useTemplateStamp = () => {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: ({ templateId, ...body }: TTemplateStampInput) =>
      api.post<TEnvelope<TStampAnswer>>(
        `/api/v1/single-stamp/stamp-template-process-company/${templateId}`,
        body,
      ),
    onSettled: () => invalidate(),
  });
};

export const useCancelDocument = () => {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (documentId: number) =>
      api.post<{ message: string }>('/api/v1/single-stamp/canceled-stamp', {
        document_id: documentId,
      }),
    onSuccess: () => invalidate(),
  });
};

export const useDeleteDocument = () => {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (documentId: number) =>
      api.delete<{ message: string }>(`/api/v1/single-stamp/delete-document/${documentId}`),
    onSuccess: () => invalidate(),
  });
};
