import { ROUTES, ZRegisterRequest } from '@bubuh/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconArrowRight,
  IconBuildingSkyscraper,
  IconLock,
  IconMail,
  IconPhone,
  IconUser,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PasswordRules } from '@/components/password-rules';
import { fieldErrorsOf, isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { currentLanguage } from '@/lib/i18n';
import {
  checkAccountNumber,
  checkCompanyName,
  checkConfirmation,
  checkEmail,
  checkName,
  checkNik,
  checkNpwp,
  checkOptionalShort,
  checkPassword,
  checkPhone,
} from '@/lib/validation';
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
  REGISTER_FIELDS,
  resumeStep,
  STEP_FIELDS,
  stepsFor,
  type TRegisterStep,
  toRegisterRequest,
} from '../utils/register-steps';
import { AuthHeading } from './auth-heading';
import { AuthNotice } from './auth-notice';

type TField = keyof TRegisterValues;
type TCheck = (value: string, values: TRegisterValues) => string | null;

/** Which contract validator guards each field; company fields only count for company accounts. */
const CHECKS: Partial<Record<TField, TCheck>> = {
  name: checkName,
  email: checkEmail,
  phoneNumber: checkPhone,
  password: checkPassword,
  passwordConfirmation: (value, values) => checkConfirmation(values.password, value),
  companyName: (value, values) => (values.type === 'company' ? checkCompanyName(value) : null),
  noKTP: (value, values) => (values.type === 'company' ? checkNik(value) : null),
  npwp: (value, values) => (values.type === 'company' ? checkNpwp(value) : null),
  siup: (value, values) => (values.type === 'company' ? checkOptionalShort(value) : null),
  tdp: (value, values) => (values.type === 'company' ? checkOptionalShort(value) : null),
  bank: (value, values) => (values.type === 'company' ? checkOptionalShort(value) : null),
  accountNumber: (value, values) => (values.type === 'company' ? checkAccountNumber(value) : null),
};

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
    Object.entries(CHECKS).map(([field, check]) => [
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
            aria-label={t(`auth.register.steps.${name}.label`)}
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
            <Radio.Group
              value={form.values.type}
              onChange={(value) =>
                form.setFieldValue('type', value === 'company' ? 'company' : 'personal')
              }
              label={t('auth.register.typeLabel')}
              name="type"
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
                <TypeCard
                  value="personal"
                  icon={<IconUser size={22} />}
                  title={t('auth.register.types.personal.title')}
                  body={t('auth.register.types.personal.body')}
                />
                <TypeCard
                  value="company"
                  icon={<IconBuildingSkyscraper size={22} />}
                  title={t('auth.register.types.company.title')}
                  body={t('auth.register.types.company.body')}
                />
              </SimpleGrid>
            </Radio.Group>
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
                  {...form.getInputProps('name')}
                  name="name"
                />
                <TextInput
                  label={t('auth.register.fields.email')}
                  type="email"
                  autoComplete="email"
                  withAsterisk
                  leftSection={<IconMail size={18} stroke={1.6} />}
                  {...form.getInputProps('email')}
                  name="email"
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
                {...form.getInputProps('phoneNumber')}
                name="phoneNumber"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <div>
                  <PasswordInput
                    label={t('auth.register.fields.password')}
                    autoComplete="new-password"
                    withAsterisk
                    leftSection={<IconLock size={18} stroke={1.6} />}
                    {...form.getInputProps('password')}
                    name="password"
                  />
                  <PasswordRules value={form.values.password} testId="register-password-rules" />
                </div>
                <PasswordInput
                  label={t('auth.register.fields.passwordConfirmation')}
                  autoComplete="new-password"
                  withAsterisk
                  leftSection={<IconLock size={18} stroke={1.6} />}
                  {...form.getInputProps('passwordConfirmation')}
                  name="passwordConfirmation"
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
                {...form.getInputProps('companyName')}
                name="companyName"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('auth.register.fields.noKTP')}
                  description={t('auth.register.hints.noKTP')}
                  inputMode="numeric"
                  maxLength={20}
                  withAsterisk
                  {...form.getInputProps('noKTP')}
                  name="noKTP"
                />
                <TextInput
                  label={t('auth.register.fields.npwp')}
                  description={t('auth.register.hints.npwp')}
                  inputMode="numeric"
                  maxLength={24}
                  withAsterisk
                  {...form.getInputProps('npwp')}
                  name="npwp"
                />
                <TextInput
                  label={t('auth.register.fields.siup')}
                  description={t('auth.register.hints.optional')}
                  {...form.getInputProps('siup')}
                  name="siup"
                />
                <TextInput
                  label={t('auth.register.fields.tdp')}
                  description={t('auth.register.hints.optional')}
                  {...form.getInputProps('tdp')}
                  name="tdp"
                />
                <TextInput
                  label={t('auth.register.fields.bank')}
                  description={t('auth.register.hints.optional')}
                  placeholder={t('auth.register.hints.bankPlaceholder')}
                  {...form.getInputProps('bank')}
                  name="bank"
                />
                <TextInput
                  label={t('auth.register.fields.accountNumber')}
                  description={t('auth.register.hints.optional')}
                  inputMode="numeric"
                  {...form.getInputProps('accountNumber')}
                  name="accountNumber"
                />
              </SimpleGrid>
            </Stack>
          ) : null}

          {step === 'review' ? <Review values={form.values} onEdit={goTo} /> : null}

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
            {step === 'review' ? (
              <Button
                type="submit"
                loading={registerMutation.isPending}
                data-testid="register-submit"
              >
                {t('auth.register.submit')}
              </Button>
            ) : (
              <Button
                type="submit"
                rightSection={<IconArrowRight size={16} />}
                data-testid="register-next"
              >
                {t('auth.register.next')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>

      <Text ta="center" fz="sm" c="dimmed">
        {t('auth.register.haveAccount')}{' '}
        <Anchor component={Link} to={ROUTES.login.path} fw={600}>
          {t('auth.register.login')}
        </Anchor>
      </Text>
    </Stack>
  );
};

const TypeCard = ({
  value,
  icon,
  title,
  body,
}: {
  value: TRegisterValues['type'];
  icon: ReactNode;
  title: string;
  body: string;
}) => (
  <Radio.Card value={value} radius="md" p="lg" data-testid={`register-type-${value}`}>
    <Group wrap="nowrap" align="flex-start" gap="md">
      <Radio.Indicator mt={4} />
      <div>
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size={34} radius="md">
            {icon}
          </ThemeIcon>
          <Text fw={700}>{title}</Text>
        </Group>
        <Text fz="sm" c="dimmed" mt={8}>
          {body}
        </Text>
      </div>
    </Group>
  </Radio.Card>
);

const Review = ({
  values,
  onEdit,
}: {
  values: TRegisterValues;
  onEdit: (step: TRegisterStep) => void;
}) => {
  const { t } = useTranslation();
  const row = (field: TField, value: string) => (
    <div key={field}>
      <Text fz="xs" c="dimmed">
        {t(`auth.register.fields.${field}`)}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={`review-${field}`}>
        {value.trim() || '—'}
      </Text>
    </div>
  );
  return (
    <Stack gap="md" data-testid="register-review">
      <ReviewSection
        title={t('auth.register.steps.account.label')}
        onEdit={() => onEdit('account')}
        badge={t(`auth.register.types.${values.type}.title`)}
      >
        {row('name', values.name)}
        {row('email', values.email)}
        {row('phoneNumber', values.phoneNumber)}
        {row('password', '••••••••')}
      </ReviewSection>
      {values.type === 'company' ? (
        <ReviewSection
          title={t('auth.register.steps.company.label')}
          onEdit={() => onEdit('company')}
        >
          {row('companyName', values.companyName)}
          {row('noKTP', values.noKTP)}
          {row('npwp', values.npwp)}
          {row('siup', values.siup)}
          {row('tdp', values.tdp)}
          {row('bank', values.bank)}
          {row('accountNumber', values.accountNumber)}
        </ReviewSection>
      ) : null}
      <Text fz="sm" c="dimmed">
        <Trans
          i18nKey="auth.register.agree"
          components={{
            terms: <Anchor component={Link} to={ROUTES.terms.path} target="_blank" fz="sm" />,
            privacy: <Anchor component={Link} to={ROUTES.privacy.path} target="_blank" fz="sm" />,
          }}
        />
      </Text>
    </Stack>
  );
};

const ReviewSection = ({
  title,
  badge,
  onEdit,
  children,
}: {
  title: string;
  badge?: string;
  onEdit: () => void;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Text fw={700}>{title}</Text>
          {badge ? (
            <Badge variant="light" size="sm">
              {badge}
            </Badge>
          ) : null}
        </Group>
        <Anchor component="button" type="button" fz="sm" onClick={onEdit}>
          {t('auth.register.edit')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
};
