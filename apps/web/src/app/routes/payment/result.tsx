import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PaymentResult } from '@/features/billing/components/payment-result';
import { useInvoiceQueryParam } from '@/features/billing/components/use-id-param';
import { useRouteHandle } from '@/lib/route-handle';

/** /payment/success and /payment/failed: both show what the server says about the invoice. */
const PaymentResultRoute = () => {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <Box p="md">
      <PaymentResult invoiceId={useInvoiceQueryParam()} title={handle ? t(handle.titleKey) : ''} />
    </Box>
  );
};

export default PaymentResultRoute;
