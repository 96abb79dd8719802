import { formatNumber, type TQuota } from '@bubuh/contracts';
import {
  Alert,
  Grid,
  Group,
  Paper,
  Progress,
  RingProgress,
  SemiCircleProgress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconRubberStamp,
  IconSignature,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlainTable } from '@/components/lists/plain-table';
import { statusMessage } from '@/lib/api-errors';
import { useQuota, useQuotaChart, useQuotaConfig } from '../api/quota';
import {
  esignIsInfinite,
  hasQuotaWallet,
  INFINITE,
  isLow,
  type TQuotaUser,
} from '../utils/quota-rules';
import classes from './quota.module.css';
import { QuotaWarning, type TLowBalance } from './quota-warning';
import { LegendItem, UsageChart } from './usage-chart';

type TFigures = { remain: number; used: number; total: number };

const StatCard = ({
  icon: Icon,
  color,
  title,
  figures,
  infinite = false,
  low,
  testId,
}: {
  icon: TablerIcon;
  color: string;
  title: string;
  figures: TFigures | undefined;
  infinite?: boolean;
  low: boolean;
  testId: string;
}) => {
  const { t } = useTranslation();
  const share = figures && figures.total > 0 ? (figures.remain / figures.total) * 100 : 0;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      className={classes.stat}
      data-low={low || undefined}
      data-testid={testId}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fz="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          {figures ? (
            <Text
              fz={34}
              fw={800}
              lh={1.1}
              mt={6}
              c={low ? 'orange.7' : undefined}
              data-testid={`${testId}-remain`}
            >
              {infinite ? INFINITE : formatNumber(figures.remain)}
            </Text>
          ) : (
            <Skeleton h={36} w={80} mt={6} />
          )}
          <Text fz="xs" c="dimmed">
            {t('quota.dashboard.remaining')}
          </Text>
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={low ? 'orange' : color}>
          {low ? <IconAlertTriangle size={24} /> : <Icon size={24} stroke={1.6} />}
        </ThemeIcon>
      </Group>
      {!infinite ? (
        <Progress
          value={share}
          color={low ? 'orange' : color}
          size="sm"
          mt="md"
          aria-label={t('quota.dashboard.remaining')}
        />
      ) : null}
      <Group gap="lg" mt="sm">
        <Text fz="sm">
          <Text span c="dimmed" fz="sm">
            {t('quota.dashboard.used')}{' '}
          </Text>
          <Text span fw={700} fz="sm" data-testid={`${testId}-used`}>
            {figures ? formatNumber(figures.used) : '—'}
          </Text>
        </Text>
        <Text fz="sm">
          <Text span c="dimmed" fz="sm">
            {t('quota.dashboard.total')}{' '}
          </Text>
          <Text span fw={700} fz="sm" data-testid={`${testId}-total`}>
            {infinite ? INFINITE : figures ? formatNumber(figures.total) : '—'}
          </Text>
        </Text>
      </Group>
      {low ? (
        <Text fz="xs" c="orange.7" mt="xs" fw={600}>
          {t('quota.dashboard.low')}
        </Text>
      ) : null}
    </Paper>
  );
};

const RemainDonut = ({
  quota,
  personal,
  maxGauge,
}: {
  quota: TQuota | undefined;
  personal: boolean;
  maxGauge: number | null;
}) => {
  const { t } = useTranslation();
  const [remain = 0, used = 0] = quota?.chartRemain ?? [];
  const total = remain + used;
  const gaugeMax = maxGauge && maxGauge > 0 ? maxGauge : Math.max(total, 1);
  // Empty sections would still draw a round cap; leave them out.
  const sections = [
    {
      value: total > 0 ? (remain / total) * 100 : 0,
      color: 'brand.6',
      tooltip: `${t('quota.dashboard.remaining')}: ${formatNumber(remain)}`,
    },
    {
      value: total > 0 ? (used / total) * 100 : 0,
      color: 'orange.5',
      tooltip: `${t('quota.dashboard.used')}: ${formatNumber(used)}`,
    },
  ].filter((section) => section.value > 0);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%" data-testid="remain-chart">
      <Title order={3} fz="md">
        {personal ? t('quota.dashboard.gaugeTitle') : t('quota.dashboard.donutTitle')}
      </Title>
      <Text fz="xs" c="dimmed">
        {personal
          ? t('quota.dashboard.gaugeBody', { max: formatNumber(gaugeMax) })
          : t('quota.dashboard.donutBody')}
      </Text>
      {!quota ? (
        <Skeleton h={180} mt="md" circle={false} />
      ) : personal ? (
        <Stack align="center" mt="lg" gap={4} data-testid="remain-gauge">
          <SemiCircleProgress
            value={Math.min(100, (remain / gaugeMax) * 100)}
            size={220}
            thickness={16}
            filledSegmentColor={remain < gaugeMax * 0.1 ? 'orange' : 'brand'}
            label={
              <Text fw={800} fz={26} ta="center">
                {formatNumber(remain)}
                <Text span c="dimmed" fz="sm" fw={500}>
                  {' '}
                  / {formatNumber(gaugeMax)}
                </Text>
              </Text>
            }
          />
          <Text fz="xs" c="dimmed">
            {t('quota.dashboard.remaining')}
          </Text>
        </Stack>
      ) : (
        <Stack align="center" mt="md" gap="sm">
          <RingProgress
            size={190}
            thickness={18}
            roundCaps={total > 0}
            rootColor="var(--mantine-color-gray-2)"
            sections={sections}
            label={
              <Stack gap={0} align="center">
                <Text fw={800} fz={26} lh={1.1} data-testid="remain-chart-value">
                  {formatNumber(remain)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('quota.dashboard.remaining')}
                </Text>
              </Stack>
            }
          />
          <Group gap="lg">
            {(
              [
                [t('quota.dashboard.remaining'), remain, 'var(--mantine-color-brand-6)'],
                [t('quota.dashboard.used'), used, 'var(--mantine-color-orange-5)'],
              ] as const
            ).map(([label, value, color]) => (
              <LegendItem key={color} color={color}>
                {label} · {formatNumber(value)}
              </LegendItem>
            ))}
          </Group>
        </Stack>
      )}
    </Paper>
  );
};

