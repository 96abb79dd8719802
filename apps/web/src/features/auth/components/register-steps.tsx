/** The register form's first and last steps: the account type, and the review of every answer. */
import { ROUTES } from '@bubuh/contracts';
import {
  Anchor,
  Badge,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBuildingSkyscraper, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TRegisterValues } from '../utils/flow-storage';
import type { TRegisterStep } from '../utils/register-steps';

type TField = keyof TRegisterValues;

/** One account type (personal or company) of the first step. */
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

/** The first step: personal or company account. */
export const TypeStep = ({
  value,
  onChange,
}: {
  value: TRegisterValues['type'];
  onChange: (type: TRegisterValues['type']) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={(picked) => onChange(picked === 'company' ? 'company' : 'personal')}
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
  );
};

/** The last step: every answer by section, each section with a link back to its step. */
export const RegisterReview = ({
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
