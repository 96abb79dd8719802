import { DEFAULT_STAMP_SIZE_PT, type TPlacement } from '@bubuh/contracts';
// The one tested viewer ↔ PDF conversion of the PDF engine, through its browser-safe subpath
// export: the package entry ('@bubuh/pdf') also loads Node-only modules (node:crypto, node:zlib).
import { type PageSize, pdfToViewer, placeToPdf } from '@bubuh/pdf/place';

/**
 * Placement boxes of the viewer.
 *
 * The viewer keeps every box in *display points*: points from the top-left corner of the page as
 * it is shown (rotated by its /Rotate), independent of the zoom. Pixels are display points × the
 * page's scale; PDF placements (bottom-left origin, unrotated user space) come from `placeToPdf`.
 */

/** A page as the viewer shows it: displayed size in points, crop-box origin and /Rotate. */
export type TPageGeometry = {
  /** Width and height AFTER rotation, in points. */
  width: number;
  height: number;
  /** Crop box origin in user space (usually 0). */
  x: number;
  y: number;
  rotation: number;
};

/** A box on a displayed page, in points from the page's top-left corner (1-based page). */
export type TDisplayBox = { page: number; x: number; y: number; width: number; height: number };

/** Spec §9 / research §1.6: the e-Meterai is a square, 75 pt by default, 60–100 pt recommended. */
export const STAMP_EDGE = {
  default: DEFAULT_STAMP_SIZE_PT,
  min: 50,
  max: 150,
  recommendedMin: 60,
  recommendedMax: 100,
};

/** An e-signature box: a landscape rectangle. */
export const SIGN_BOX = { width: 150, height: 60, minWidth: 40, minHeight: 20 };

/** Margin of a newly placed box from the page edges, in points. */
const MARGIN = 40;

/** A4 portrait, used where no sample document is loaded (template editor). */
export const A4: TPageGeometry = { width: 595.28, height: 841.89, x: 0, y: 0, rotation: 0 };

const round2 = (value: number) => Math.round(value * 100) / 100;

const clampNumber = (value: number, min: number, max: number) =>
  Math.min(Math.max(value, min), Math.max(min, max));

/** The page's geometry from pdf.js (`page.view` = [x0, y0, x1, y1], `page.rotate`). */
export const geometryOf = (view: readonly number[], rotate: number): TPageGeometry => {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  const w0 = Math.abs(x1 - x0);
  const h0 = Math.abs(y1 - y0);
  const rotation = (((Math.round(rotate / 90) * 90) % 360) + 360) % 360;
  const turned = rotation === 90 || rotation === 270;
  return {
    width: turned ? h0 : w0,
    height: turned ? w0 : h0,
    x: Math.min(x0, x1),
    y: Math.min(y0, y1),
    rotation,
  };
};

const pageSizeOf = (geometry: TPageGeometry): PageSize => ({
  width: geometry.width,
  height: geometry.height,
  x: geometry.x,
  y: geometry.y,
});

/** Keeps a box inside its page (and no larger than the page). */
export const clampBox = (box: TDisplayBox, page: TPageGeometry): TDisplayBox => {
  const width = Math.min(box.width, page.width);
  const height = Math.min(box.height, page.height);
  return {
    page: box.page,
    width,
    height,
    x: clampNumber(box.x, 0, page.width - width),
    y: clampNumber(box.y, 0, page.height - height),
  };
};

/** A box drawn in the viewer's pixels (top-left origin) at `scale` pixels per point. */
export const boxFromPixels = (
  page: number,
  pixels: { x: number; y: number; width: number; height: number },
  scale: number,
): TDisplayBox => ({
  page,
  x: pixels.x / scale,
  y: pixels.y / scale,
  width: pixels.width / scale,
  height: pixels.height / scale,
});

/** Where a box appears in the viewer at `scale` pixels per point. */
export const boxToPixels = (box: TDisplayBox, scale: number) => ({
  x: box.x * scale,
  y: box.y * scale,
  width: box.width * scale,
  height: box.height * scale,
});

/** The placement the API expects: PDF points, bottom-left origin, the page's unrotated space. */
export const toPdfPlacement = (box: TDisplayBox, page: TPageGeometry): TPlacement => {
  const rect = placeToPdf(
    { x: box.x, y: box.y, width: box.width, height: box.height, scale: 1 },
    pageSizeOf(page),
    page.rotation,
  );
  return {
    page: box.page,
    x: Math.max(0, round2(rect.x)),
    y: Math.max(0, round2(rect.y)),
    width: round2(rect.width),
    height: round2(rect.height),
  };
};