type TDepartementBalance = NonNullable<TQuota['departements']>[number];

const DepartementBalances = ({ quota }: { quota: TQuota }) => {
  const { t } = useTranslation();
  if (!quota.departements || quota.departements.length === 0) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="departement-balances">
      <Title order={3} fz="md" mb="sm">
        {t('quota.dashboard.departmentsTitle')}
      </Title>
      <PlainTable
        minWidth={360}
        verticalSpacing={6}
        rows={quota.departements}
        rowKey={(d) => d.departement_id}
        columns={[
          {
            key: 'name',
            header: t('quota.history.department'),
            render: (d) => (
              <Text span fz="sm" fw={600}>
                {d.name}
              </Text>
            ),
          },
          ...(['emeterai', 'esign'] as const).map((kind) => ({
            key: kind,
            header: t(`quota.kind.${kind}`),
            align: 'right' as const,
            render: (d: TDepartementBalance) => formatNumber(d[kind]),
          })),
        ]}
      />
    </Paper>
  );
};

/**
 * The dashboard's quota section for the caller's scope: e-Meterai and e-sign figures, the monthly
 * usage chart and the remaining-vs-used donut (a gauge up to max_gauge_personal for personal
 * accounts), with the low-balance warning. Pay-as-you-go users have no wallet: nothing is shown.
 */
export const QuotaOverview = ({ user }: { user: TQuotaUser }) => {
  const { t } = useTranslation();
  const wallet = hasQuotaWallet(user);
  const quota = useQuota(user, wallet);
  const chart = useQuotaChart(wallet);
  const config = useQuotaConfig();
  if (!wallet) return null;

  const threshold = config.data?.thresholdQuotaWarning ?? null;
  const data = quota.data;
  const infiniteEsign = esignIsInfinite(user);
  const low: TLowBalance[] = [];
  if (data && isLow(data.remain, threshold)) low.push({ kind: 'emeterai', remain: data.remain });
  if (data && !infiniteEsign && isLow(data.esign.remain, threshold))
    low.push({ kind: 'esign', remain: data.esign.remain });

  return (
    <Stack gap="lg" data-testid="dashboard-quota">
      {quota.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {statusMessage(quota.error, t)}
        </Alert>
      ) : null}
      {threshold !== null ? <QuotaWarning low={low} threshold={threshold} /> : null}
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3} fz="lg">
            {t('quota.dashboard.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t(`quota.dashboard.scope.${data?.scope ?? 'user'}`)}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <StatCard
          icon={IconRubberStamp}
          color="brand"
          title={t('quota.kind.emeterai')}
          figures={
            data
              ? { remain: data.remain, used: data.usage.total, total: data.total.total }
              : undefined
          }
          low={low.some((l) => l.kind === 'emeterai')}
          testId="quota-stat-emeterai"
        />
        <StatCard
          icon={IconSignature}
          color="teal"
          title={t('quota.kind.esign')}
          figures={
            data
              ? {
                  remain: data.esign.remain,
                  used: data.esign.usage.total,
                  total: data.esign.total.total,
                }
              : undefined
          }
          infinite={infiniteEsign}
          low={low.some((l) => l.kind === 'esign')}
          testId="quota-stat-esign"
        />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <UsageChart chart={chart.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <RemainDonut
            quota={data}
            personal={user.user_type === 'personal'}
            maxGauge={config.data?.maxGaugePersonal ?? null}
          />
        </Grid.Col>
      </Grid>
      {data ? <DepartementBalances quota={data} /> : null}
    </Stack>
  );
};
