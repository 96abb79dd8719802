import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  clampEdge,
  resizeBox,
  STAMP_EDGE,
  type TDisplayBox,
  type TPageGeometry,
} from '@/lib/placement';

/**
 * The e-Meterai size control of the placement editors: the square's edge in points, clamped to
 * STAMP_EDGE, resized around the box's page geometry.
 */
export const StampSizeInput = ({
  box,
  geometry,
  onResize,
  testId,
}: {
  box: TDisplayBox | null;
  geometry: TPageGeometry | null | undefined;
  onResize: (box: TDisplayBox, geometry: TPageGeometry) => void;
  testId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('stamping.draft.size')}
      suffix=" pt"
      min={STAMP_EDGE.min}
      max={STAMP_EDGE.max}
      step={5}
      value={box ? Math.round(box.width) : STAMP_EDGE.default}
      onChange={(value) => {
        if (!box || !geometry || typeof value !== 'number') return;
        const edge = clampEdge(value);
        onResize(resizeBox(box, geometry, { width: edge, height: edge }, true), geometry);
      }}
      data-testid={testId}
    />
  );
};
