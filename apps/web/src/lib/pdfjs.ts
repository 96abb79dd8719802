import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy };

/** Opens PDF bytes in pdf.js (a copy: pdf.js transfers the buffer to its worker). */
export const openPdf = (data: ArrayBuffer) => {
  const task = getDocument({
    data: new Uint8Array(data.slice(0)),
    isEvalSupported: false,
    // No annotation forms or scripts: the viewer only paints pages.
    enableXfa: false,
  });
  return task;
};
