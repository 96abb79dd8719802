import type { TBatchPlacement } from '@bubuh/contracts';
import { AppError } from '../../lib/app-error.ts';

type TPageInfo = { pageCount: number; pages: { width: number; height: number }[] };

/** The page a box anchored to a fixed, the first or the last page lands on in one document. */
export const targetPage = (placement: TBatchPlacement, pageCount: number) =>
  placement.page_mode === 'first' ? 1 : placement.page_mode === 'last' ? pageCount : placement.page;

/** Preflight of one PDF against one box: null when it fits, else the reason. */
const boxProblem = (placement: TBatchPlacement, info: TPageInfo, what: string): string | null => {
  const page = targetPage(placement, info.pageCount);
  if (page > info.pageCount)
    return `The ${what} box is on page ${page}; the document has ${info.pageCount} pages`;
  const size = info.pages[page - 1];
  if (
    size &&
    (placement.x + placement.width > size.width || placement.y + placement.height > size.height)
  )
    return `The ${what} box falls outside page ${page}`;
  return null;
};

/** Preflight of one accepted PDF against a batch's boxes (e-signature, then e-Meterai). */
export const placementProblem = (
  boxes: { placement: TBatchPlacement; esign?: TBatchPlacement | null },
  info: TPageInfo,
): string | null =>
  (boxes.esign ? boxProblem(boxes.esign, info, 'e-signature') : null) ??
  boxProblem(boxes.placement, info, 'e-Meterai');

/**
 * What a batch and a bulk template both check before any file arrives: the e-Meterai is square
 * (as the single stamp requires) and the document type is one the provider knows.
 */
export const checkBatchBoxes = async (
  documentTypes: () => Promise<{ kode: string }[]>,
  input: { doc_type: string; placement: TBatchPlacement },
) => {
  const { placement } = input;
  if (Math.abs(placement.width - placement.height) > Math.max(1, 0.02 * placement.width))
    throw new AppError('VALIDATION_FAILED', 'The e-Meterai box must be square', {
      height: 'must equal width',
    });
  if (!(await documentTypes()).some((t) => t.kode === input.doc_type))
    throw new AppError('VALIDATION_FAILED', 'Unknown document type', { doc_type: 'unknown' });
};
