import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TAuthNoticeProps = {
  kind: 'error' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
};

const ICONS = { error: IconAlertCircle, success: IconCircleCheck, info: IconInfoCircle };
const COLORS = { error: 'red', success: 'green', info: 'brand' };

/** The one-line message above an auth form (server error, success, hint). */
export const AuthNotice = ({ kind, children, testId }: TAuthNoticeProps) => {
  const Icon = ICONS[kind];
  return (
    <Alert
      variant="light"
      color={COLORS[kind]}
      icon={<Icon size={18} />}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
};
