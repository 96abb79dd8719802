import { describe, expect, it } from 'vitest';
import { SPECIMEN_MAX_BYTES, specimenFileProblem, strokeSegments } from './specimen';

describe('specimen upload checks', () => {
  it('accepts PNG and JPEG up to 1 MB', () => {
    expect(specimenFileProblem({ type: 'image/png', size: 2_000 })).toBeNull();
    expect(specimenFileProblem({ type: 'image/jpeg', size: SPECIMEN_MAX_BYTES })).toBeNull();
  });
  it('refuses other types and larger files', () => {
    expect(specimenFileProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(specimenFileProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(specimenFileProblem({ type: 'image/png', size: SPECIMEN_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('stroke smoothing', () => {
  it('draws a dot for a tap and a line for two samples', () => {
    expect(strokeSegments([])).toEqual([]);
    expect(strokeSegments([{ x: 1, y: 2 }])).toEqual([{ kind: 'dot', at: { x: 1, y: 2 } }]);
    expect(
      strokeSegments([
        { x: 0, y: 0 },
        { x: 4, y: 0 },
      ]),
    ).toEqual([{ kind: 'line', from: { x: 0, y: 0 }, to: { x: 4, y: 0 } }]);
  });
  it('joins longer strokes with curves through the midpoints, ending on the last sample', () => {
    const segments = strokeSegments([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 10 },
    ]);
    expect(segments.map((s) => s.kind)).toEqual(['line', 'curve', 'curve', 'line']);
    expect(segments[1]).toEqual({
      kind: 'curve',
      from: { x: 5, y: 0 },
      control: { x: 10, y: 0 },
      to: { x: 10, y: 5 },
    });
    // Each piece starts where the previous ended: the line is continuous.
    for (let i = 1; i < segments.length; i += 1) {
      const prev = segments[i - 1];
      const cur = segments[i];
      if (prev && prev.kind !== 'dot' && cur && cur.kind !== 'dot')
        expect(cur.from).toEqual(prev.to);
    }
    expect(segments.at(-1)).toMatchObject({ to: { x: 20, y: 10 } });
  });
});
