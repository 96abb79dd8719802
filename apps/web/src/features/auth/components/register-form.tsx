import { ROUTES, ZRegisterRequest } from '@bubuh/contracts';
import { Anchor, Button, Group, SimpleGrid, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconArrowRight,
  IconBuildingSkyscraper,
  IconPhone,
  IconUser,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PasswordField } from '@/components/password-rules';
import { fieldErrorsOf, isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { namedField } from '@/lib/form-field';
import { currentLanguage } from '@/lib/i18n';
import { useRegister } from '../api/register';
import {
  clearRegisterDraft,
  EMPTY_REGISTER_VALUES,
  loadRegisterDraft,
  saveRegisterDraft,
  setResendCooldown,
  type TRegisterValues,
} from '../utils/flow-storage';
import {
  firstStepWith,
  REGISTER_CHECKS,
  REGISTER_FIELDS,
  resumeStep,
  STEP_FIELDS,
  stepsFor,
  type TRegisterStep,
  toRegisterRequest,
} from '../utils/register-steps';
import { AuthHeading } from './auth-heading';
import { AuthNotice, AuthSwitchLink } from './auth-notice';
import { RegisterReview, TypeStep } from './register-steps';
import { EmailInput } from './sign-in-email-input';

/** The company's identity numbers (company step); the bank field shows an example. */
const COMPANY_ID_FIELDS: {
  field: 'noKTP' | 'npwp' | 'siup' | 'tdp' | 'bank' | 'accountNumber';
  hint: 'noKTP' | 'npwp' | 'optional';
  required?: boolean;
  placeholder?: boolean;
  inputMode?: 'numeric';
  maxLength?: number;
}[] = [
  { field: 'noKTP', hint: 'noKTP', required: true, inputMode: 'numeric', maxLength: 20 },
  { field: 'npwp', hint: 'npwp', required: true, inputMode: 'numeric', maxLength: 24 },
  { field: 'siup', hint: 'optional' },
  { field: 'tdp', hint: 'optional' },
  { field: 'bank', hint: 'optional', placeholder: true },
  { field: 'accountNumber', hint: 'optional', inputMode: 'numeric' },
];

/** Spec §3 register draft, in steps; the draft (never the password) survives a reload. */
export const RegisterForm = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registerMutation = useRegister();

  const [restored] = useState(loadRegisterDraft);
  const [active, setActive] = useState(() =>
    restored ? resumeStep(restored.values.type, restored.step) : 0,
  );
  // A draft that was past the account step lost its password on reload: say so.
  const [askPasswordAgain, setAskPasswordAgain] = useState(
    () => restored !== null && restored.step > resumeStep(restored.values.type, restored.step),
  );

  const validate = Object.fromEntries(
    Object.entries(REGISTER_CHECKS).map(([field, check]) => [
      field,
      (value: string, values: TRegisterValues) => {
        const problem = check(value, values);
        return problem ? t(problem) : null;
      },
    ]),
  );
  const form = useForm<TRegisterValues>({
    initialValues: restored?.values ?? EMPTY_REGISTER_VALUES,
    validate,
  });

  // Phones: numbered dots only, the current step named underneath.
  const compact = useMediaQuery('(max-width: 36em)') ?? false;
  const steps = stepsFor(form.values.type);
  const step: TRegisterStep = steps[Math.min(active, steps.length - 1)] ?? 'type';

  // Keep the draft in this tab (sessionStorage) on every change; the password is left out.
  useEffect(() => {
    saveRegisterDraft(active, form.values);
  }, [active, form.values]);

  const goTo = (target: TRegisterStep) => {
    const index = stepsFor(form.values.type).indexOf(target);
    if (index >= 0) setActive(index);
  };

  const validateStep = (which: TRegisterStep): boolean => {
    let ok = true;
    for (const field of STEP_FIELDS[which]) {
      if (form.validateField(field).hasError) ok = false;
    }
    return ok;
  };

  const next = () => {
    if (!validateStep(step)) return;
    if (step === 'account') setAskPasswordAgain(false);
    setActive((current) => Math.min(current + 1, steps.length - 1));
  };

  const back = () => setActive((current) => Math.max(current - 1, 0));

  const submit = () => {
    // Every step again (a restored draft may skip one), then the contract's own schema.
    for (const which of steps) {
      if (!validateStep(which)) {
        goTo(which);
        return;
      }
    }
    const body = toRegisterRequest(form.values, currentLanguage());
    const parsed = ZRegisterRequest.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field && !errors[field]) errors[field] = issue.message;
      }
      form.setErrors(errors);
      const target = firstStepWith(form.values.type, Object.keys(errors));
      if (target) goTo(target);
      return;
    }
    registerMutation.mutate(body, {
      onSuccess: (data) => {
        clearRegisterDraft();
        // The code was just sent: the resend button waits out the server's 60 s cool-down.
        setResendCooldown(data.email, 60);
        navigate(`${ROUTES.otp.path}?email=${encodeURIComponent(data.email)}`, { replace: true });
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error, REGISTER_FIELDS);
        form.setErrors(fieldErrors);
        const target = firstStepWith(form.values.type, Object.keys(fieldErrors));
        if (target) goTo(target);
      },
    });
  };

  const error = registerMutation.error;
  const emailTaken = isApiError(error) && error.status === 409;

  return (
    <Stack gap="xl" data-testid="register-form" data-step={step}>
      <AuthHeading title={t('auth.register.title')}>{t('auth.register.subtitle')}</AuthHeading>

      <Stepper
        active={active}
        onStepClick={(index) => index < active && setActive(index)}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={34}
      >
        {steps.map((name) => (
          <Stepper.Step
            key={name}
            label={compact ? undefined : t(`auth.register.steps.${name}.label`)}
            description={compact ? undefined : t(`auth.register.steps.${name}.description`)}
            // Named by its visible label; only the compact stepper (no label shown) needs one.
            aria-label={compact ? t(`auth.register.steps.${name}.label`) : undefined}
          />
        ))}
      </Stepper>
      {compact ? (
        <Text fw={600} fz="sm" mt={-12}>
          {t('auth.register.stepOf', {
            current: active + 1,
            total: steps.length,
            label: t(`auth.register.steps.${step}.label`),
          })}
        </Text>
      ) : null}

      {askPasswordAgain && step === 'account' ? (
        <AuthNotice kind="info" testId="register-restored">
          {t('auth.register.restored')}
        </AuthNotice>
      ) : null}

      {error ? (
        <AuthNotice kind="error" testId="register-error">
          {serverMessage(error, t)}
          {emailTaken ? (
            <>
              {' '}
              <Anchor
                component={Link}
                to={ROUTES.login.path}
                state={{ email: form.values.email.trim() }}
                fw={600}
                fz="sm"
              >
                {t('auth.register.goToLogin')}
              </Anchor>
            </>
          ) : null}
        </AuthNotice>
      ) : null}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'review') submit();
          else next();
        }}
      >
        <Stack gap="xl">
          {step === 'type' ? (
            <TypeStep
              value={form.values.type}
              onChange={(type) => form.setFieldValue('type', type)}
            />
          ) : null}

          {step === 'account' ? (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={
                    form.values.type === 'company'
                      ? t('auth.register.fields.contactName')
                      : t('auth.register.fields.name')
                  }
                  autoComplete="name"
                  withAsterisk
                  leftSection={<IconUser size={18} stroke={1.6} />}
                  {...namedField(form, 'name')}
                />
                <EmailInput
                  label={t('auth.register.fields.email')}
                  withAsterisk
                  {...namedField(form, 'email')}
                />
              </SimpleGrid>
              <TextInput
                label={t('auth.register.fields.phoneNumber')}
                description={t('auth.register.hints.phoneNumber')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="0812 3456 7890"
                withAsterisk
                leftSection={<IconPhone size={18} stroke={1.6} />}
                {...namedField(form, 'phoneNumber')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordField
                  label={t('auth.register.fields.password')}
                  withAsterisk
                  {...namedField(form, 'password')}
                  withRules
                  rulesTestId="register-password-rules"
                />
                <PasswordField
                  label={t('auth.register.fields.passwordConfirmation')}
                  withAsterisk
                  {...namedField(form, 'passwordConfirmation')}
                />
              </SimpleGrid>
            </Stack>
          ) : null}

          {step === 'company' ? (
            <Stack gap="md">
              <TextInput
                label={t('auth.register.fields.companyName')}
                autoComplete="organization"
                withAsterisk
                leftSection={<IconBuildingSkyscraper size={18} stroke={1.6} />}
                {...namedField(form, 'companyName')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {COMPANY_ID_FIELDS.map(({ field, hint, required, placeholder, ...input }) => (
                  <TextInput
                    key={field}
                    label={t(`auth.register.fields.${field}`)}
                    description={t(`auth.register.hints.${hint}`)}
                    placeholder={placeholder ? t('auth.register.hints.bankPlaceholder') : undefined}
                    withAsterisk={required}
                    {...input}
                    {...namedField(form, field)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}

          {step === 'review' ? <RegisterReview values={form.values} onEdit={goTo} /> : null}

          <Group justify="space-between">
            {active > 0 ? (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                onClick={back}
                data-testid="register-back"
              >
                {t('auth.register.back')}
              </Button>
            ) : (
              <span />
            )}
            <Button
              type="submit"
              loading={step === 'review' && registerMutation.isPending}
              rightSection={step === 'review' ? undefined : <IconArrowRight size={16} />}
              data-testid={step === 'review' ? 'register-submit' : 'register-next'}
            >
              {step === 'review' ? t('auth.register.submit') : t('auth.register.next')}
            </Button>
          </Group>
        </Stack>
      </form>

      <AuthSwitchLink from="register" />
    </Stack>
  );
};