/**
 * A stored placement (draft, template, signer) shown on `pages`. A page past the end means the
 * last page (as the stamping adapter does); the box is kept inside the page.
 */
export const fromPdfPlacement = (
  placement: TPlacement,
  pages: readonly TPageGeometry[],
): TDisplayBox | null => {
  if (pages.length === 0) return null;
  const index = clampNumber(Math.round(placement.page), 1, pages.length);
  const page = pages[index - 1];
  if (!page) return null;
  const shown = pdfToViewer(
    { x: placement.x, y: placement.y, width: placement.width, height: placement.height },
    pageSizeOf(page),
    page.rotation,
    1,
  );
  return clampBox({ page: index, ...shown }, page);
};

/** A new square e-Meterai box: bottom-right of the page, 75 pt. */
export const defaultStampBox = (
  page: TPageGeometry,
  pageNumber = 1,
  edge = STAMP_EDGE.default,
): TDisplayBox =>
  clampBox(
    {
      page: pageNumber,
      width: edge,
      height: edge,
      x: page.width - edge - MARGIN,
      y: page.height - edge - MARGIN * 2,
    },
    page,
  );

/** A new signature box, bottom-left of the page, shifted down for each further signer. */
export const defaultSignBox = (page: TPageGeometry, pageNumber = 1, index = 0): TDisplayBox =>
  clampBox(
    {
      page: pageNumber,
      width: SIGN_BOX.width,
      height: SIGN_BOX.height,
      x: MARGIN + (index % 3) * (SIGN_BOX.width + 12),
      y:
        page.height - SIGN_BOX.height - MARGIN * 2 - Math.floor(index / 3) * (SIGN_BOX.height + 12),
    },
    page,
  );

/**
 * A new signature box where the user is looking: centred on `centerY` (display points from the
 * page's top, the middle of its part on screen), each further signer one row lower.
 */
export const signBoxInView = (
  page: TPageGeometry,
  pageNumber: number,
  centerY: number,
  index = 0,
): TDisplayBox =>
  clampBox(
    {
      page: pageNumber,
      width: SIGN_BOX.width,
      height: SIGN_BOX.height,
      x: MARGIN + (index % 3) * (SIGN_BOX.width + 12),
      y: centerY - SIGN_BOX.height / 2 + Math.floor(index / 3) * (SIGN_BOX.height + 12),
    },
    page,
  );

/** The e-Meterai edge kept within the allowed range. */
export const clampEdge = (edge: number) =>
  clampNumber(Math.round(edge), STAMP_EDGE.min, STAMP_EDGE.max);

/** Resizes a box from its top-left corner; `square` keeps width = height. */
export const resizeBox = (
  box: TDisplayBox,
  page: TPageGeometry,
  size: { width: number; height: number },
  square: boolean,
): TDisplayBox => {
  if (square) {
    const edge = Math.min(
      clampEdge(Math.max(size.width, size.height)),
      page.width - box.x,
      page.height - box.y,
    );
    return { ...box, width: edge, height: edge };
  }
  const width = clampNumber(size.width, SIGN_BOX.minWidth, page.width - box.x);
  const height = clampNumber(size.height, SIGN_BOX.minHeight, page.height - box.y);
  return { ...box, width, height };
};

/** Moves a box to another page, keeping its position where it fits. */
export const moveToPage = (
  box: TDisplayBox,
  pageNumber: number,
  pages: readonly TPageGeometry[],
): TDisplayBox => {
  const page = pages[pageNumber - 1];
  if (!page) return box;
  return clampBox({ ...box, page: pageNumber }, page);
};

/**
 * Research §1.6: the e-Meterai goes beside the signature (usually to its right), not over it.
 * A new stamp box next to `signature`, on its page; to its left when the right has no room.
 */
export const stampBesideBox = (
  signature: TDisplayBox,
  page: TPageGeometry,
  edge = STAMP_EDGE.default,
): TDisplayBox => {
  const gap = 12;
  const right = signature.x + signature.width + gap;
  const x = right + edge <= page.width ? right : signature.x - gap - edge;
  return clampBox(
    {
      page: signature.page,
      x,
      y: signature.y + signature.height / 2 - edge / 2,
      width: edge,
      height: edge,
    },
    page,
  );
};
