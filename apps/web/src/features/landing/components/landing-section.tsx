import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

/**
 * A landing page section: the centred eyebrow, title and (with `withSubtitle`) subtitle, the
 * texts `<textKey>.eyebrow|title|subtitle`, then its content.
 */
export const LandingSection = ({
  id,
  textKey,
  withSubtitle = false,
  className,
  children,
}: {
  id: string;
  textKey: string;
  withSubtitle?: boolean;
  className?: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      id={id}
      className={className}
      py={{ base: 64, md: 96 }}
      aria-labelledby={`${id}-title`}
    >
      <Container size={1200}>
        <Stack gap="sm" align="center" ta="center" maw={720} mx="auto">
          <Text className={classes.eyebrowText}>{t(`${textKey}.eyebrow`)}</Text>
          <Title
            order={2}
            fz={{ base: 28, md: 38 }}
            id={`${id}-title`}
            style={{ letterSpacing: '-0.02em' }}
          >
            {t(`${textKey}.title`)}
          </Title>
          {withSubtitle ? (
            <Text c="dimmed" fz="lg">
              {t(`${textKey}.subtitle`)}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
};
