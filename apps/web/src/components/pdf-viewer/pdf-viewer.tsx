import { Alert, Loader, Text } from '@mantine/core';
import { useDebouncedValue, useElementSize } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { geometryOf, signBoxInView, type TDisplayBox, type TPageGeometry } from '@/lib/placement';
import { PlacementBox, type TPageHit, type TViewerBox } from './placement-box';
import classes from './viewer.module.css';

type TPdfViewerProps = {
  /** The PDF bytes; null with `blankPages` shows empty pages of those sizes. */
  data: ArrayBuffer | null;
  blankPages?: TPageGeometry[];
  boxes: TViewerBox[];
  onBoxChange?: (id: string, box: TDisplayBox) => void;
  /** The geometry of every page once the document is open. */
  onPages?: (pages: TPageGeometry[]) => void;
  /** Upper bound of the zoom (pixels per point). */
  maxScale?: number;
  testId?: string;
  /** The bytes could not be fetched: shows the same failure as a PDF that does not open. */
  loadError?: boolean;
};

const MIN_SCALE = 0.25;

/** Scrolls the viewer's page `page` (1-based) into the middle of the screen. */
export const scrollToPdfPage = (page: number) =>
  document
    .querySelector(`[data-testid="pdf-page-${page}"]`)
    ?.scrollIntoView({ behavior: 'smooth', block: 'center' });

/**
 * Where the user is looking: the viewer page nearest the middle of the screen, and the middle of
 * its visible part in display points from the page's top. Null before the pages are shown.
 */
export const pdfPageInView = (): { page: number; centerY: number } | null => {
  const middle = window.innerHeight / 2;
  let best: { element: HTMLElement; rect: DOMRect; distance: number } | null = null;
  for (const element of document.querySelectorAll<HTMLElement>('[data-viewer-page]')) {
    const rect = element.getBoundingClientRect();
    const distance = rect.bottom < middle ? middle - rect.bottom : Math.max(0, rect.top - middle);
    if (!best || distance < best.distance) best = { element, rect, distance };
  }
  if (!best) return null;
  const scale = Number(best.element.dataset.scale) || 1;
  const top = Math.max(best.rect.top, 0);
  const bottom = Math.min(best.rect.bottom, window.innerHeight);
  return {
    page: Number(best.element.dataset.viewerPage),
    centerY: ((top + bottom) / 2 - best.rect.top) / scale,
  };
};

/**
 * A new signature box where the user is looking (`pdfPageInView`); before the pages are shown,
 * on `fallbackPage` near its bottom. `index` shifts each further signer's box.
 */
export const signBoxWhereLooking = (
  pages: TPageGeometry[],
  fallbackPage: number,
  index = 0,
): TDisplayBox | null => {
  const view = pdfPageInView();
  const pageNumber = Math.min(view?.page ?? fallbackPage, Math.max(1, pages.length));
  const page = pages[pageNumber - 1];
  if (!page) return null;
  return signBoxInView(page, pageNumber, view?.centerY ?? page.height - 120, index);
};

/**
 * The document viewer: every page rendered by pdf.js to a canvas at the zoom that fits the width,
 * as a scrolling list (pages render when they come near the screen). Boxes are laid over the
 * pages in display points and converted to pixels with each page's zoom.
 */
