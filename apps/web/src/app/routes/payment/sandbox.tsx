import { Box, Text } from '@mantine/core';
import { RouteHeading } from '@/components/route-heading';
import { SandboxPay } from '@/features/billing/components/sandbox-pay';
import { useIdParam } from '@/features/billing/components/use-id-param';

/** /payment/sandbox/{id}: the embedded sandbox gateway's pay page. */
const SandboxRoute = () => {
  const id = useIdParam();
  return (
    <Box p="md">
      <RouteHeading />
      {id === null ? <Text>404</Text> : <SandboxPay invoiceId={id} />}
    </Box>
  );
};

export default SandboxRoute;
