import { formatNumber, type TQuotaType, ZTransferQuotaRequest } from '@bubuh/contracts';
import {
  Alert,
  Divider,
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconArrowRight,
  IconBuilding,
  IconBuildingSkyscraper,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonRow } from '@/components/button-row';
import { DepartementSelect } from '@/components/forms/departement-select';
import { SectionHeading } from '@/components/section-card';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { type TStock, useCompanyStock, useDepartementStock, useMoveQuota } from '../api/quota';
import { newIdempotencyKey } from '../utils/idempotency';

export type TDepartementChoice = { departement_id: number; name: string };

type TValues = { departement_id: string | null; type: TQuotaType; quota: number | string };

const Balance = ({
  icon: Icon,
  title,
  stock,
  type,
  testId,
}: {
  icon: typeof IconBuilding;
  title: string;
  stock: TStock | undefined;
  type: TQuotaType;
  testId: string;
}) => {
  const { t } = useTranslation();
  const figure = (kind: TQuotaType) => (
    <div>
      <Text fz="xs" c="dimmed">
        {t(`quota.kind.${kind}`)}
      </Text>
      <Text
        fz={kind === type ? 26 : 18}
        fw={700}
        c={kind === type ? undefined : 'dimmed'}
        lh={1.2}
        data-testid={`${testId}-${kind}`}
      >
        {stock ? formatNumber(stock[kind]) : '—'}
      </Text>
    </div>
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Group gap="xs" mb="xs" wrap="nowrap">
        <Icon size={18} stroke={1.6} />
        <Text fw={600} fz="sm" truncate="end">
          {title}
        </Text>
      </Group>
      <Group gap="xl" align="flex-end">
        {figure('emeterai')}
        {figure('esign')}
      </Group>
    </Paper>
  );
};

/** /quota/transfer: move quota between the company wallet and a department (company admins). */
export const QuotaTransferForm = ({ departements }: { departements: TDepartementChoice[] }) => {
  const { t } = useTranslation();
  const move = useMoveQuota();
  const company = useCompanyStock();
  const form = useForm<TValues>({
    initialValues: { departement_id: null, type: 'emeterai', quota: '' },
    validate: {
      departement_id: (value) => (value ? null : t('quota.transfer.departmentRequired')),
      // The input gives a number, or its text while it is not one; the body carries a number.
      quota: (value) =>
        ZTransferQuotaRequest.shape.quota.safeParse(value === '' ? undefined : Number(value))
          .success
          ? null
          : t('quota.transfer.quotaInvalid'),
    },
  });
  const departementId = form.values.departement_id ? Number(form.values.departement_id) : null;
  const departement = useDepartementStock(departementId);
  const selected = departements.find((d) => d.departement_id === departementId);
  /** Spec §4: set when a submit is rejected, cleared when a submit starts or succeeds. */
  const [transferError, setTransferError] = useState<string | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  /** The pressed button spins, the other waits. */
  const busy = (action: 'transfer' | 'return') => ({
    loading: move.isPending && move.variables?.action === action,
    disabled: move.isPending && move.variables?.action !== action,
  });
  const submit = (action: 'transfer' | 'return') => {
    if (move.isPending) return;
    if (form.validate().hasErrors || departementId === null) return;
    const body = {
      departement_id: departementId,
      quota: Number(form.values.quota),
      type: form.values.type,
    };
    // One key per attempt: a double click or a retry after a lost answer is applied once.
    const fingerprint = JSON.stringify({ action, ...body });
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    }
    setTransferError(null);
    move.mutate(
      { action, ...body, idempotencyKey: attempt.current.key },
      {
        onSuccess: () => {
          attempt.current = null;
          setTransferError(null);
          notifySuccess(
            action === 'transfer' ? t('quota.toast.transfer') : t('quota.toast.return'),
          );
          form.setFieldValue('quota', '');
        },
        onError: (error) => {
          // A refusal is final; keep the key only when the answer may have been lost.
          if (isApiError(error) && error.status >= 400 && error.status < 500)
            attempt.current = null;
          setTransferError(serverMessage(error, t));
        },
      },
    );
  };

  const type = form.values.type;
  const available = company.data?.[type];
  const inDepartement = departement.data?.[type];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="quota-transfer">
      <SectionHeading
        order={3}
        title={t('quota.transfer.title')}
        hint={t('quota.transfer.body')}
        maw={620}
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="lg">
        <Balance
          icon={IconBuildingSkyscraper}
          title={t('quota.transfer.companyBalance')}
          stock={company.data}
          type={type}
          testId="company-balance"
        />
        <Balance
          icon={IconBuilding}
          title={
            selected
              ? t('quota.transfer.departmentBalance', { name: selected.name })
              : t('quota.transfer.pickDepartment')
          }
          stock={departementId === null ? undefined : departement.data}
          type={type}
          testId="department-balance"
        />
      </SimpleGrid>

      <Divider my="lg" />

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit('transfer');
        }}
        data-testid="quota-transfer-form"
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <DepartementSelect
              departements={departements}
              textKey="quota.transfer"
              testId="transfer-department"
              {...form.getInputProps('departement_id')}
            />
            <Input.Wrapper label={t('quota.transfer.type')} withAsterisk>
              <SegmentedControl
                fullWidth
                data={[
                  { value: 'emeterai', label: t('quota.kind.emeterai') },
                  { value: 'esign', label: t('quota.kind.esign') },
                ]}
                value={form.values.type}
                onChange={(value) =>
                  form.setFieldValue('type', value === 'esign' ? 'esign' : 'emeterai')
                }
                data-testid="transfer-type"
              />
            </Input.Wrapper>
            <NumberInput
              label={t('quota.transfer.quota')}
              placeholder="0"
              min={1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              withAsterisk
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={
                available !== undefined
                  ? t('quota.transfer.available', {
                      company: formatNumber(available),
                      departement: inDepartement !== undefined ? formatNumber(inDepartement) : '—',
                    })
                  : undefined
              }
              data-testid="transfer-quota"
              {...form.getInputProps('quota')}
            />
          </SimpleGrid>

          {transferError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              title={t('quota.transfer.rejected')}
              data-testid="transfer-error"
            >
              {transferError}
            </Alert>
          ) : null}

          <ButtonRow
            justify="flex-end"
            gap="sm"
            actions={[
              {
                label: t('quota.transfer.return'),
                icon: <IconArrowBackUp size={16} />,
                variant: 'light',
                onClick: () => submit('return'),
                testId: 'transfer-return',
                ...busy('return'),
              },
              {
                label: t('quota.transfer.transfer'),
                rightIcon: <IconArrowRight size={16} />,
                type: 'submit',
                testId: 'transfer-submit',
                ...busy('transfer'),
              },
            ]}
          />
        </Stack>
      </form>
    </Paper>
  );
};
