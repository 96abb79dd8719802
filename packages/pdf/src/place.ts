/**
 * Placement: the one conversion between the viewer's pixels and PDF points.
 *
 * Viewer space (what pdf.js renders and the user drags on): origin at the top-left of the
 * rendered page, y grows downwards, the page is shown rotated by its /Rotate, at any zoom.
 *
 * PDF space (what the engine draws and signs in): the page's unrotated user space, origin at the
 * bottom-left, in points; the visible area is the crop box `[x, y, x + width, y + height]`.
 *
 * `/Rotate` turns the page clockwise for display, so (unrotated crop box `w0 × h0` at
 * `(x0, y0)`, display point `(dx, dy)` in points from the top-left):
 *
 * |  rot | user x          | user y          |
 * |------|-----------------|-----------------|
 * |    0 | x0 + dx         | y0 + h0 - dy    |
 * |   90 | x0 + dy         | y0 + dx         |
 * |  180 | x0 + w0 - dx    | y0 + dy         |
 * |  270 | x0 + w0 - dy    | y0 + h0 - dx    |
 *
 * (These match pdf.js' `PageViewport` transforms.)
 */
import { PdfError } from './errors.ts';

export type Rotation = 0 | 90 | 180 | 270;

/** A rectangle in PDF points in the page's unrotated user space, bottom-left origin. */
export type PdfRect = { x: number; y: number; width: number; height: number };

/**
 * A box drawn on the rendered page, in viewer pixels from its top-left corner. Give either
 * `scale` (pixels per PDF point, pdf.js' viewport scale, CSS or device pixels consistently) or the
 * size of the rendered page (`viewportWidth`/`viewportHeight`, as displayed, i.e. rotated).
 */
export type ViewerBox = {
  x: number;
  y: number;
  width: number;
  height: number;
  scale?: number;
  viewportWidth?: number;
  viewportHeight?: number;
};

/**
 * The page as the viewer shows it: `width`/`height` AFTER rotation, in points (this is the shape
 * `inspectPdf()` reports per page), plus the crop box origin `x`/`y` (default 0).
 */
export type PageSize = { width: number; height: number; x?: number; y?: number };

const ROTATIONS: readonly Rotation[] = [0, 90, 180, 270];

export function normalizeRotation(value: number): Rotation {
  const r = (((Math.round(value / 90) * 90) % 360) + 360) % 360;
  return ROTATIONS.includes(r as Rotation) ? (r as Rotation) : 0;
}

function finite(...values: (number | undefined)[]): boolean {
  return values.every((v) => v === undefined || Number.isFinite(v));
}

function scaleOf(box: ViewerBox, page: PageSize): number {
  if (box.scale !== undefined) {
    if (!(box.scale > 0))
      throw new PdfError('INVALID_ARGUMENT', 'The viewer scale must be positive.');
    return box.scale;
  }
  if (box.viewportWidth !== undefined && box.viewportWidth > 0)
    return box.viewportWidth / page.width;
  if (box.viewportHeight !== undefined && box.viewportHeight > 0) {
    return box.viewportHeight / page.height;
  }
  throw new PdfError(
    'INVALID_ARGUMENT',
    'Give the viewer scale or the rendered viewport size with the box.',
  );
}

/** Unrotated crop box size from the displayed size. */
function unrotatedSize(page: PageSize, rotation: Rotation): { w0: number; h0: number } {
  return rotation === 90 || rotation === 270
    ? { w0: page.height, h0: page.width }
    : { w0: page.width, h0: page.height };
}

function displayToUser(
  dx: number,
  dy: number,
  page: PageSize,
  rotation: Rotation,
): { ux: number; uy: number } {
  const x0 = page.x ?? 0;
  const y0 = page.y ?? 0;
  const { w0, h0 } = unrotatedSize(page, rotation);
  switch (rotation) {
    case 0:
      return { ux: x0 + dx, uy: y0 + h0 - dy };
    case 90:
      return { ux: x0 + dy, uy: y0 + dx };
    case 180:
      return { ux: x0 + w0 - dx, uy: y0 + dy };
    case 270:
      return { ux: x0 + w0 - dy, uy: y0 + h0 - dx };
  }
}

