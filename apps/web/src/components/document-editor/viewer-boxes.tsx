import type { TViewerBox } from '@/components/pdf-viewer/placement-box';
import type { TDisplayBox } from '@/lib/placement';
import { StampMark } from './stamp-mark';

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
