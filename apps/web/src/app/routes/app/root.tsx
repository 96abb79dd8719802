import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Splash } from '@/components/splash';
import { ConnectionStatus } from '@/features/connection-status/components/connection-status';
import { MainLayout } from '@/features/layout/components/main-layout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSubscription } from '@/features/quota/api/quota';
import { QuotaCards } from '@/features/quota/components/quota-cards';
import { hasQuotaWallet } from '@/features/quota/utils/quota-rules';
import { SessionAbilityProvider } from '@/lib/ability';
import { useSession } from '@/lib/session';

/**
 * The authenticated shell: layout (menus by role and plan) + navbar connection dot + quota cards;
 * pages load inside it.
 */
const AppRootRoute = () => {
  const user = useSession()?.userData;
  // Spec §6: pay-as-you-go users see no quota cards, so the profile menu gets no slot at all.
  const quotaSlot = user && hasQuotaWallet(user) ? <QuotaCards /> : undefined;
  // Spec §2: the plan decides whether Master Data eSign joins the menu.
  const plan = useSubscription(user?.id).data ?? undefined;
  // The CASL ability is only read inside the authenticated shell, so it (and CASL) is not part of
  // the first load of the public pages.
  return (
    <SessionAbilityProvider>
      <MainLayout
        connectionSlot={<ConnectionStatus />}
        notificationSlot={<NotificationBell />}
        quotaSlot={quotaSlot}
        plan={plan}
      >
        <Suspense fallback={<Splash inline />}>
          <Outlet />
        </Suspense>
      </MainLayout>
    </SessionAbilityProvider>
  );
};

export default AppRootRoute;
