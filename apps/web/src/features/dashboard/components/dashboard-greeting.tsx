import { greetingFor } from '@bubuh/contracts';
import { Box, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo';
import classes from './dashboard.module.css';

type TDashboardGreetingProps = {
  name: string;
  companyName: string | null;
  now?: Date;
};

/** Spec §9: good morning 03:00–11:59, good afternoon 12:00–14:59, otherwise good evening. */
export const DashboardGreeting = ({
  name,
  companyName,
  now = new Date(),
}: TDashboardGreetingProps) => {
  const { t, i18n } = useTranslation();
  const greeting = greetingFor(now.getHours());
  const today = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'id' ? 'id-ID' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(now);
  return (
    <Paper className={classes.hero} p={{ base: 'lg', sm: 32 }} radius="lg">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Box>
          <Text fz="sm" c="rgba(255,255,255,0.72)" fw={500} data-testid="dashboard-date">
            {today}
          </Text>
          <Title
            order={2}
            c="white"
            fz={{ base: 24, sm: 30 }}
            mt={6}
            data-testid="dashboard-greeting"
            data-greeting={greeting}
          >
            {t(`dashboard.greeting.${greeting}`, { name })}
          </Title>
          <Text c="rgba(255,255,255,0.82)" mt={8} maw={560}>
            {t('dashboard.subtitle')}
          </Text>
          {companyName ? (
            <Text fz="sm" c="rgba(255,255,255,0.65)" mt="md" fw={600}>
              {companyName}
            </Text>
          ) : null}
        </Box>
        <Box className={classes.heroMark} visibleFrom="sm" aria-hidden="true">
          <LogoMark size={120} color="rgba(255,255,255,0.14)" inkColor="rgba(255,255,255,0.5)" />
        </Box>
      </Group>
    </Paper>
  );
};
