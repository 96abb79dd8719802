import type { TPlacement } from '@bubuh/contracts';
import { useCallback, useState } from 'react';
import { scrollToPdfPage } from '@/components/pdf-viewer/pdf-viewer';
import { moveItem } from '@/lib/move-item';
import {
  fromPdfPlacement,
  moveToPage,
  type TDisplayBox,
  type TPageGeometry,
  toPdfPlacement,
} from '@/lib/placement';

/** One box of an ordered list (signers of a template or of a document): `key` names it. */
export type TKeyedBox = { key: string };

/**
 * What the four placement editors (draft stamp, signing, template editor, template stamp) share:
 * the pages the viewer reported, conversions between display boxes and PDF placements, moving a
 * box to another page (clamped, then scrolled into view) and an ordered list of boxes (add, update,
 * remove, move up/down for the signing order).
 */
export const usePlacementEditor = <T extends TKeyedBox = TKeyedBox>(initial: T[] = []) => {
  const [pages, setPages] = useState<TPageGeometry[]>([]);
  const [items, setItems] = useState<T[]>(initial);

  /** A display box as PDF points, or null while its page is not known yet. */
  const placementOf = useCallback(
    (box: TDisplayBox, on: readonly TPageGeometry[] = pages): TPlacement | null => {
      const geometry = on[box.page - 1];
      return geometry ? toPdfPlacement(box, geometry) : null;
    },
    [pages],
  );

  /** A stored placement on the loaded pages, or null when its page is not shown. */
  const displayOf = useCallback(
    (placement: TPlacement | null | undefined, on: readonly TPageGeometry[] = pages) =>
      placement ? fromPdfPlacement(placement, on) : null,
    [pages],
  );

  /**
   * `current` moved to page `value` (a page field's value), clamped to `pageCount` (default: the
   * loaded pages), and the viewer scrolled there. Null for an empty or non-numeric field.
   */
  const boxOnPage = (
    current: TDisplayBox | null,
    value: number | string | null,
    {
      on = pages,
      pageCount = pages.length,
    }: { on?: readonly TPageGeometry[]; pageCount?: number } = {},
  ): TDisplayBox | null => {
    const wanted = typeof value === 'string' ? Number(value) : value;
    if (!current || wanted === null || !Number.isFinite(wanted)) return null;
    const page = Math.min(Math.max(1, Math.round(wanted)), Math.max(1, pageCount));
    const moved = moveToPage(current, page, on);
    window.setTimeout(() => scrollToPdfPage(moved.page), 50);
    return moved;
  };

  const add = (item: T) => setItems((list) => [...list, item]);
  const update = (key: string, change: (item: T) => T) =>
    setItems((list) => list.map((item) => (item.key === key ? change(item) : item)));
  const remove = (key: string) => setItems((list) => list.filter((item) => item.key !== key));
  const move = (index: number, delta: number) => setItems((list) => moveItem(list, index, delta));

  return {
    pages,
    setPages,
    placementOf,
    displayOf,
    boxOnPage,
    items,
    setItems,
    add,
    update,
    remove,
    move,
  };
};
