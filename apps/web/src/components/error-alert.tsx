import { Alert, type MantineSpacing } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A refusal or failure shown in place (red, with the alert icon, announced to screen readers). */
export const ErrorAlert = ({
  children,
  testId,
  mt,
  mb,
}: {
  children: ReactNode;
  testId?: string | undefined;
  mt?: MantineSpacing;
  mb?: MantineSpacing;
}) => (
  <Alert
    color="red"
    variant="light"
    icon={<IconAlertCircle size={18} />}
    role="alert"
    mt={mt}
    mb={mb}
    data-testid={testId}
  >
    {children}
  </Alert>
);
