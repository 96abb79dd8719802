import {
  type KeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useRef,
  useState,
} from 'react';
import {
  boxToPixels,
  clampBox,
  resizeBox,
  type TDisplayBox,
  type TPageGeometry,
} from '@/lib/placement';
import classes from './viewer.module.css';

/** A box the viewer shows on a page: the e-Meterai, a signature, or a read-only marker. */
export type TViewerBox = {
  id: string;
  box: TDisplayBox;
  kind: 'stamp' | 'sign';
  editable: boolean;
  /** Keep width = height while resizing (the e-Meterai). */
  square?: boolean;
  /** Accessible name; also the tooltip. */
  label: string;
  /** What the box shows inside (defaults to the label). */
  content?: ReactNode;
  testId?: string;
};

/** The page under a point of the screen (or the nearest one), with its position and zoom. */
export type TPageHit = { page: number; rect: DOMRect; scale: number; geometry: TPageGeometry };

type TPlacementBoxProps = {
  item: TViewerBox;
  scale: number;
  geometry: TPageGeometry;
  pageCount: number;
  resolvePage: (clientX: number, clientY: number) => TPageHit | null;
  geometryOf: (page: number) => TPageGeometry | undefined;
  onChange: (box: TDisplayBox) => void;
};

type TGesture =
  | {
      mode: 'move';
      pointerId: number;
      clientX: number;
      clientY: number;
      scrollX: number;
      scrollY: number;
      rect: DOMRect;
    }
  | { mode: 'resize'; pointerId: number; clientX: number; clientY: number };

/** Distance (px) from the window edge where a drag scrolls the page. */
const EDGE = 48;
const CLICK_SLOP = 3;

/** Arrow keys move a box (x, y direction); the step is the caller's. */
const ARROW_MOVES: Partial<Record<string, [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** `+` (or `=`, the same key unshifted) grows a box, `-` shrinks it. */
const GROW_KEYS: Partial<Record<string, 1 | -1>> = { '+': 1, '=': 1, '-': -1 };

/**
 * A draggable, resizable box. It lives in its page's layer; while dragged it follows the pointer
 * (even over other pages) and on release lands on the page under the pointer, converted to that
 * page's points and kept inside it. Arrow keys nudge it (Shift: faster), +/− resize it, Page Up /
 * Page Down move it to the previous / next page.
 */
export const PlacementBox = ({
  item,
  scale,
  geometry,
  pageCount,
  resolvePage,
  geometryOf,
  onChange,
}: TPlacementBoxProps) => {
  const gesture = useRef<TGesture | null>(null);
  const [offset, setOffset] = useState<{ dx: number; dy: number } | null>(null);
  const [liveSize, setLiveSize] = useState<TDisplayBox | null>(null);
  const shown = liveSize ?? item.box;
  const px = boxToPixels(shown, scale);

  const finishMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = gesture.current;
    if (start?.mode !== 'move') return;
    const moved = {
      x: event.clientX - start.clientX,
      y: event.clientY - start.clientY,
    };
    if (Math.abs(moved.x) < CLICK_SLOP && Math.abs(moved.y) < CLICK_SLOP) return;
    const left = start.rect.left + moved.x;
    const top = start.rect.top + moved.y;
    const hit =
      resolvePage(event.clientX, event.clientY) ??
      resolvePage(left + start.rect.width / 2, top + start.rect.height / 2);
    if (!hit) return;
    onChange(
      clampBox(
        {
          page: hit.page,
          x: (left - hit.rect.left) / hit.scale,
          y: (top - hit.rect.top) / hit.scale,
          width: item.box.width,
          height: item.box.height,
        },
        hit.geometry,
      ),
    );
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!item.editable || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    const isHandle = (event.target as HTMLElement).dataset.handle === 'resize';
    gesture.current = isHandle
      ? {
          mode: 'resize',
          pointerId: event.pointerId,
          clientX: event.clientX,
          clientY: event.clientY,
        }
      : {
          mode: 'move',
          pointerId: event.pointerId,
          clientX: event.clientX,
          clientY: event.clientY,
          scrollX: window.scrollX,
          scrollY: window.scrollY,
          rect: event.currentTarget.getBoundingClientRect(),
        };
    if (!isHandle) setOffset({ dx: 0, dy: 0 });
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = gesture.current;
    if (!start || start.pointerId !== event.pointerId) return;
    if (start.mode === 'resize') {
      const dx = (event.clientX - start.clientX) / scale;
      const dy = (event.clientY - start.clientY) / scale;
      setLiveSize(
        resizeBox(
          item.box,
          geometry,
          { width: item.box.width + dx, height: item.box.height + dy },
          item.square ?? false,
        ),
      );
      return;
    }
    // Near the window's top or bottom edge the page scrolls, so a box can travel to any page.
    if (event.clientY < EDGE) window.scrollBy(0, -16);
    else if (event.clientY > window.innerHeight - EDGE) window.scrollBy(0, 16);
    setOffset({
      dx: event.clientX - start.clientX + (window.scrollX - start.scrollX),
      dy: event.clientY - start.clientY + (window.scrollY - start.scrollY),
    });
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = gesture.current;
    if (!start || start.pointerId !== event.pointerId) return;
    if (start.mode === 'move') finishMove(event);
    else if (liveSize) onChange(liveSize);
    gesture.current = null;
    setOffset(null);
    setLiveSize(null);
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };

  const onPointerCancel = () => {
    gesture.current = null;
    setOffset(null);
    setLiveSize(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!item.editable) return;
    const step = event.shiftKey ? 10 : 2;
    const box = item.box;
    let next: TDisplayBox | null = null;
    const arrow = ARROW_MOVES[event.key];
    const grow = GROW_KEYS[event.key];
    if (arrow) {
      next = clampBox({ ...box, x: box.x + arrow[0] * step, y: box.y + arrow[1] * step }, geometry);
    } else if (grow) {
      next = resizeBox(
        box,
        geometry,
        { width: box.width + grow * 5, height: box.height + grow * (item.square ? 5 : 2) },
        item.square ?? false,
      );
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      const target = box.page + (event.key === 'PageUp' ? -1 : 1);
      const targetGeometry = geometryOf(target);
      if (target >= 1 && target <= pageCount && targetGeometry) {
        next = clampBox({ ...box, page: target }, targetGeometry);
      }
    } else {
      return;
    }
    event.preventDefault();
    if (next) onChange(next);
  };

  const fontSize = Math.max(8, Math.min(16, Math.min(px.width, px.height) * 0.16));

  const common = {
    className: classes.box,
    'data-kind': item.kind,
    'data-page': item.box.page,
    'data-testid': item.testId,
    title: item.label,
    style: {
      left: px.x,
      top: px.y,
      width: px.width,
      height: px.height,
      fontSize,
      transform: offset ? `translate(${offset.dx}px, ${offset.dy}px)` : undefined,
    },
  };
  const inner = item.content ?? <span className={classes.boxTitle}>{item.label}</span>;

  if (!item.editable) {
    return (
      <div {...common} role="img" aria-label={item.label} data-readonly>
        {inner}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a positioned drag handle holding block content, not a form button
    <div
      {...common}
      role="button"
      tabIndex={0}
      aria-label={item.label}
      data-dragging={offset ? true : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onKeyDown={onKeyDown}
    >
      {inner}
      <span className={classes.handle} data-handle="resize" aria-hidden />
    </div>
  );
};
