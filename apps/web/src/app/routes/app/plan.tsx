import { Stack } from '@mantine/core';
import { PlanCards } from '@/features/billing/components/plan-cards';
import { PurchaseList } from '@/features/billing/components/purchase-list';

/** /plan (Buy Package): the plan cards and the purchases. */
const PlanRoute = () => (
  <Stack gap="lg" data-testid="plan-page">
    <PlanCards />
    <PurchaseList />
  </Stack>
);

export default PlanRoute;
