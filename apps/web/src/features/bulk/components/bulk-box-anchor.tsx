import { BATCH_PAGE_MODES, type TBatchPageMode, type TBatchPlacement } from '@bubuh/contracts';
import { Input, NumberInput, SegmentedControl } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The page a box anchored to a fixed, the first or the last page lands on in a document. */
export const anchoredPage = (
  box: Pick<TBatchPlacement, 'page_mode' | 'page'>,
  pageCount: number,
) => (box.page_mode === 'first' ? 1 : box.page_mode === 'last' ? pageCount : box.page);

/** "Last page", "Page 3": where a box of a bulk template lands in each document. */
export const anchorLabel = (box: TBatchPlacement, t: TFunction) =>
  box.page_mode === 'fixed'
    ? t('bulk.template.onPage', { page: box.page })
    : t(`bulk.pageMode.${box.page_mode}`);

/** A box's page anchor: first page, last page or a fixed page number. */
export const BulkBoxAnchor = ({
  box,
  label,
  onChange,
  testId,
}: {
  box: Pick<TBatchPlacement, 'page_mode' | 'page'>;
  label: string;
  onChange: (anchor: { page_mode: TBatchPageMode; page: number }) => void;
  testId: string;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <Input.Wrapper label={label}>
        <SegmentedControl
          fullWidth
          value={box.page_mode}
          onChange={(value) => {
            const mode = BATCH_PAGE_MODES.find((m) => m === value);
            if (mode) onChange({ page_mode: mode, page: box.page });
          }}
          data={BATCH_PAGE_MODES.map((mode) => ({
            value: mode,
            label: t(`bulk.pageMode.${mode}`),
          }))}
          data-testid={`${testId}-mode`}
        />
      </Input.Wrapper>
      {box.page_mode === 'fixed' ? (
        <NumberInput
          label={t('bulk.create.page')}
          description={t('bulk.template.fixedHint')}
          min={1}
          max={10_000}
          allowDecimal={false}
          value={box.page}
          onChange={(value) =>
            typeof value === 'number' && value >= 1
              ? onChange({ page_mode: 'fixed', page: Math.round(value) })
              : undefined
          }
          data-testid={`${testId}-page`}
        />
      ) : null}
    </>
  );
};
