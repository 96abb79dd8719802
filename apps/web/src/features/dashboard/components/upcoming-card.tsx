import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';

type TUpcomingCardProps = {
  icon: TablerIcon;
  title: string;
  body: string;
  testId: string;
};

/** A dashboard panel whose data arrives with a later release; no placeholder numbers. */
export const UpcomingCard = ({ icon: Icon, title, body, testId }: TUpcomingCardProps) => {
  const { t } = useTranslation();
  return (
    <Paper className={classes.upcoming} p="xl" data-testid={testId}>
      <Stack align="center" ta="center" gap="xs" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color="secondary">
          <Icon size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={3} fz="lg" mt="xs">
          {title}
        </Title>
        <Text c="dimmed" fz="sm" maw={360}>
          {body}
        </Text>
        <Badge variant="light" color="secondary" mt="xs">
          {t('dashboard.upcoming')}
        </Badge>
      </Stack>
    </Paper>
  );
};
