import type { TDiscount, TUnitKind } from '@bubuh/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/api-errors';
import { useApplyToken } from '../api/billing';

export type TAppliedPromo = { code: string; rule: TDiscount };

/**
 * "Promo code" with "Apply": the server checks the code (unknown, expired, used up answer with
 * their message) and tells its discount; the use is counted only when the invoice is created.
 */
export const PromoCodeField = ({
  target,
  applied,
  onApplied,
}: {
  target: { type: TUnitKind; quantity: number } | { plan_id: number };
  applied: TAppliedPromo | null;
  onApplied: (promo: TAppliedPromo | null) => void;
}) => {
  const { t } = useTranslation();
  const apply = useApplyToken();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () =>
    apply.mutate(
      { body: { token: code, ...target } },
      {
        onSuccess: (body) => {
          setError(null);
          onApplied({
            code: body.data.code,
            rule: { kind: body.data.kind, value: body.data.value },
          });
        },
        onError: (e) => {
          onApplied(null);
          setError(serverMessage(e, t));
        },
      },
    );

  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label={t('billing.promo.label')}
        value={applied?.code ?? code}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setError(null);
        }}
        disabled={applied !== null}
        error={error}
        maxLength={40}
        flex={1}
        data-testid="promo-code"
      />
      {applied ? (
        <Button
          variant="subtle"
          onClick={() => {
            onApplied(null);
            setCode('');
          }}
          data-testid="promo-remove"
        >
          {t('billing.promo.remove')}
        </Button>
      ) : (
        <Button
          variant="light"
          onClick={submit}
          loading={apply.isPending}
          disabled={code.trim().length < 3}
          data-testid="promo-apply"
        >
          {t('billing.promo.apply')}
        </Button>
      )}
    </Group>
  );
};
