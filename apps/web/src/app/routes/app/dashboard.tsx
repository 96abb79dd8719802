import { Stack } from '@mantine/core';
import { DashboardGreeting } from '@/features/dashboard/components/dashboard-greeting';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { RecentDocuments } from '@/features/documents/components/recent-documents';
import { WaitingForMe } from '@/features/documents/components/waiting-for-me';
import { QuotaOverview } from '@/features/quota/components/quota-overview';
import { useSession } from '@/lib/session';

const DashboardRoute = () => {
  const session = useSession();
  const user = session?.userData;
  return (
    <Stack gap={32}>
      <DashboardGreeting
        name={user?.fullName || user?.email || ''}
        companyName={user?.company_name ?? null}
      />
      <WaitingForMe />
      {user ? <QuotaOverview user={user} /> : null}
      <QuickActions />
      <RecentDocuments />
    </Stack>
  );
};

export default DashboardRoute;
