import { HOME_PATH } from '@bubuh/contracts';
import { Stack } from '@mantine/core';
import { NoAccess } from '@/components/no-access';
import { useDepartementOptions } from '@/features/departments/api/departements';
import { QuotaHistoryTable } from '@/features/quota/components/quota-history-table';
import { QuotaTransferForm } from '@/features/quota/components/quota-transfer-form';
import { canMoveQuota } from '@/features/quota/utils/quota-rules';
import { useSession } from '@/lib/session';

/** /quota/transfer: move quota between the company and its departments, with the history. */
const QuotaTransferRoute = () => {
  const session = useSession();
  const user = session?.userData;
  const allowed = user ? canMoveQuota(user) : false;
  const options = useDepartementOptions(allowed ? (user?.company_id ?? null) : null);
  if (!user) return null;
  if (!allowed) return <NoAccess backTo={HOME_PATH} />;
  return (
    <Stack gap="lg" data-testid="quota-transfer-page">
      <QuotaTransferForm departements={options.data ?? []} />
      <QuotaHistoryTable />
    </Stack>
  );
};

export default QuotaTransferRoute;
