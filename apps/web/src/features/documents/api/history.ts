import { DOCUMENT_AUDIT_ENDPOINTS, endpointPath, type TDocument } from '@bubuh/contracts';
import { request } from '@/lib/api-client';
import { useEndpointQuery } from '@/lib/endpoint';
import { saveBlob } from '@/lib/save-blob';
import { fileNameFromDisposition } from '../utils/download-rules';

/** A document's recorded events, oldest first (the audit trail). */
export const useDocumentHistory = (id: number) =>
  useEndpointQuery(
    DOCUMENT_AUDIT_ENDPOINTS.timeline,
    { params: { id } },
    { select: (body) => body.data.events },
  );

/** The sealed completion certificate, saved under the server's file name. */
export const downloadCertificate = async (doc: TDocument): Promise<void> => {
  const response = await request<Response>(
    endpointPath(DOCUMENT_AUDIT_ENDPOINTS.certificate, { id: doc.document_id }),
    { raw: true, headers: { Accept: 'application/pdf' } },
  );
  const blob = await response.blob();
  if (blob.size === 0) throw new Error('empty file');
  saveBlob(
    blob,
    fileNameFromDisposition(
      response.headers.get('content-disposition'),
      `${doc.document_file.replace(/\.pdf$/i, '')}_certificate.pdf`,
    ),
  );
};
