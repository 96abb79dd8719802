import { HOME_PATH, isCompanyAdmin } from '@bubuh/contracts';
import { Badge, Paper, Tabs } from '@mantine/core';
import { IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { NoAccess } from '@/components/no-access';
import { QueryFallback } from '@/components/query-fallback';
import { useDepartementOptions } from '@/features/departments/api/departements';
import { useSubscription } from '@/features/quota/api/quota';
import { ChildUserPanel } from '@/features/users/components/child-user-panel';
import { CompanyUserList } from '@/features/users/components/company-user-list';
import { useSession } from '@/lib/session';

/** /master/user: company users, plus the plan's child users when it has any (is_childUser). */
const MasterUserRoute = () => {
  const { t } = useTranslation();
  const session = useSession();
  const user = session?.userData;
  const admin = user ? isCompanyAdmin(user.role) : false;
  const options = useDepartementOptions(admin ? (user?.company_id ?? null) : null);
  const plan = useSubscription(admin ? user?.id : null);
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  if (!admin) return <NoAccess backTo={HOME_PATH} />;

  // The page's shape (one list, or tabs with the child users) waits for the plan: switching shape
  // later would re-mount the list and close a dialog opened meanwhile.
  if (plan.isPending) return <QueryFallback pending error={null} />;
  const list = <CompanyUserList departements={options.data ?? []} actorRole={user.role} />;
  if (!plan.data?.is_childUser) {
    return (
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="user-page">
        {list}
      </Paper>
    );
  }
  const tab = params.get('tab') === 'child' ? 'child' : 'company';
  return (
    <Tabs
      value={tab}
      onChange={(value) => setParams(value === 'child' ? { tab: 'child' } : {}, { replace: true })}
      data-testid="user-page"
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab
          value="company"
          leftSection={<IconUsers size={16} />}
          data-testid="tab-company-users"
        >
          {t('master.user.companyTab')}
        </Tabs.Tab>
        <Tabs.Tab
          value="child"
          leftSection={<IconUsersGroup size={16} />}
          rightSection={
            <Badge size="xs" variant="light">
              {plan.data.total_multiuser}
            </Badge>
          }
          data-testid="tab-child-users"
        >
          {t('master.user.childTab')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="company">
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          {list}
        </Paper>
      </Tabs.Panel>
      <Tabs.Panel value="child">
        <ChildUserPanel />
      </Tabs.Panel>
    </Tabs>
  );
};

export default MasterUserRoute;
