import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled card of a settings page (profile, password, identity): a bordered paper, the title
 * (with an icon before it when given), a dimmed hint under it, then the content.
 */
export const SectionCard = ({
  title,
  hint,
  icon,
  id,
  testId,
  children,
}: {
  title: ReactNode;
  hint: ReactNode;
  icon?: ReactNode;
  id?: string;
  testId?: string;
  children: ReactNode;
}) => {
  const heading = (
    <Title order={2} fz="lg">
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="xl" id={id} data-testid={testId}>
      {icon ? (
        <Group gap="xs">
          {icon}
          {heading}
        </Group>
      ) : (
        heading
      )}
      <Text c="dimmed" fz="sm" mt={4}>
        {hint}
      </Text>
      {children}
    </Paper>
  );
};

/** A refusal under a form's fields, announced to screen readers. */
export const FormError = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Text c="red" fz="sm" role="alert" data-testid={testId}>
    {children}
  </Text>
);
