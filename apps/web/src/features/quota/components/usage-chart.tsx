import { formatNumber } from '@bubuh/contracts';
import { Box, Group, Paper, Skeleton, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuotaChart } from '../api/quota';
import classes from './quota.module.css';

const SERIES = [
  { key: 'emeterai', color: 'var(--mantine-color-brand-6)' },
  { key: 'esign', color: 'var(--mantine-color-teal-5)' },
] as const;

/** A round axis maximum: 1, 2, 5, 10, 20, 50 … at or above the largest value. */
export const niceMax = (value: number): number => {
  if (value <= 0) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value) ?? 10;
  return step * magnitude;
};

const monthLabel = (month: string, language: string, withYear = false) => {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(language === 'id' ? 'id-ID' : 'en-GB', {
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(new Date(Date.UTC(year, m - 1, 15)));
};

/** One entry of a chart's legend: the series' colour swatch and its label. */
export const LegendItem = ({
  color,
  dimmed = false,
  children,
}: {
  color: string;
  dimmed?: boolean;
  children: ReactNode;
}) => (
  <Group gap={6}>
    <span className={classes.swatch} style={{ background: color }} />
    <Text fz="xs" c={dimmed ? 'dimmed' : undefined}>
      {children}
    </Text>
  </Group>
);

/** Units used per month over the last 12 months (GET /quota/data-chart-quota). */
export const UsageChart = ({ chart }: { chart: TQuotaChart | undefined }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const values = chart ? [...chart.emeterai, ...chart.esign] : [];
  const max = niceMax(Math.max(0, ...values));
  const empty = chart !== undefined && values.every((v) => v === 0);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%" data-testid="usage-chart">
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <div>
          <Title order={3} fz="md">
            {t('quota.dashboard.usageTitle')}
          </Title>
          <Text fz="xs" c="dimmed">
            {t('quota.dashboard.usageBody')}
          </Text>
        </div>
        <Group gap="md">
          {SERIES.map((s) => (
            <LegendItem key={s.key} color={s.color} dimmed>
              {t(`quota.kind.${s.key}`)}
            </LegendItem>
          ))}
        </Group>
      </Group>
      {chart ? (
        <Box className={classes.chart}>
          <div className={classes.axis} aria-hidden="true">
            {[max, max / 2, 0].map((tick) => (
              <span key={tick}>{formatNumber(tick)}</span>
            ))}
          </div>
          <div className={classes.plot}>
            <div className={classes.grid} aria-hidden="true">
              <span />
              <span />
              <span />
            </div>
            {chart.months.map((month, i) => {
              const e = chart.emeterai[i] ?? 0;
              const s = chart.esign[i] ?? 0;
              return (
                <Tooltip
                  key={month}
                  label={`${monthLabel(month, language, true)} · ${t('quota.kind.emeterai')} ${formatNumber(e)} · ${t('quota.kind.esign')} ${formatNumber(s)}`}
                >
                  <div className={classes.month} data-testid={`usage-month-${month}`}>
                    <div className={classes.bars}>
                      {SERIES.map((series) => {
                        const value = series.key === 'emeterai' ? e : s;
                        return (
                          <span
                            key={series.key}
                            className={classes.bar}
                            style={{
                              height: `${(value / max) * 100}%`,
                              background: series.color,
                            }}
                          />
                        );
                      })}
                    </div>
                    <span className={classes.monthLabel}>{monthLabel(month, language)}</span>
                  </div>
                </Tooltip>
              );
            })}
            {empty ? (
              <Text className={classes.chartEmpty} fz="sm" c="dimmed">
                {t('quota.dashboard.noUsage')}
              </Text>
            ) : null}
          </div>
        </Box>
      ) : (
        <Skeleton h={220} />
      )}
    </Paper>
  );
};
