import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The head of a dashboard document card: icon, title (and a count), "View all" on the right. */
type THeadingProps = {
  icon: ReactNode;
  title: string;
  badge?: ReactNode;
  /** The full list; no link without it. */
  viewAllTo?: string | undefined;
};

/** A dashboard document card: its heading, then its content stacked. */
export const DashboardCard = ({
  testId,
  gap,
  heading,
  children,
}: {
  testId: string;
  gap: 'sm' | 'md';
  heading: THeadingProps;
  children: ReactNode;
}) => (
  <Card withBorder padding="lg" data-testid={testId}>
    <Stack gap={gap}>
      <DashboardCardHeading {...heading} />
      {children}
    </Stack>
  </Card>
);

/** A document's name over a smaller dimmed line (its serial, date or owner). */
export const DocumentLine = ({ name, children }: { name: string; children: ReactNode }) => (
  <div style={{ minWidth: 0 }}>
    <Text fz="sm" fw={600} truncate="end">
      {name}
    </Text>
    {children}
  </div>
);

const DashboardCardHeading = ({ icon, title, badge, viewAllTo }: THeadingProps) => {
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
