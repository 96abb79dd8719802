/** The API's upload limit (UPLOAD_LIMIT_BYTES, 20 MB); the server checks again. */
export const MAX_PDF_BYTES = 20 * 1_048_576;

export type TFileProblem = 'type' | 'size' | 'empty';

/** Research §1.6: PDF only. What is wrong with a picked file, or null when it can be sent. */
export const pdfFileProblem = (
  file: { name: string; type: string; size: number },
  maxBytes = MAX_PDF_BYTES,
): TFileProblem | null => {
  const looksPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!looksPdf) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'size';
  return null;
};
