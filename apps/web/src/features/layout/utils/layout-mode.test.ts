import { LAYOUT_BREAKPOINT_PX } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { isEditorStacked, isVerticalForced, parseLayoutMode, resolveLayout } from './layout-mode';

describe('layout decision', () => {
  it('forces the side menu below 1200px', () => {
    expect(LAYOUT_BREAKPOINT_PX).toBe(1200);
    expect(isVerticalForced(1199)).toBe(true);
    expect(isVerticalForced(375)).toBe(true);
    expect(isVerticalForced(1200)).toBe(false);
    expect(isVerticalForced(1920)).toBe(false);
  });

  it('honours the preference from 1200px up', () => {
    expect(resolveLayout('horizontal', 1200)).toBe('horizontal');
    expect(resolveLayout('horizontal', 1440)).toBe('horizontal');
    expect(resolveLayout('vertical', 1440)).toBe('vertical');
  });

  it('draws vertical below 1200px whatever was chosen', () => {
    expect(resolveLayout('horizontal', 1199)).toBe('vertical');
    expect(resolveLayout('horizontal', 768)).toBe('vertical');
    expect(resolveLayout('vertical', 768)).toBe('vertical');
  });

  it('stacks editors where the document beside the panel would be too narrow', () => {
    // 1000 px with the side menu shown: one column; the menu folded away: two.
    expect(isEditorStacked(1000, false)).toBe(true);
    expect(isEditorStacked(1000, true)).toBe(false);
    expect(isEditorStacked(900, true)).toBe(true);
    expect(isEditorStacked(1366, false)).toBe(false);
  });

  it('reads a stored preference defensively', () => {
    expect(parseLayoutMode('horizontal')).toBe('horizontal');
    expect(parseLayoutMode('vertical')).toBe('vertical');
    expect(parseLayoutMode(null)).toBe('vertical');
    expect(parseLayoutMode('"horizontal"')).toBe('vertical');
    expect(parseLayoutMode('sideways')).toBe('vertical');
  });
});
