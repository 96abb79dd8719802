import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMail, IconPhone, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError, SectionCard } from '@/components/section-card';
import { fieldErrorsOf, isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { checkName, checkPhone, rule } from '@/lib/validation';
import { type TProfileProps, type TProfileUpdate, useUpdateProfile } from '../api/profile';

/** The editable part of the profile: name and phone; the e-mail is shown read-only. */
export const ProfileForm = ({ profile, editable }: TProfileProps) => {
  const { t } = useTranslation();
  const update = useUpdateProfile(profile.id);
  const form = useForm({
    initialValues: { fullName: profile.fullName, phoneNumber: profile.phone ?? '' },
    validate: {
      fullName: rule(t, checkName),
      // A phone can be added or changed, not removed (the API keeps the last one).
      phoneNumber: (value) => {
        if (!value.trim() && !profile.phone) return null;
        const problem = checkPhone(value);
        return problem ? t(problem) : null;
      },
    },
  });

  const submit = form.onSubmit((values) => {
    const body: TProfileUpdate = {};
    if (values.fullName.trim() !== profile.fullName) body.fullName = values.fullName.trim();
    if (values.phoneNumber.trim() && values.phoneNumber.trim() !== (profile.phone ?? '')) {
      body.phoneNumber = values.phoneNumber.trim();
    }
    if (Object.keys(body).length === 0) {
      form.resetDirty();
      return;
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        const next = {
          fullName: saved?.fullName ?? values.fullName.trim(),
          phoneNumber: saved?.phone ?? values.phoneNumber.trim(),
        };
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        notifications.show({ message: t('account.saved'), color: 'green', autoClose: 3000 });
      },
      onError: (error) => {
        const errors = fieldErrorsOf(error, ['fullName', 'phoneNumber']);
        form.setErrors(errors);
      },
    });
  });

  const error = update.error;
  const showError =
    error && Object.keys(fieldErrorsOf(error, ['fullName', 'phoneNumber'])).length === 0;

  return (
    <SectionCard
      title={t('account.details')}
      hint={editable ? t('account.detailsHint') : t('account.readOnlyHint')}
      testId="account-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" mt="lg">
          <TextInput
            label={t('account.fullName')}
            leftSection={<IconUser size={18} stroke={1.6} />}
            autoComplete="name"
            readOnly={!editable}
            withAsterisk={editable}
            {...form.getInputProps('fullName')}
            name="fullName"
          />
          <TextInput
            label={t('account.phone')}
            description={editable ? t('auth.register.hints.phoneNumber') : undefined}
            leftSection={<IconPhone size={18} stroke={1.6} />}
            type="tel"
            autoComplete="tel"
            readOnly={!editable}
            {...form.getInputProps('phoneNumber')}
            name="phoneNumber"
          />
          <TextInput
            label={t('account.email')}
            description={t('account.emailReadOnly')}
            leftSection={<IconMail size={18} stroke={1.6} />}
            value={profile.email}
            readOnly
            variant="filled"
            name="email"
            data-testid="account-email"
          />
          {showError ? (
            <FormError testId="account-form-error">
              {isApiError(error) ? serverMessage(error, t) : t('error.generic')}
            </FormError>
          ) : null}
          {editable ? (
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => form.reset()}
                disabled={!form.isDirty() || update.isPending}
              >
                {t('account.reset')}
              </Button>
              <Button
                type="submit"
                loading={update.isPending}
                disabled={!form.isDirty()}
                data-testid="account-save"
              >
                {t('account.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </SectionCard>
  );
};
