import { ROUTES } from '@bubuh/contracts';
import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfViewer } from '@/components/pdf-viewer/pdf-viewer';
import type { TViewerBox } from '@/components/pdf-viewer/placement-box';
import { QueryFallback } from '@/components/query-fallback';
import type { TDisplayBox, TPageGeometry } from '@/lib/placement';
import classes from './editor.module.css';

type TEditorFrameProps = {
  testId: string;
  /** The document's bytes (the query of `useDocumentPdf`). */
  pdf: { data?: ArrayBuffer | undefined; error: unknown };
  boxes: TViewerBox[];
  onPages: (pages: TPageGeometry[]) => void;
  onBoxChange: (id: string, box: TDisplayBox) => void;
  /** The side panel's content, stacked. */
  children: ReactNode;
  /** Dialogs of the editor, after the panel. */
  dialogs?: ReactNode;
};

/** The placement editors' two panes: the document on the left, the side panel on the right. */
export const EditorFrame = ({ testId, pdf, children, dialogs, ...viewer }: TEditorFrameProps) => (
  <div className={classes.editor} data-testid={testId}>
    <div className={classes.viewerPane}>
      <PdfViewer loadError={Boolean(pdf.error)} data={pdf.data ?? null} {...viewer} />
    </div>
    <Paper withBorder p="lg" className={classes.sidePanel}>
      <Stack gap="md">{children}</Stack>
    </Paper>
    {dialogs}
  </div>
);

/** A stamping page's loader or error while its document loads, with the way back to the list. */
export const StampDocumentFallback = ({
  query,
}: {
  query: { isPending: boolean; error: unknown };
}) => {
  const { t } = useTranslation();
  return (
    <QueryFallback
      pending={query.isPending}
      error={query.error}
      back={{ to: ROUTES.stamp.path, label: t('page.stamp') }}
    />
  );
};
