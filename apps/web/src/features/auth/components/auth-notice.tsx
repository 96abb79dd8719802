import { ROUTES } from '@bubuh/contracts';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { serverMessage } from '@/lib/api-errors';

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

/** The server's refusal of an auth request as an error notice; nothing while there is none. */
export const AuthErrorNotice = ({ error, testId }: { error: unknown; testId: string }) => {
  const { t } = useTranslation();
  return error ? (
    <AuthNotice kind="error" testId={testId}>
      {serverMessage(error, t)}
    </AuthNotice>
  ) : null;
};

/** Where the line under each auth form leads: the question, the link's target and its text. */
const SWITCH_LINKS = {
  login: {
    question: 'auth.login.noAccount',
    to: ROUTES.register.path,
    label: 'auth.login.register',
    testId: 'login-register',
  },
  register: {
    question: 'auth.register.haveAccount',
    to: ROUTES.login.path,
    label: 'auth.register.login',
  },
  forgot: { question: 'auth.forgot.remembered', to: ROUTES.login.path, label: 'auth.backToLogin' },
} satisfies Record<string, { question: string; to: string; label: string; testId?: string }>;

/** The centred line under an auth form that leads to another one ("No account yet? Register"). */
export const AuthSwitchLink = ({ from }: { from: keyof typeof SWITCH_LINKS }) => {
  const { t } = useTranslation();
  const link: { question: string; to: string; label: string; testId?: string } = SWITCH_LINKS[from];
  return (
    <Text ta="center" fz="sm" c="dimmed">
      {t(link.question)}{' '}
      <Anchor component={Link} to={link.to} fw={600} data-testid={link.testId}>
        {t(link.label)}
      </Anchor>
    </Text>
  );
};
