import { Stack } from '@mantine/core';
import { PurchaseList } from '@/features/billing/components/purchase-list';
import { QuotaPurchaseForm } from '@/features/billing/components/quota-purchase-form';
import { TransactionList } from '@/features/billing/components/transaction-list';
import { QuotaCards } from '@/features/quota/components/quota-cards';

/** /quota/purchase: balances, buy units, purchases and the transaction history. */
const QuotaPurchaseRoute = () => (
  <Stack gap="lg" data-testid="quota-purchase-page">
    <QuotaCards />
    <QuotaPurchaseForm />
    <PurchaseList />
    <TransactionList />
  </Stack>
);

export default QuotaPurchaseRoute;
