import { Group, Paper, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section's title (with an icon before it when given) and the dimmed hint under it. */
export const SectionHeading = ({
  title,
  hint,
  icon,
  order = 2,
  maw,
}: {
  title: ReactNode;
  hint: ReactNode;
  icon?: ReactNode;
  order?: TitleOrder;
  maw?: number;
}) => {
  const heading = (
    <Title order={order} fz="lg">
      {title}
    </Title>
  );
  return (
    <>
      {icon ? (
        <Group gap="xs">
          {icon}
          {heading}
        </Group>
      ) : (
        heading
      )}
      <Text c="dimmed" fz="sm" mt={4} maw={maw}>
        {hint}
      </Text>
    </>
  );
};

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
}) => (
  <Paper withBorder p="xl" id={id} data-testid={testId}>
    <SectionHeading title={title} hint={hint} icon={icon} />
    {children}
  </Paper>
);

/** A refusal under a form's fields, announced to screen readers. */
export const FormError = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Text c="red" fz="sm" role="alert" data-testid={testId}>
    {children}
  </Text>
);
