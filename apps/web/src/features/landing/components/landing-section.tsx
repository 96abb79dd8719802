import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './landing.module.css';

/** A landing page section: the centred eyebrow, title and subtitle, then its content. */
export const LandingSection = ({
  id,
  eyebrow,
  title,
  subtitle,
  className,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  className?: string;
  children: ReactNode;
}) => (
  <Box
    component="section"
    id={id}
    className={className}
    py={{ base: 64, md: 96 }}
    aria-labelledby={`${id}-title`}
  >
    <Container size={1200}>
      <Stack gap="sm" align="center" ta="center" maw={720} mx="auto">
        <Text className={classes.eyebrowText}>{eyebrow}</Text>
        <Title
          order={2}
          fz={{ base: 28, md: 38 }}
          id={`${id}-title`}
          style={{ letterSpacing: '-0.02em' }}
        >
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" fz="lg">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Container>
  </Box>
);
