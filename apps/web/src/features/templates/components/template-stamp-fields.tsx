import type { TPlacement } from '@bubuh/contracts';
import { Divider, Group, NumberInput, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StampSizeInput } from '@/components/pdf-viewer/stamp-size-input';
import { placementSummary } from '@/lib/document-format';
import type { TDisplayBox, TPageGeometry } from '@/lib/placement';

type TTemplateStampFieldsProps = {
  placement: TPlacement | null;
  box: TDisplayBox | null;
  geometry: TPageGeometry | undefined;
  pageCount: number;
  onToggle: (on: boolean) => void;
  onPage: (value: number | string) => void;
  onResize: (next: TDisplayBox, page: TPageGeometry) => void;
};

/** The template's optional e-Meterai box: on/off, its page and size. */
export const TemplateStampFields = ({
  placement,
  box,
  geometry,
  pageCount,
  onToggle,
  onPage,
  onResize,
}: TTemplateStampFieldsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <Divider label={t('stamping.box.label')} labelPosition="left" />
      <Switch
        checked={placement !== null}
        onChange={(event) => onToggle(event.currentTarget.checked)}
        label={t('stamping.templates.emeteraiToggle')}
        description={t('stamping.templates.emeteraiHelp')}
        data-testid="template-emeterai-toggle"
      />
      {placement ? (
        <>
          <Group grow gap="sm" align="flex-start">
            <NumberInput
              label={t('stamping.draft.page')}
              min={1}
              max={Math.max(1, pageCount)}
              value={box?.page ?? 1}
              allowDecimal={false}
              onChange={onPage}
              data-testid="template-page-number"
            />
            <StampSizeInput box={box} geometry={geometry} onResize={onResize} />
          </Group>
          <Text fz="xs" c="dimmed" data-testid="template-placement">
            {placementSummary(placement, t)}
          </Text>
        </>
      ) : null}
    </>
  );
};
