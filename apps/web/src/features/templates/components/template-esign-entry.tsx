import type { TPlacement } from '@bubuh/contracts';
import { Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OrderControls } from '@/components/document-editor/order-controls';
import { placementSummary } from '@/lib/document-format';
import type { TDisplayBox } from '@/lib/placement';

/** One e-signature box of the template: its signer (null until chosen) and where it is. */
export type TEsignEntry = {
  key: string;
  userId: number | null;
  specimenId: number | null;
  placement: TPlacement;
};

type TTemplateEsignEntryProps = {
  entry: TEsignEntry;
  position: number;
  count: number;
  /** The box on the shown pages (null when its page is not shown). */
  shown: TDisplayBox | null;
  pageCount: number;
  signerOptions: { value: string; label: string }[];
  signerName: (userId: number | null) => string;
  signersPending: boolean;
  missing: boolean;
  onSigner: (userId: number | null) => void;
  onPage: (shown: TDisplayBox | null, value: number | string) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
};

/** The card of one e-signature box in the template editor: signer, page, order, remove. */
export const TemplateEsignEntry = ({
  entry,
  position,
  count,
  shown,
  pageCount,
  signerOptions,
  signerName,
  signersPending,
  missing,
  onSigner,
  onPage,
  onMove,
  onRemove,
}: TTemplateEsignEntryProps) => {
  const { t } = useTranslation();
  const known =
    entry.userId === null || signerOptions.some((o) => o.value === String(entry.userId));
  return (
    <Paper withBorder p="xs" radius="md">
      <Stack gap={6}>
        <Select
          label={`${position}. ${t('stamping.templates.signer')}`}
          placeholder={t('stamping.templates.signerPlaceholder')}
          data={
            known
              ? signerOptions
              : [...signerOptions, { value: String(entry.userId), label: signerName(entry.userId) }]
          }
          value={entry.userId === null ? null : String(entry.userId)}
          onChange={(value) => onSigner(value === null ? null : Number(value))}
          error={missing ? t('stamping.templates.signerRequired') : null}
          searchable
          withAsterisk
          disabled={signersPending}
          comboboxProps={{ withinPortal: true }}
          data-testid={`template-esign-signer-${position}`}
        />
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <NumberInput
            style={{ flex: 1 }}
            size="xs"
            label={t('stamping.draft.page')}
            min={1}
            max={Math.max(1, pageCount)}
            value={shown?.page ?? entry.placement.page}
            allowDecimal={false}
            onChange={(value) => onPage(shown, value)}
            data-testid={`template-esign-page-${position}`}
          />
          <OrderControls
            index={position - 1}
            count={count}
            onMove={onMove}
            onRemove={onRemove}
            removeLabel={t('stamping.templates.removeBox')}
            removeTestId={`template-esign-remove-${position}`}
          />
        </Group>
        <Text fz="xs" c="dimmed" data-testid={`template-esign-placement-${position}`}>
          {placementSummary(entry.placement, t)}
        </Text>
      </Stack>
    </Paper>
  );
};
