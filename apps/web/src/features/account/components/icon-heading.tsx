import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A security card's head: the icon in a tinted square, the title, the hint, then `children`. */
export const IconHeading = ({
  icon,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  children?: ReactNode;
}) => (
  <Group wrap="nowrap" gap="md" align="flex-start" miw={0}>
    <ThemeIcon size={44} radius="md" variant="light">
      {icon}
    </ThemeIcon>
    <Stack gap={4} style={{ flex: 1 }}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text c="dimmed" fz="sm">
        {hint}
      </Text>
      {children}
    </Stack>
  </Group>
);
