import { Divider } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfDropzone } from './pdf-dropzone';
import { PickedFile } from './picked-file';

export type TSample = { name: string; data: ArrayBuffer };

/** A template editor's sample PDF: read in the browser (never uploaded), or removed. */
export const SamplePdfField = ({
  sample,
  onChange,
}: {
  sample: TSample | null;
  onChange: (sample: TSample | null) => void;
}) => {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const read = async (file: File) => {
    setError(null);
    try {
      onChange({ name: file.name, data: await file.arrayBuffer() });
    } catch {
      setError(t('stamping.viewer.failed'));
    }
  };
  return (
    <>
      <Divider label={t('stamping.templates.sample')} labelPosition="left" />
      {sample ? (
        <PickedFile name={sample.name} onRemove={() => onChange(null)} />
      ) : (
        <PdfDropzone
          compact
          title={t('stamping.templates.sampleTitle')}
          hint={t('stamping.templates.sampleHint')}
          onFile={(file) => void read(file)}
          error={error}
          testId="template-sample"
        />
      )}
    </>
  );
};
