import { DOCUMENT_ENDPOINTS, endpointPath, type TDocument } from '@bubuh/contracts';

type TDownloadFields = Pick<
  TDocument,
  | 'document_id'
  | 'document_file'
  | 'status'
  | 'signing_method'
  | 'serial_number_id'
  | 'psre_id'
  | 'psre_path'
  | 'file_path'
>;

/**
 * How a document downloads (spec §4):
 * - `authenticated`: fetched with the bearer token and saved from a blob (the stamped file);
 * - `link`: a short-lived link that opens in a new tab without a header (`/UNSIGNED/…?token=`,
 *   or the PSrE path);
 * - `none`: not downloadable (a serial that is not stamped yet, without a signing method).
 */
export type TDownloadTarget =
  | { kind: 'authenticated'; url: string; fileName: string }
  | { kind: 'link'; url: string }
  | { kind: 'none' };

export const stampedDownloadUrl = (documentId: number) =>
  endpointPath(DOCUMENT_ENDPOINTS.download, { id: documentId });

/** `contract.pdf` → `contract_stamped.pdf` (the name the server also sends). */
export const stampedFileName = (fileName: string) =>
  `${fileName.replace(/\.pdf$/i, '') || 'document'}_stamped.pdf`;

export const downloadTargetOf = (doc: TDownloadFields): TDownloadTarget => {
  const authenticated = (): TDownloadTarget => ({
    kind: 'authenticated',
    url: stampedDownloadUrl(doc.document_id),
    fileName: stampedFileName(doc.document_file),
  });
  if (doc.serial_number_id !== null) {
    // With a signing method the serial always means the single-stamp download; without one it is
    // downloadable only once the status is 'stamp'.
    if (doc.signing_method !== null || doc.status === 'stamp') return authenticated();
    if (doc.psre_id && doc.psre_path) return { kind: 'link', url: doc.psre_path };
    return { kind: 'none' };
  }
  if (doc.psre_id && doc.psre_path) return { kind: 'link', url: doc.psre_path };
  if (!doc.file_path) return { kind: 'none' };
  // The API's own download call needs the bearer token; any other path is a link.
  if (doc.file_path === stampedDownloadUrl(doc.document_id)) {
    return { kind: 'authenticated', url: doc.file_path, fileName: doc.document_file };
  }
  return { kind: 'link', url: doc.file_path };
};

/** The file name of a `Content-Disposition` header (RFC 6266 `filename*` first). */
export const fileNameFromDisposition = (header: string | null, fallback: string): string => {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || fallback;
};
