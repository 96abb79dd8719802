import type { TPlacement } from '@bubuh/contracts';
import { ActionIcon, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconFocusCentered } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StampSizeInput } from '@/components/pdf-viewer/stamp-size-input';
import { placementSummary } from '@/lib/document-format';
import { STAMP_EDGE, type TDisplayBox, type TPageGeometry } from '@/lib/placement';

type TStampPlacementFieldsProps = {
  box: TDisplayBox | null;
  pages: readonly TPageGeometry[];
  placement: TPlacement | null;
  onPage: (page: string | null) => void;
  onResize: (box: TDisplayBox) => void;
};

/** The e-Meterai box's page, size, where it is (with "locate") and the size advice. */
export const StampPlacementFields = ({
  box,
  pages,
  placement,
  onPage,
  onResize,
}: TStampPlacementFieldsProps) => {
  const { t } = useTranslation();
  const geometry = box ? pages[box.page - 1] : undefined;
  return (
    <>
      <Group grow gap="sm" align="flex-start">
        <Select
          label={t('stamping.draft.page')}
          data={pages.map((_, index) => String(index + 1))}
          value={box ? String(box.page) : null}
          allowDeselect={false}
          onChange={onPage}
          data-testid="stamp-page-select"
        />
        <StampSizeInput box={box} geometry={geometry} onResize={onResize} testId="stamp-size" />
      </Group>
      {placement ? (
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text fz="xs" c="dimmed" data-testid="stamp-placement">
            {placementSummary(placement, t)}
          </Text>
          <Tooltip label={t('stamping.draft.locate')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('stamping.draft.locate')}
              onClick={() =>
                document
                  .querySelector('[data-testid="stamp-box"]')
                  ?.scrollIntoView({ behavior: 'smooth', block: 'center' })
              }
            >
              <IconFocusCentered size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null}
      {box && (box.width < STAMP_EDGE.recommendedMin || box.width > STAMP_EDGE.recommendedMax) ? (
        <Text fz="xs" c="orange.8">
          {t('stamping.draft.sizeAdvice', {
            min: STAMP_EDGE.recommendedMin,
            max: STAMP_EDGE.recommendedMax,
          })}
        </Text>
      ) : null}
    </>
  );
};
