import { PASSWORD_RULES } from '@bubuh/contracts';
import {
  Group,
  PasswordInput,
  type PasswordInputProps,
  SimpleGrid,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { passwordRuleStates } from '@/lib/validation';

/** The password policy as a live checklist under a new-password field. */
export const PasswordRules = ({ value, testId }: { value: string; testId?: string }) => {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2 }}
      spacing={4}
      verticalSpacing={4}
      mt={8}
      aria-live="polite"
      data-testid={testId}
    >
      {passwordRuleStates(value).map(({ rule, ok }) => (
        <Group key={rule} gap={6} wrap="nowrap" data-rule={rule} data-ok={ok || undefined}>
          {ok ? (
            <IconCircleCheckFilled size={16} color="var(--mantine-color-green-7)" aria-hidden />
          ) : (
            <IconCircleDashed size={16} color="var(--mantine-color-gray-5)" aria-hidden />
          )}
          <Text fz="xs" c={ok ? 'green.8' : 'dimmed'}>
            {t(`validation.passwordRules.${rule}`, {
              min: PASSWORD_RULES.minLength,
              max: PASSWORD_RULES.maxLength,
            })}
            <VisuallyHidden>
              {ok ? t('validation.passwordRules.met') : t('validation.passwordRules.notMet')}
            </VisuallyHidden>
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
};

/**
 * A password field with the lock icon (a new password unless `autoComplete` says otherwise);
 * `withRules` adds the live policy checklist under it (`rulesTestId` on the list).
 */
export const PasswordField = ({
  withRules = false,
  rulesTestId,
  ...props
}: PasswordInputProps & { withRules?: boolean; rulesTestId?: string }) => {
  const input = (
    <PasswordInput
      autoComplete="new-password"
      leftSection={<IconLock size={18} stroke={1.6} />}
      {...props}
    />
  );
  if (!withRules) return input;
  return (
    <div>
      {input}
      <PasswordRules value={String(props.value ?? '')} testId={rulesTestId} />
    </div>
  );
};
