import { formatIDR, formatNumber, type TPlan } from '@bubuh/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TColumn } from '@/components/data-table';
import { useFormDialog } from '@/lib/use-row-dialogs';
import { usePlans } from '../api/plans';
import { PLAN_FLAG_FIELDS } from '../utils/platform-rules';
import { PlanFormModal } from './plan-form-modal';
import { SettingListPage } from './setting-list-page';

/** Figure headers stay on one line (the table scrolls sideways on narrow screens). */
const nowrap = { whiteSpace: 'nowrap' } as const;

/** The plan's allowances, one right-aligned column each (`total_<key>`). */
const FIGURES = ['emeterai', 'esign', 'multiuser', 'psre'] as const;

/** Badges show their whole label (Mantine ellipsises it in a narrow cell). */
const FULL_LABEL = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/** The plan's feature flags as badges (the switches of the edit dialog). */
const PlanFeatures = ({ plan }: { plan: TPlan }) => {
  const { t } = useTranslation();
  const flags = PLAN_FLAG_FIELDS.filter((flag) => plan[flag]);
  if (flags.length === 0) {
    return (
      <Text fz="xs" c="dimmed">
        {t('platform.plan.noFeatures')}
      </Text>
    );
  }
  return (
    <Group gap={4} aria-label={t('platform.plan.features')} data-testid="plan-features-cell">
      {flags.map((flag) => (
        <Badge key={flag} size="xs" variant="light" tt="none" styles={FULL_LABEL} data-flag={flag}>
          {t(`platform.plan.flags.${flag}`)}
        </Badge>
      ))}
    </Group>
  );
};

/** /master/plan (super): the plans catalogue of spec §3, each plan editable in a dialog. */
export const PlanList = () => {
  const { t } = useTranslation();
  const query = usePlans();
  const form = useFormDialog<TPlan>();

  const figure = (value: number, testId: string) => (
    <Text fz="sm" data-testid={testId}>
      {formatNumber(value)}
    </Text>
  );

  const columns: TColumn<TPlan>[] = [
    {
      key: 'name',
      header: t('platform.plan.name'),
      render: (row) => (
        <Stack gap={6} miw={220} maw={280}>
          <Stack gap={0}>
            <Text fw={600} fz="sm" data-testid="plan-name-cell">
              {row.plan_name}
            </Text>
            {row.note ? (
              <Text fz="xs" c="dimmed" lineClamp={2} data-testid="plan-note-cell">
                {row.note}
              </Text>
            ) : null}
          </Stack>
          <PlanFeatures plan={row} />
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('platform.plan.status'),
      render: (row) => (
        <Badge
          variant="dot"
          color={row.status === 'inactive' ? 'gray' : 'green'}
          styles={FULL_LABEL}
          data-testid="plan-status-cell"
        >
          {row.status === 'inactive'
            ? t('platform.plan.statuses.inactive')
            : t('platform.plan.statuses.active')}
        </Badge>
      ),
    },
    {
      key: 'price',
      header: t('platform.plan.price'),
      align: 'right',
      render: (row) => (
        <Stack gap={0} style={nowrap}>
          <Text fz="sm" data-testid="plan-price-cell">
            {formatIDR(row.price)}
          </Text>
          <Text fz="xs" c="dimmed" data-testid="plan-duration-cell">
            {t('platform.plan.days', { days: formatNumber(row.duration_days) })}
          </Text>
        </Stack>
      ),
    },
    ...FIGURES.map(
      (key): TColumn<TPlan> => ({
        key,
        header: <span style={nowrap}>{t(`platform.plan.${key}`)}</span>,
        align: 'right',
        render: (row) => figure(row[`total_${key}`], `plan-${key}-cell`),
      }),
    ),
  ];

  return (
    <SettingListPage
      prefix="plan"
      query={query}
      columns={columns}
      rowKey={(row) => row.plan}
      rowName={(row) => row.plan}
      editName={(row) => row.plan_name}
      onEdit={form.open}
    >
      <PlanFormModal opened={form.opened} plan={form.editing} onClose={form.close} />
    </SettingListPage>
  );
};
