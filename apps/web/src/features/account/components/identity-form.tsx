import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCertificate } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityFields } from '@/components/identity-fields';
import { SectionCard } from '@/components/section-card';
import { fieldErrorsOf } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { identityRules } from '@/lib/validation';
import { useSetSignerIdentity, useSignerIdentity } from '../api/identity';

/**
 * The full legal name and NIK the signing certificate will carry (issued at the first
 * e-signature): entered and corrected here until then, shown read-only afterwards. The NIK is
 * checked as at registration.
 */
export const IdentityForm = () => {
  const { t } = useTranslation();
  const identity = useSignerIdentity();
  const save = useSetSignerIdentity();
  const form = useForm({
    initialValues: { fullName: '', nik: '' },
    validate: identityRules(t),
  });
  const data = identity.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once the identity arrives
  useEffect(() => {
    if (!data) return;
    const values = { fullName: data.fullName, nik: data.nik ?? '' };
    form.setInitialValues(values);
    form.setValues(values);
  }, [data]);

  const issued = data?.certificate_issued ?? false;
  const submit = form.onSubmit((values) =>
    save.mutate(
      { body: { fullName: values.fullName.trim(), nik: values.nik.trim() } },
      {
        onSuccess: () => notifySuccess(t('account.identity.saved')),
        onError: (error) => form.setErrors(fieldErrorsOf(error, ['fullName', 'nik'])),
      },
    ),
  );

  return (
    <SectionCard
      title={t('account.identity.title')}
      hint={issued ? t('account.identity.issued') : t('account.identity.hint')}
      icon={<IconCertificate size={20} />}
      id="signing-identity"
      testId="identity-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" mt="lg">
          <IdentityFields
            form={form}
            name={{ label: t('account.identity.fullName'), testId: 'identity-full-name' }}
            nik={{
              label: t('account.identity.nik'),
              hint: t('account.identity.nikHint'),
              testId: 'identity-nik-input',
            }}
            error={save.error}
            readOnly={issued}
          />
          {issued ? null : (
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!form.isDirty() || identity.isPending}
                data-testid="identity-save"
              >
                {t('account.identity.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
};
