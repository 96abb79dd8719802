import { Anchor, Group, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The head of a dashboard document card: icon, title (and a count), "View all" on the right. */
export const DashboardCardHeading = ({
  icon,
  title,
  badge,
  viewAllTo,
}: {
  icon: ReactNode;
  title: string;
  badge?: ReactNode;
  /** The full list; no link without it. */
  viewAllTo?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs">
        {icon}
        <Title order={3} fz="lg">
          {title}
        </Title>
        {badge}
      </Group>
      {viewAllTo ? (
        <Anchor component={Link} to={viewAllTo} fz="sm">
          <Group gap={4}>
            {t('stamping.dashboard.viewAll')}
            <IconArrowRight size={14} />
          </Group>
        </Anchor>
      ) : null}
    </Group>
  );
};
