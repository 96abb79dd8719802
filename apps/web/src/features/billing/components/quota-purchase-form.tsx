import { computeTotals, type TUnitKind } from '@bubuh/contracts';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { QueryFallback } from '@/components/query-fallback';
import { serverMessage } from '@/lib/api-errors';
import { notifyError } from '@/lib/notify';
import { useBuyQuota, usePricing } from '../api/billing';
import { invoicePaths } from './invoice-paths';
import { idr, taxRateLabel } from './money';
import { PromoCodeField, type TAppliedPromo } from './promo-code-field';

/** How to pay: the gateway (any channel), the gateway's DANA channel, or a bank transfer. */
type TPayChoice = 'gateway' | 'dana' | 'bank_transfer';

/** Buy e-Meterai or e-sign units: quantity with a live total (the server computes the invoice). */
export const QuotaPurchaseForm = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pricing = usePricing();
  const buy = useBuyQuota();
  const [type, setType] = useState<TUnitKind>('emeterai');
  const [method, setMethod] = useState<TPayChoice>('gateway');
  const [promo, setPromo] = useState<TAppliedPromo | null>(null);
  const [quantity, setQuantity] = useState<number | string>(10);
  if (!pricing.data) return <QueryFallback pending={pricing.isPending} error={pricing.error} />;
  const price = type === 'emeterai' ? pricing.data.emeterai_price : pricing.data.esign_price;
  const qty = typeof quantity === 'number' && Number.isInteger(quantity) ? quantity : 0;
  const totals = computeTotals(
    [{ quantity: qty, unitPrice: price }],
    pricing.data.tax_rate_bp,
    promo?.rule ?? null,
  );

  const submit = () =>
    buy.mutate(
      {
        body: {
          type,
          quantity: qty,
          method: method === 'bank_transfer' ? 'bank_transfer' : 'gateway',
          ...(method === 'dana' ? { channel: 'dana' as const } : {}),
          ...(promo ? { token: promo.code } : {}),
        },
      },
      {
        onSuccess: (body) => navigate(invoicePaths(body.data).view),
        onError: (error) => notifyError(serverMessage(error, t)),
      },
    );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="quota-purchase-form">
      <Title order={3} fz="lg" mb="md">
        {t('billing.buyUnits')}
      </Title>
      <Stack>
        <SegmentedControl
          value={type}
          onChange={(v) => setType(v as TUnitKind)}
          data={[
            { value: 'emeterai', label: 'e-Meterai' },
            { value: 'esign', label: 'e-Sign' },
          ]}
          data-testid="purchase-type"
        />
        <NumberInput
          label={t('billing.quantity')}
          min={1}
          max={100_000}
          allowDecimal={false}
          thousandSeparator="."
          decimalSeparator=","
          value={quantity}
          onChange={setQuantity}
          data-testid="purchase-quantity"
        />
        <SegmentedControl
          value={method}
          onChange={(v) => setMethod(v as TPayChoice)}
          data={[
            { value: 'gateway', label: t('billing.method.gateway') },
            { value: 'dana', label: t('billing.method.dana') },
            { value: 'bank_transfer', label: t('billing.method.bank_transfer') },
          ]}
          data-testid="purchase-method"
        />
        <PromoCodeField
          target={{ type, quantity: Math.max(1, qty) }}
          applied={promo}
          onApplied={setPromo}
        />
        <Stack gap={4} align="flex-end">
          <Text fz="sm">
            {t('billing.unitPrice')}: {idr(price)}
          </Text>
          <Text fz="sm">
            {t('billing.subtotal')}: {idr(totals.subtotal)}
          </Text>
          {totals.discount > 0 ? (
            <Text fz="sm" c="green.8" data-testid="purchase-discount">
              {t('billing.promo.discount')} ({promo?.code}): −{idr(totals.discount)}
            </Text>
          ) : null}
          <Text fz="sm">
            PPN {taxRateLabel(pricing.data.tax_rate_bp)}: {idr(totals.tax)}
          </Text>
          <Text fw={700} fz="lg" data-testid="purchase-total">
            {t('billing.total')}: {idr(totals.total)}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button
            onClick={submit}
            loading={buy.isPending}
            disabled={qty < 1}
            data-testid="purchase-submit"
          >
            {t('billing.createInvoice')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
