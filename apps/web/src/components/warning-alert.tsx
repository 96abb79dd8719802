import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A warning to heed before going on (orange, with the warning triangle and a title). */
export const WarningAlert = ({
  title,
  testId,
  iconSize = 18,
  children,
}: {
  title: ReactNode;
  testId: string;
  iconSize?: number;
  children: ReactNode;
}) => (
  <Alert
    color="orange"
    variant="light"
    icon={<IconAlertTriangle size={iconSize} />}
    title={title}
    data-testid={testId}
  >
    {children}
  </Alert>
);
