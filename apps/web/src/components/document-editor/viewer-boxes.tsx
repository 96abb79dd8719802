import type { ReactNode } from 'react';
import type { TViewerBox } from '@/components/pdf-viewer/placement-box';
import type { TDisplayBox } from '@/lib/placement';
import { StampMark } from './stamp-mark';

/** The e-Meterai box's name: its visible marks first (a control's name holds its visible text). */
export const stampBoxName = (t: (key: string) => string) =>
  `${t('stamping.box.label')} 10000 ${t('stamping.box.preview')}`;

/** The e-Meterai box on the viewer: square, with the stamp mark, draggable when `editable`. */
export const stampViewerBox = (
  box: TDisplayBox,
  label: string,
  { editable = true, id = 'emeterai', testId = 'stamp-box' } = {},
): TViewerBox => ({
  id,
  box,
  kind: 'stamp',
  editable,
  square: true,
  label,
  content: <StampMark />,
  testId,
});

/**
 * A signature box on the viewer, labelled with its signer; fixed unless `editable`, showing
 * `content` (the specimen, a typed name) instead of the label when given.
 */
export const signViewerBox = (
  box: TDisplayBox,
  label: string,
  {
    id,
    editable = false,
    content,
    testId,
  }: { id: string; editable?: boolean; content?: ReactNode; testId?: string | undefined },
): TViewerBox => ({ id, box, kind: 'sign', editable, label, content, testId });
