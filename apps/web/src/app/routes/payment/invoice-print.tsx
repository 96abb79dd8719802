import { Box } from '@mantine/core';
import { RouteHeading } from '@/components/route-heading';
import { InvoicePage } from '@/features/billing/components/invoice-page';
import { useIdParam } from '@/features/billing/components/use-id-param';

/** /quota/invoice/print/{id} and /plan/invoice/print/{id}: the A4 sheet alone, for printing. */
const InvoicePrintRoute = () => (
  <Box p="md">
    <RouteHeading />
    <InvoicePage invoiceId={useIdParam()} mode="print" />
  </Box>
);

export default InvoicePrintRoute;
