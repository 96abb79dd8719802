import { Group, Paper, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ActionButton } from './button-row';

/**
 * The card of a list page: a bordered paper with, when given, a title and its tools on the right
 * (filters, CSV, "Add") and a dimmed introduction above the table.
 */
export const ListSection = ({
  title,
  tools,
  intro,
  testId,
  children,
}: {
  title?: ReactNode;
  tools?: ReactNode;
  intro?: ReactNode;
  testId?: string;
  children: ReactNode;
}) => (
  <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid={testId}>
    {title !== undefined || tools !== undefined ? (
      <Group justify="space-between" mb="md">
        {title !== undefined ? (
          <Title order={3} fz="lg">
            {title}
          </Title>
        ) : (
          <span />
        )}
        {tools !== undefined ? <Group>{tools}</Group> : null}
      </Group>
    ) : null}
    {intro !== undefined ? (
      <Text c="dimmed" fz="sm" mb="md">
        {intro}
      </Text>
    ) : null}
    {children}
  </Paper>
);

/** The "Add …" button of a list's toolbar (a plus icon unless told otherwise): a click or a link. */
export const AddButton = ({
  onClick,
  to,
  testId,
  icon = <IconPlus size={16} />,
  children,
}: {
  onClick?: () => void;
  to?: string;
  testId: string;
  icon?: ReactNode;
  children: ReactNode;
}) => <ActionButton label={children} icon={icon} onClick={onClick} to={to} testId={testId} />;
