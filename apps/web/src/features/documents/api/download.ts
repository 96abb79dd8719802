import type { TDocument } from '@bubuh/contracts';
import { request } from '@/lib/api-client';
import { fetchDocument } from '@/lib/document-queries';
import { saveBlob } from '@/lib/save-blob';
import { downloadTargetOf, fileNameFromDisposition } from '../utils/download-rules';

/**
 * Downloads a document by the rules of spec §4. The stamped file is fetched with the bearer header
 * and saved from a blob; anything else opens its short-lived link in a new tab (the link is
 * refreshed first, it lasts 15 minutes). Throws when nothing can be downloaded or the call fails;
 * the caller shows spec §8's alert.
 */
export const downloadDocument = async (doc: TDocument): Promise<void> => {
  const target = downloadTargetOf(doc);
  if (target.kind === 'none') throw new Error('not downloadable');
  if (target.kind === 'authenticated') {
    const response = await request<Response>(target.url, {
      raw: true,
      headers: { Accept: 'application/pdf' },
    });
    const blob = await response.blob();
    if (blob.size === 0) throw new Error('empty file');
    saveBlob(
      blob,
      fileNameFromDisposition(response.headers.get('content-disposition'), target.fileName),
    );
    return;
  }
  let url = target.url;
  if (url.startsWith('/UNSIGNED/')) {
    const fresh = downloadTargetOf(await fetchDocument(doc.document_id));
    if (fresh.kind === 'link') url = fresh.url;
  }
  // A link click (not window.open) keeps `noopener` and still opens the new tab.
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
};
