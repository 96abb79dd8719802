import { ROUTES } from '@bubuh/contracts';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconFolders,
  IconLifebuoy,
  IconRubberStamp,
  IconStack2,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppAbility } from '@/lib/ability';
import classes from './dashboard.module.css';

/** `subject`: what the ability must allow reading for the action to show (spec §4). */
type TAction = { key: string; to: string; icon: TablerIcon; color: string; subject: string };

const ACTIONS: TAction[] = [
  {
    key: 'singleStamp',
    to: ROUTES.stampSingle.path,
    icon: IconRubberStamp,
    color: 'brand',
    subject: 'Document',
  },
  {
    key: 'bulkStamp',
    to: ROUTES.stampBulk.path,
    icon: IconStack2,
    color: 'indigo',
    subject: 'Document',
  },
  {
    key: 'locker',
    to: ROUTES.fileManager.path,
    icon: IconFolders,
    color: 'teal',
    subject: 'Locker',
  },
  {
    key: 'support',
    to: ROUTES.tickets.path,
    icon: IconLifebuoy,
    color: 'orange',
    subject: 'Ticket',
  },
];

export const QuickActions = () => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const actions = ACTIONS.filter((action) => ability.can('read', action.subject));
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="quick-actions-title">
      <Title order={3} fz="lg" mb="md" id="quick-actions-title">
        {t('dashboard.quickActions')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        {actions.map(({ key, to, icon: Icon, color }) => (
          <Card
            key={key}
            component={Link}
            to={to}
            withBorder
            padding="lg"
            className={classes.action}
            data-testid={`quick-action-${key}`}
          >
            <ThemeIcon size={46} radius="md" variant="light" color={color}>
              <Icon size={24} stroke={1.6} />
            </ThemeIcon>
            <Text fw={700} mt="md">
              {t(`dashboard.actions.${key}.title`)}
            </Text>
            <Text fz="sm" c="dimmed" mt={4} style={{ flex: 1 }}>
              {t(`dashboard.actions.${key}.body`)}
            </Text>
            <Group gap={4} mt="md" className={classes.actionLink}>
              <Text fz="sm" fw={600} c="inherit">
                {t('dashboard.open')}
              </Text>
              <IconArrowRight size={16} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
};