export const PdfViewer = ({
  data,
  blankPages,
  boxes,
  onBoxChange,
  onPages,
  maxScale = 2,
  testId = 'pdf-viewer',
  loadError = false,
}: TPdfViewerProps) => {
  const { t } = useTranslation();
  const { ref: sizeRef, width: rawWidth } = useElementSize();
  const [width] = useDebouncedValue(rawWidth, 120);
  const pagesRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [pdfPages, setPdfPages] = useState<TPageGeometry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const onPagesRef = useRef(onPages);
  onPagesRef.current = onPages;

  useEffect(() => {
    if (!data) {
      setPdf(null);
      setPdfPages(null);
      return;
    }
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    setFailed(false);
    setPdfPages(null);
    const load = async () => {
      const { openPdf } = await import('@/lib/pdfjs');
      const task = openPdf(data);
      try {
        const doc = await task.promise;
        opened = doc;
        if (cancelled) {
          void doc.destroy();
          return;
        }
        const geometries: TPageGeometry[] = [];
        for (let n = 1; n <= doc.numPages; n += 1) {
          const page = await doc.getPage(n);
          geometries.push(geometryOf(page.view, page.rotate));
        }
        if (cancelled) return;
        setPdf(doc);
        setPdfPages(geometries);
        onPagesRef.current?.(geometries);
      } catch {
        if (!cancelled) setFailed(true);
      }
    };
    void load();
    return () => {
      cancelled = true;
      setPdf(null);
      if (opened) void opened.destroy();
    };
  }, [data]);

  const pages = data ? pdfPages : (blankPages ?? null);

  useEffect(() => {
    if (!data && blankPages) onPagesRef.current?.(blankPages);
  }, [data, blankPages]);

  const scales = useMemo(
    () =>
      (pages ?? []).map((page) =>
        width > 0 ? Math.min(maxScale, Math.max(MIN_SCALE, width / page.width)) : 0,
      ),
    [pages, width, maxScale],
  );

  const resolvePage = useCallback(
    (clientX: number, clientY: number): TPageHit | null => {
      const root = pagesRef.current;
      if (!root || !pages) return null;
      let best: (TPageHit & { distance: number }) | null = null;
      for (const element of root.querySelectorAll<HTMLElement>('[data-viewer-page]')) {
        const page = Number(element.dataset.viewerPage);
        const geometry = pages[page - 1];
        const scale = scales[page - 1];
        if (!geometry || !scale) continue;
        const rect = element.getBoundingClientRect();
        const dx = clientX < rect.left ? rect.left - clientX : Math.max(0, clientX - rect.right);
        const dy = clientY < rect.top ? rect.top - clientY : Math.max(0, clientY - rect.bottom);
        const distance = Math.hypot(dx, dy);
        if (!best || distance < best.distance) best = { page, rect, scale, geometry, distance };
      }
      return best;
    },
    [pages, scales],
  );

  const geometryAt = useCallback((page: number) => pages?.[page - 1], [pages]);

  if (failed || loadError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {t('stamping.viewer.failed')}
      </Alert>
    );
  }

  return (
    <div ref={sizeRef} className={classes.viewer} data-testid={testId}>
      {!pages || width === 0 ? (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
          <Loader size="md" role="status" aria-label={t('stamping.viewer.loading')} />
        </div>
      ) : (
        <div
          ref={pagesRef}
          className={classes.pages}
          data-testid={`${testId}-pages`}
          data-page-count={pages.length}
        >
          {pages.map((geometry, index) => {
            const n = index + 1;
            const scale = scales[index] ?? 1;
            return (
              <div key={n} className={classes.pageWrap}>
                <div
                  className={classes.page}
                  data-viewer-page={n}
                  data-testid={`pdf-page-${n}`}
                  data-scale={scale}
                  style={{ width: geometry.width * scale, height: geometry.height * scale }}
                >
                  {pdf ? (
                    <PdfPageCanvas pdf={pdf} pageNumber={n} scale={scale} geometry={geometry} />
                  ) : (
                    <div className={classes.blankHint}>{t('stamping.viewer.blankPage')}</div>
                  )}
                  {boxes
                    .filter((item) => item.box.page === n)
                    .map((item) => (
                      <PlacementBox
                        key={item.id}
                        item={item}
                        scale={scale}
                        geometry={geometry}
                        pageCount={pages.length}
                        resolvePage={resolvePage}
                        geometryOf={geometryAt}
                        onChange={(box) => onBoxChange?.(item.id, box)}
                      />
                    ))}
                </div>
                <Text fz="xs" c="dimmed">
                  {t('stamping.viewer.pageOf', { page: n, total: pages.length })}
                </Text>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
};

type TPdfPageCanvasProps = {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  geometry: TPageGeometry;
};

/** One page painted by pdf.js once it is near the screen, sharp on high-density displays. */
const PdfPageCanvas = ({ pdf, pageNumber, scale, geometry }: TPdfPageCanvasProps) => {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [painted, setPainted] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!visible || !canvas || scale <= 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    const paint = async () => {
      const page = await pdf.getPage(pageNumber);
      if (cancelled) return;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = page.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = page.render({ canvas, viewport });
      await task.promise;
      if (!cancelled) setPainted(true);
    };
    paint().catch(() => undefined);
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, scale, visible]);

  return (
    <>
      <canvas
        ref={canvasRef}
        className={classes.canvas}
        style={{ width: geometry.width * scale, height: geometry.height * scale }}
        aria-label={t('stamping.viewer.pageOf', { page: pageNumber, total: pdf.numPages })}
        data-painted={painted || undefined}
      />
      {painted ? null : (
        <div className={classes.pageLoading}>
          <Loader size="sm" />
        </div>
      )}
    </>
  );
};
