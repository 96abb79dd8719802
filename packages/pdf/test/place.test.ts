import { describe, expect, it } from 'vitest';
import { PdfError } from '../src/errors.ts';
import type { PageSize, Rotation } from '../src/place.ts';
import { pdfToViewer, placeToPdf } from '../src/place.ts';

const A4: PageSize = { width: 595, height: 842 };
const A4_LANDSCAPE: PageSize = { width: 842, height: 595 }; // A4 shown with /Rotate 90 or 270

function close(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  expect(a.x).toBeCloseTo(b.x, 6);
  expect(a.y).toBeCloseTo(b.y, 6);
  expect(a.width).toBeCloseTo(b.width, 6);
  expect(a.height).toBeCloseTo(b.height, 6);
}

describe('placeToPdf', () => {
  it('flips the y axis on an unrotated page at zoom 1', () => {
    const r = placeToPdf({ x: 100, y: 50, width: 80, height: 40, scale: 1 }, A4, 0);
    close(r, { x: 100, y: 842 - 50 - 40, width: 80, height: 40 });
  });

  it('divides by the zoom (scale) and accepts the viewport size instead', () => {
    const byScale = placeToPdf({ x: 200, y: 100, width: 160, height: 80, scale: 2 }, A4, 0);
    close(byScale, { x: 100, y: 842 - 50 - 40, width: 80, height: 40 });
    const byViewport = placeToPdf(
      { x: 300, y: 150, width: 240, height: 120, viewportWidth: 595 * 3 },
      A4,
      0,
    );
    close(byViewport, byScale);
    const byHeight = placeToPdf(
      { x: 300, y: 150, width: 240, height: 120, viewportHeight: 842 * 3 },
      A4,
      0,
    );
    close(byHeight, byScale);
  });

  it('maps the four corners of the viewer to the right corners of the page for every rotation', () => {
    const w0 = 595;
    const h0 = 842;
    // top-left 10x10 box in the viewer, expressed in the unrotated user space
    const expected: Record<Rotation, { x: number; y: number; width: number; height: number }> = {
      0: { x: 0, y: h0 - 10, width: 10, height: 10 }, // top-left of the page
      90: { x: 0, y: 0, width: 10, height: 10 }, // bottom-left corner is shown top-left
      180: { x: w0 - 10, y: 0, width: 10, height: 10 }, // bottom-right
      270: { x: w0 - 10, y: h0 - 10, width: 10, height: 10 }, // top-right
    };
    for (const rot of [0, 90, 180, 270] as Rotation[]) {
      const shown = rot === 90 || rot === 270 ? A4_LANDSCAPE : A4;
      close(placeToPdf({ x: 0, y: 0, width: 10, height: 10, scale: 1 }, shown, rot), expected[rot]);
    }
  });

  it('swaps width and height on pages rotated by 90 and 270', () => {
    for (const rot of [90, 270] as Rotation[]) {
      const r = placeToPdf(
        { x: 100, y: 200, width: 120, height: 60, scale: 1.5 },
        A4_LANDSCAPE,
        rot,
      );
      expect(r.width).toBeCloseTo(40, 6);
      expect(r.height).toBeCloseTo(80, 6);
    }
  });

  it('matches pdf.js viewport transforms for a rotated page', () => {
    // pdf.js PageViewport, viewBox [0 0 595 842], scale 2, rotation 90:
    // transform = [0, 2, 2, 0, 0, 0]  (x_view = 2*y_user, y_view = 2*x_user)
    const r = placeToPdf(
      { x: 2 * 300, y: 2 * 100, width: 2 * 50, height: 2 * 20, scale: 2 },
      A4_LANDSCAPE,
      90,
    );
    close(r, { x: 100, y: 300, width: 20, height: 50 });
    // rotation 270: transform = [0, -2, -2, 0, 2*842, 2*595]
    const r270 = placeToPdf(
      { x: 2 * (842 - 350), y: 2 * (595 - 150), width: 2 * 50, height: 2 * 20, scale: 2 },
      A4_LANDSCAPE,
      270,
    );
    close(r270, { x: 130, y: 300, width: 20, height: 50 });
    // rotation 180: transform = [-2, 0, 0, 2, 2*595, 0]
    const r180 = placeToPdf(
      { x: 2 * (595 - 150), y: 2 * 300, width: 2 * 50, height: 2 * 20, scale: 2 },
      A4,
      180,
    );
    close(r180, { x: 100, y: 300, width: 50, height: 20 });
  });

  it('honours a crop box that does not start at the origin', () => {
    const cropped: PageSize = { width: 500, height: 700, x: 50, y: 40 };
    const r = placeToPdf({ x: 0, y: 0, width: 100, height: 50, scale: 1 }, cropped, 0);
    close(r, { x: 50, y: 40 + 700 - 50, width: 100, height: 50 });
    const r90 = placeToPdf(
      { x: 0, y: 0, width: 100, height: 50, scale: 1 },
      { ...cropped, width: 700, height: 500 },
      90,
    );
    close(r90, { x: 50, y: 40, width: 50, height: 100 });
  });

  it('normalises negative and >360 rotations', () => {
    const box = { x: 10, y: 20, width: 30, height: 40, scale: 1 };
    close(placeToPdf(box, A4_LANDSCAPE, -90), placeToPdf(box, A4_LANDSCAPE, 270));
    close(placeToPdf(box, A4, 540), placeToPdf(box, A4, 180));
  });

  it('round-trips through pdfToViewer for every rotation, zoom and crop origin', () => {
    const pages: PageSize[] = [
      A4,
      { width: 612, height: 792 },
      { width: 500, height: 700, x: 50, y: 40 },
    ];
    for (const page of pages) {
      for (const rot of [0, 90, 180, 270] as Rotation[]) {
        const shown =
          rot === 90 || rot === 270 ? { ...page, width: page.height, height: page.width } : page;
        for (const scale of [0.5, 1, 1.333, 2.75]) {
          for (let i = 0; i < 20; i++) {
            const box = {
              x: ((i * 37) % 300) * scale,
              y: ((i * 53) % 400) * scale,
              width: (20 + ((i * 11) % 90)) * scale,
              height: (15 + ((i * 7) % 60)) * scale,
            };
            const rect = placeToPdf({ ...box, scale }, shown, rot);
            const back = pdfToViewer(rect, shown, rot, scale);
            close(back, box);
            // and the rectangle stays inside the page's visible box
            expect(rect.x).toBeGreaterThanOrEqual((page.x ?? 0) - 1e-6);
            expect(rect.y).toBeGreaterThanOrEqual((page.y ?? 0) - 1e-6);
          }
        }
      }
    }
  });

  it('rejects nonsense with typed errors', () => {
    const bad = [
      () => placeToPdf({ x: 0, y: 0, width: 10, height: 10 }, A4, 0), // no scale
      () => placeToPdf({ x: 0, y: 0, width: 0, height: 10, scale: 1 }, A4, 0),
      () => placeToPdf({ x: Number.NaN, y: 0, width: 10, height: 10, scale: 1 }, A4, 0),
      () => placeToPdf({ x: 0, y: 0, width: 10, height: 10, scale: -1 }, A4, 0),
      () => placeToPdf({ x: 0, y: 0, width: 10, height: 10, scale: 1 }, A4, 45),
      () => placeToPdf({ x: 0, y: 0, width: 10, height: 10, scale: 1 }, { width: 0, height: 5 }, 0),
    ];
    for (const f of bad) {
      expect(f).toThrow(PdfError);
      try {
        f();
      } catch (error) {
        expect((error as PdfError).code).toBe('INVALID_ARGUMENT');
      }
    }
  });
});
