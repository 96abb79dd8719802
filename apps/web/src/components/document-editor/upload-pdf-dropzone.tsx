import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/api-errors';
import { type TUploaded, toUploadForm, type useUploadDocument } from '@/lib/document-queries';
import { PdfDropzone } from './pdf-dropzone';

type TUploadAnswer = { message: string; data: TUploaded };

type TUploadPdfDropzoneProps = {
  /** The upload mutation (`useUploadDocument()`): the caller may reset it. */
  upload: ReturnType<typeof useUploadDocument>;
  /** The stored draft, with the server's message. */
  onUploaded: (answer: TUploadAnswer) => void;
  testId: string;
};

/** The drop area that uploads the chosen PDF as a draft, showing the upload's progress and refusal. */
export const UploadPdfDropzone = ({ upload, onUploaded, testId }: TUploadPdfDropzoneProps) => {
  const { t } = useTranslation();
  return (
    <PdfDropzone
      loading={upload.isPending}
      error={upload.error ? serverMessage(upload.error, t) : null}
      onFile={(file) => upload.mutate({ body: toUploadForm(file) }, { onSuccess: onUploaded })}
      testId={testId}
    />
  );
};
