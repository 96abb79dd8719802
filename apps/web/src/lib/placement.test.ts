import { describe, expect, it } from 'vitest';
import {
  A4,
  boxFromPixels,
  boxToPixels,
  clampBox,
  defaultStampBox,
  fromPdfPlacement,
  geometryOf,
  moveToPage,
  resizeBox,
  STAMP_EDGE,
  stampBesideBox,
  toPdfPlacement,
} from './placement';

const LETTER = { width: 612, height: 792, x: 0, y: 0, rotation: 0 };

describe('viewer boxes ↔ PDF placements', () => {
  it('reads the page geometry of pdf.js, rotated pages swapped', () => {
    expect(geometryOf([0, 0, 595, 842], 0)).toEqual({
      width: 595,
      height: 842,
      x: 0,
      y: 0,
      rotation: 0,
    });
    expect(geometryOf([10, 20, 605, 862], 90)).toEqual({
      width: 842,
      height: 595,
      x: 10,
      y: 20,
      rotation: 90,
    });
    expect(geometryOf([0, 0, 595, 842], -90).rotation).toBe(270);
  });

  it('flips the y axis: a box at the top-left becomes a rect near the top in PDF points', () => {
    const box = { page: 1, x: 100, y: 50, width: 75, height: 75 };
    expect(toPdfPlacement(box, LETTER)).toEqual({
      page: 1,
      x: 100,
      y: 792 - 50 - 75,
      width: 75,
      height: 75,
    });
  });

  it('is independent of the zoom: pixels at any scale give the same placement', () => {
    for (const scale of [0.5, 1, 1.37, 2]) {
      const pixels = { x: 100 * scale, y: 50 * scale, width: 75 * scale, height: 75 * scale };
      const box = boxFromPixels(2, pixels, scale);
      expect(toPdfPlacement(box, LETTER)).toEqual({
        page: 2,
        x: 100,
        y: 667,
        width: 75,
        height: 75,
      });
      const back = boxToPixels(box, scale);
      expect(back.x).toBeCloseTo(pixels.x);
      expect(back.height).toBeCloseTo(pixels.height);
    }
  });

  it('handles the crop box origin and every rotation, and round-trips', () => {
    for (const rotation of [0, 90, 180, 270]) {
      const turned = rotation % 180 !== 0;
      const page = {
        width: turned ? 842 : 595,
        height: turned ? 595 : 842,
        x: 12,
        y: 30,
        rotation,
      };
      const box = { page: 1, x: 123.5, y: 201.25, width: 75, height: 75 };
      const placement = toPdfPlacement(box, page);
      expect(placement.width).toBeCloseTo(75);
      expect(placement.x).toBeGreaterThanOrEqual(12);
      expect(placement.y).toBeGreaterThanOrEqual(30);
      const shown = fromPdfPlacement(placement, [page]);
      expect(shown?.x).toBeCloseTo(box.x, 1);
      expect(shown?.y).toBeCloseTo(box.y, 1);
      expect(shown?.width).toBeCloseTo(75, 1);
    }
  });

  it('a rotated page (90°) maps the displayed top-left to the unrotated user space', () => {
    // Displayed 842 × 595 (landscape view of a portrait page rotated 90° clockwise).
    const page = { width: 842, height: 595, x: 0, y: 0, rotation: 90 };
    // Table of place.ts: rot 90 → user x = dy, user y = dx.
    const placement = toPdfPlacement({ page: 1, x: 10, y: 20, width: 50, height: 50 }, page);
    expect(placement).toEqual({ page: 1, x: 20, y: 10, width: 50, height: 50 });
  });

  it('puts a stored placement past the last page on the last page, inside the page', () => {
    const shown = fromPdfPlacement({ page: 5, x: 580, y: 10, width: 75, height: 75 }, [LETTER, A4]);
    expect(shown?.page).toBe(2);
    expect((shown?.x ?? 0) + (shown?.width ?? 0)).toBeLessThanOrEqual(A4.width);
    expect(fromPdfPlacement({ page: 1, x: 0, y: 0, width: 75, height: 75 }, [])).toBeNull();
  });

  it('keeps boxes inside the page', () => {
    expect(clampBox({ page: 1, x: -20, y: 900, width: 75, height: 75 }, LETTER)).toEqual({
      page: 1,
      x: 0,
      y: 792 - 75,
      width: 75,
      height: 75,
    });
    expect(clampBox({ page: 1, x: 0, y: 0, width: 2000, height: 10 }, LETTER).width).toBe(612);
  });

  it('places a new e-Meterai as a 75 pt square at the bottom-right of the page', () => {
    const box = defaultStampBox(A4);
    expect(box.width).toBe(STAMP_EDGE.default);
    expect(box.height).toBe(STAMP_EDGE.default);
    expect(box.x + box.width).toBeLessThan(A4.width);
    expect(box.y + box.height).toBeLessThan(A4.height);
    expect(box.x).toBeGreaterThan(A4.width / 2);
    expect(box.y).toBeGreaterThan(A4.height / 2);
  });

  it('resizes the stamp as a square within the allowed edge, and signatures freely', () => {
    const box = { page: 1, x: 100, y: 100, width: 75, height: 75 };
    expect(resizeBox(box, LETTER, { width: 90, height: 80 }, true)).toMatchObject({
      width: 90,
      height: 90,
    });
    expect(resizeBox(box, LETTER, { width: 10, height: 10 }, true).width).toBe(STAMP_EDGE.min);
    expect(resizeBox(box, LETTER, { width: 900, height: 900 }, true).width).toBe(STAMP_EDGE.max);
    const nearEdge = { page: 1, x: 580, y: 100, width: 20, height: 20 };
    expect(resizeBox(nearEdge, LETTER, { width: 100, height: 100 }, true).width).toBe(32);
    expect(resizeBox(box, LETTER, { width: 200, height: 50 }, false)).toMatchObject({
      width: 200,
      height: 50,
    });
  });

  it('moves a box to another page and keeps it on that page', () => {
    const box = { page: 1, x: 550, y: 800, width: 75, height: 75 };
    const moved = moveToPage(box, 2, [A4, LETTER]);
    expect(moved.page).toBe(2);
    expect(moved.x + moved.width).toBeLessThanOrEqual(LETTER.width);
    expect(moved.y + moved.height).toBeLessThanOrEqual(LETTER.height);
    expect(moveToPage(box, 3, [A4, LETTER])).toBe(box);
  });

  it('puts a new stamp beside the signature: right of it, or left when there is no room', () => {
    const signature = { page: 2, x: 40, y: 600, width: 150, height: 60 };
    expect(stampBesideBox(signature, A4)).toEqual({
      page: 2,
      x: 202,
      y: 600 + 30 - 37.5,
      width: 75,
      height: 75,
    });
    const atRight = { page: 1, x: 480, y: 600, width: 100, height: 60 };
    expect(stampBesideBox(atRight, A4).x).toBe(480 - 12 - 75);
  });
});
