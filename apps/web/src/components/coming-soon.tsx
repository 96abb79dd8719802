import { Badge, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

type TComingSoonProps = {
  /** Already translated page title. */
  title: string;
  backTo: string;
  backLabel: string;
  /** Draw without the card (for pages that bring their own frame). */
  bare?: boolean;
};

/** The "this screen arrives with an upcoming release" state; every screen of spec §2 has one. */
export const ComingSoon = ({ title, backTo, backLabel, bare = false }: TComingSoonProps) => {
  const { t } = useTranslation();
  const body = (
    <Stack align="center" gap="sm" ta="center" maw={460} mx="auto" data-testid="coming-soon">
      <ThemeIcon size={72} radius={36} variant="light">
        <IconSparkles size={36} stroke={1.6} />
      </ThemeIcon>
      <Badge variant="light" color="secondary" size="lg" mt="xs">
        {t('comingSoon.badge')}
      </Badge>
      <Title order={2} fz={26}>
        {title}
      </Title>
      <Text c="dimmed" fz="md">
        {t('comingSoon.body')}
      </Text>
      <Text c="dimmed" fz="sm">
        {t('comingSoon.hint')}
      </Text>
      <Button
        component={Link}
        to={backTo}
        mt="md"
        leftSection={<IconArrowLeft size={16} />}
        variant="filled"
      >
        {backLabel}
      </Button>
    </Stack>
  );
  if (bare) return body;
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }} shadow="xs">
      {body}
    </Paper>
  );
};
