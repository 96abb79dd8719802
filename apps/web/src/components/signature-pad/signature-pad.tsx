import { Box, Button, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconEraser } from '@tabler/icons-react';
import {
  type PointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import classes from './signature-pad.module.css';
import { strokeSegments, type TPoint } from './specimen';

export type TSignaturePadHandle = {
  /** The drawing as a transparent PNG, or null while the pad is empty. */
  toBlob: () => Promise<Blob | null>;
  clear: () => void;
};

type TSignaturePadProps = {
  ref?: Ref<TSignaturePadHandle>;
  onChange?: (empty: boolean) => void;
  height?: number;
};

const INK = '#0b1f5c';
const LINE_WIDTH = 2.6;

/** A small canvas pad: pointer events (mouse, pen, touch), smoothed strokes, a clear button. */
export const SignaturePad = ({ ref, onChange, height = 220 }: TSignaturePadProps) => {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<TPoint[][]>([]);
  const drawing = useRef<TPoint[] | null>(null);
  const frame = useRef<number | null>(null);
  const [empty, setEmpty] = useState(true);
  const { ref: boxRef, width } = useElementSize();

  const paint = useCallback(() => {
    frame.current = null;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.strokeStyle = INK;
    ctx.fillStyle = INK;
    ctx.lineWidth = LINE_WIDTH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const stroke of strokes.current) {
      for (const segment of strokeSegments(stroke)) {
        if (segment.kind === 'dot') {
          ctx.beginPath();
          ctx.arc(segment.at.x, segment.at.y, LINE_WIDTH / 2 + 0.4, 0, Math.PI * 2);
          ctx.fill();
          continue;
        }
        ctx.beginPath();
        ctx.moveTo(segment.from.x, segment.from.y);
        if (segment.kind === 'line') ctx.lineTo(segment.to.x, segment.to.y);
        else ctx.quadraticCurveTo(segment.control.x, segment.control.y, segment.to.x, segment.to.y);
        ctx.stroke();
      }
    }
  }, []);

  const schedulePaint = useCallback(() => {
    if (frame.current === null) frame.current = requestAnimationFrame(paint);
  }, [paint]);

  // Size the bitmap to the box (sharp on high-DPI screens); strokes are kept, so a resize redraws.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    paint();
  }, [width, height, paint]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const setEmptyState = (value: boolean) => {
    setEmpty(value);
    onChange?.(value);
  };

  const clear = () => {
    strokes.current = [];
    drawing.current = null;
    paint();
    setEmptyState(true);
  };

  useImperativeHandle(ref, () => ({
    clear,
    toBlob: () =>
      new Promise<Blob | null>((resolve) => {
        const canvas = canvasRef.current;
        if (!canvas || strokes.current.length === 0) {
          resolve(null);
          return;
        }
        canvas.toBlob((blob) => resolve(blob), 'image/png');
      }),
  }));

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): TPoint => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const stroke = [pointOf(event)];
    drawing.current = stroke;
    strokes.current.push(stroke);
    if (empty) setEmptyState(false);
    schedulePaint();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const events = samples.length > 0 ? samples : [event.nativeEvent];
    for (const sample of events) {
      const point = { x: sample.clientX - rect.left, y: sample.clientY - rect.top };
      const last = stroke[stroke.length - 1];
      // Skip samples closer than a pixel: they only add noise to the curve.
      if (last && Math.hypot(point.x - last.x, point.y - last.y) < 1) continue;
      stroke.push(point);
    }
    schedulePaint();
  };

  const onPointerUp = () => {
    drawing.current = null;
  };

  return (
    <div>
      <Box ref={boxRef} className={classes.pad} h={height}>
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          style={{ height }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          aria-label={t('master.esign.padLabel')}
          role="img"
          data-testid="signature-pad"
        />
        {empty ? (
          <Text className={classes.padHint} c="dimmed" fz="sm" aria-hidden="true">
            {t('master.esign.padHint')}
          </Text>
        ) : null}
        <div className={classes.padLine} aria-hidden="true" />
      </Box>
      <Group justify="flex-end" mt="xs">
        <Button
          variant="subtle"
          size="xs"
          color="secondary"
          leftSection={<IconEraser size={16} />}
          onClick={clear}
          disabled={empty}
          data-testid="signature-pad-clear"
        >
          {t('master.esign.clear')}
        </Button>
      </Group>
    </div>
  );
};
