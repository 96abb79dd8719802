import {
  DOCUMENT_AUDIT_ENDPOINTS,
  DOCUMENT_ENDPOINTS,
  endpointPath,
  QUOTA_ENDPOINTS,
  type TDocument,
  TEMPLATE_ENDPOINTS,
  type TEndpointResponse,
} from '@bubuh/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { request } from './api-client';
import { callEndpoint, endpointKey, useEndpointMutation, useEndpointQuery } from './endpoint';

/**
 * The document calls several features read (documents, signing, templates): one document, its
 * PDF, the document types and the upload. Keys come from the endpoint entries, so a change made in
 * one feature refreshes the others without them importing each other.
 */

export type TUploaded = TEndpointResponse<typeof DOCUMENT_ENDPOINTS.upload>['data'];

/**
 * Everything a document change can touch: the history and details (`single-stamp`), its audit
 * trail (`document-audit`), the signing
 * calls (`esign`), the dashboard, the template stamp and the quota (stamping and signing spend it).
 */
export const DOCUMENT_SCOPES: readonly string[] = [
  DOCUMENT_ENDPOINTS.details.tags[0],
  DOCUMENT_AUDIT_ENDPOINTS.timeline.tags[0],
  DOCUMENT_ENDPOINTS.dashboard.tags[0],
  DOCUMENT_ENDPOINTS.setSigners.tags[0],
  TEMPLATE_ENDPOINTS.stamp.tags[0],
  QUOTA_ENDPOINTS.company.tags[0],
];

export const invalidateDocuments = (client: QueryClient) =>
  Promise.all(DOCUMENT_SCOPES.map((scope) => client.invalidateQueries({ queryKey: [scope] })));

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
