/** Server limits of a specimen upload (POST /api/v1/esign): PNG or JPEG up to 1 MB. */
export const SPECIMEN_MAX_BYTES = 1024 * 1024;
export const SPECIMEN_TYPES = ['image/png', 'image/jpeg'] as const;

export type TSpecimenFileProblem = 'type' | 'size' | null;

export const specimenFileProblem = (file: { type: string; size: number }): TSpecimenFileProblem => {
  if (!(SPECIMEN_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > SPECIMEN_MAX_BYTES) return 'size';
  return null;
};

export type TPoint = { x: number; y: number };

export type TSegment =
  | { kind: 'dot'; at: TPoint }
  | { kind: 'line'; from: TPoint; to: TPoint }
  | { kind: 'curve'; from: TPoint; control: TPoint; to: TPoint };

export const midpoint = (a: TPoint, b: TPoint): TPoint => ({
  x: (a.x + b.x) / 2,
  y: (a.y + b.y) / 2,
});

/**
 * A stroke as smooth pieces: quadratic curves through the midpoints of consecutive samples, with
 * the samples as control points (the usual "smooth signature" technique).
 */
export const strokeSegments = (points: TPoint[]): TSegment[] => {
  const [first, second] = points;
  if (!first) return [];
  if (!second) return [{ kind: 'dot', at: first }];
  if (points.length === 2) return [{ kind: 'line', from: first, to: second }];
  const segments: TSegment[] = [{ kind: 'line', from: first, to: midpoint(first, second) }];
  for (let i = 1; i < points.length - 1; i += 1) {
    const control = points[i] as TPoint;
    const next = points[i + 1] as TPoint;
    segments.push({
      kind: 'curve',
      from: midpoint(points[i - 1] as TPoint, control),
      control,
      to: midpoint(control, next),
    });
  }
  const last = points[points.length - 1] as TPoint;
  segments.push({
    kind: 'line',
    from: midpoint(points[points.length - 2] as TPoint, last),
    to: last,
  });
  return segments;
};
