import { Checkbox, NumberInput, SegmentedControl, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { IsoDateInput } from '@/components/iso-date-input';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { type TPromoRow, useCreatePromoCode, useUpdatePromoCode } from '../api/billing';

/** Create or edit a promo code (super): percent (shown in %, sent in basis points) or rupiah. */
export const PromoCodeForm = ({ row, onClose }: { row: TPromoRow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const create = useCreatePromoCode();
  const update = useUpdatePromoCode();
  const [code, setCode] = useState(row?.code ?? '');
  const [kind, setKind] = useState<'percent' | 'fixed'>(row?.kind ?? 'percent');
  const [value, setValue] = useState<number | string>(
    row ? (row.kind === 'percent' ? row.value / 100 : row.value) : 10,
  );
  const [limit, setLimit] = useState<number | string>(row?.usage_limit ?? '');
  const [expires, setExpires] = useState(row?.expires_at ? row.expires_at.slice(0, 10) : '');
  const [active, setActive] = useState(row?.active ?? true);
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const fields = {
      kind,
      value: kind === 'percent' ? Math.round(Number(value) * 100) : Number(value),
      usage_limit: limit === '' ? null : Number(limit),
      expires_on: /^\d{4}-\d{2}-\d{2}$/.test(expires) ? expires : null,
      active,
    };
    const done = {
      onSuccess: () => {
        notifySuccess(t('billing.promo.saved'));
        onClose();
      },
    };
    if (row) update.mutate({ params: { id: row.id }, body: fields }, done);
    else create.mutate({ body: { ...fields, code } }, done);
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={row ? row.code : t('billing.promo.new')}
      onSubmit={submit}
      pending={pending}
      error={error ? serverMessage(error, t) : null}
      testId="promo-form"
      submitTestId="promo-form-submit"
    >
      {row ? null : (
        <TextInput
          label={t('billing.promo.label')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
          maxLength={40}
          required
          data-testid="promo-form-code"
        />
      )}
      <SegmentedControl
        value={kind}
        onChange={(v) => setKind(v as 'percent' | 'fixed')}
        data={[
          { value: 'percent', label: t('billing.promo.percent') },
          { value: 'fixed', label: t('billing.promo.fixed') },
        ]}
      />
      <NumberInput
        label={kind === 'percent' ? '%' : 'Rp'}
        value={value}
        onChange={setValue}
        min={kind === 'percent' ? 0.01 : 1}
        max={kind === 'percent' ? 100 : undefined}
        decimalScale={kind === 'percent' ? 2 : 0}
        thousandSeparator="."
        decimalSeparator=","
        data-testid="promo-form-value"
      />
      <NumberInput
        label={t('billing.promo.limit')}
        value={limit}
        onChange={setLimit}
        min={1}
        allowDecimal={false}
      />
      <IsoDateInput label={t('billing.promo.expires')} value={expires} onChange={setExpires} />
      <Checkbox
        label={t('billing.promo.active')}
        checked={active}
        onChange={(e) => setActive(e.currentTarget.checked)}
      />
    </FormModal>
  );
};