function userToDisplay(
  ux: number,
  uy: number,
  page: PageSize,
  rotation: Rotation,
): { dx: number; dy: number } {
  const x0 = page.x ?? 0;
  const y0 = page.y ?? 0;
  const { w0, h0 } = unrotatedSize(page, rotation);
  switch (rotation) {
    case 0:
      return { dx: ux - x0, dy: y0 + h0 - uy };
    case 90:
      return { dx: uy - y0, dy: ux - x0 };
    case 180:
      return { dx: x0 + w0 - ux, dy: uy - y0 };
    case 270:
      return { dx: y0 + h0 - uy, dy: x0 + w0 - ux };
  }
}

/**
 * Convert a box drawn in the viewer (pixels, top-left origin, rotated page, any zoom) into a
 * rectangle in PDF points in the page's unrotated user space (bottom-left origin), ready to be
 * passed as `rect` to `stampMeterai` / `signPdf`. The stamp is drawn upright as the viewer shows it.
 */
export function placeToPdf(viewerBox: ViewerBox, pageSize: PageSize, rotation: number): PdfRect {
  if (
    !finite(viewerBox.x, viewerBox.y, viewerBox.width, viewerBox.height, viewerBox.scale) ||
    !finite(pageSize.width, pageSize.height, pageSize.x, pageSize.y)
  ) {
    throw new PdfError('INVALID_ARGUMENT', 'The placement contains a non-numeric value.');
  }
  if (!(pageSize.width > 0 && pageSize.height > 0)) {
    throw new PdfError('INVALID_ARGUMENT', 'The page size must be positive.');
  }
  if (!(viewerBox.width > 0 && viewerBox.height > 0)) {
    throw new PdfError('INVALID_ARGUMENT', 'The box must have a positive width and height.');
  }
  if (rotation % 90 !== 0) {
    throw new PdfError('INVALID_ARGUMENT', 'The page rotation must be a multiple of 90 degrees.');
  }
  const rot = normalizeRotation(rotation);
  const s = scaleOf(viewerBox, pageSize);
  const a = displayToUser(viewerBox.x / s, viewerBox.y / s, pageSize, rot);
  const b = displayToUser(
    (viewerBox.x + viewerBox.width) / s,
    (viewerBox.y + viewerBox.height) / s,
    pageSize,
    rot,
  );
  return {
    x: Math.min(a.ux, b.ux),
    y: Math.min(a.uy, b.uy),
    width: Math.abs(b.ux - a.ux),
    height: Math.abs(b.uy - a.uy),
  };
}

/**
 * The inverse of `placeToPdf`: where a PDF rectangle (unrotated user space) appears in the viewer
 * at `scale` pixels per point. Used to show existing stamps/signatures in the viewer.
 */
export function pdfToViewer(
  rect: PdfRect,
  pageSize: PageSize,
  rotation: number,
  scale: number,
): { x: number; y: number; width: number; height: number } {
  if (!(scale > 0)) throw new PdfError('INVALID_ARGUMENT', 'The viewer scale must be positive.');
  const rot = normalizeRotation(rotation);
  const a = userToDisplay(rect.x, rect.y, pageSize, rot);
  const b = userToDisplay(rect.x + rect.width, rect.y + rect.height, pageSize, rot);
  return {
    x: Math.min(a.dx, b.dx) * scale,
    y: Math.min(a.dy, b.dy) * scale,
    width: Math.abs(b.dx - a.dx) * scale,
    height: Math.abs(b.dy - a.dy) * scale,
  };
}

/** Does `rect` lie within the crop box (with `tolerance` points of slack)? */
export function rectWithinPage(
  rect: PdfRect,
  box: { x: number; y: number; width: number; height: number },
  tolerance = 0.5,
): boolean {
  return (
    rect.x >= box.x - tolerance &&
    rect.y >= box.y - tolerance &&
    rect.x + rect.width <= box.x + box.width + tolerance &&
    rect.y + rect.height <= box.y + box.height + tolerance
  );
}
