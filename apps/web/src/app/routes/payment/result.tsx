import { Box } from '@mantine/core';
import { PaymentResult } from '@/features/billing/components/payment-result';
import { useInvoiceQueryParam } from '@/features/billing/components/use-id-param';

/** /payment/success and /payment/failed: both show what the server says about the invoice. */
const PaymentResultRoute = () => (
  <Box p="md">
    <PaymentResult invoiceId={useInvoiceQueryParam()} />
  </Box>
);

export default PaymentResultRoute;
