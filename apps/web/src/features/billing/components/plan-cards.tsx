import { formatNumber } from '@bubuh/contracts';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { QueryFallback } from '@/components/query-fallback';
import { serverMessage } from '@/lib/api-errors';
import { notifyError } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useBuyPlan, useCurrentPlan, usePlanCatalogue } from '../api/billing';
import classes from './billing.module.css';
import { invoicePaths } from './invoice-paths';
import { idr } from './money';

/** The plan's allowances on its card: the unit text and the plan field it counts. */
const UNITS = [
  ['emeterai', 'total_emeterai'],
  ['esign', 'total_esign'],
  ['users', 'total_multiuser'],
  ['psre', 'total_psre'],
] as const;

/** /plan: the catalogue as cards, the current plan marked, "Buy" on the others. */
export const PlanCards = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession()?.userData;
  const catalogue = usePlanCatalogue();
  const current = useCurrentPlan(user?.id);
  const buy = useBuyPlan();
  if (!catalogue.data)
    return <QueryFallback pending={catalogue.isPending} error={catalogue.error} />;
  const currentId = current.data?.plan ?? null;
  const plans = catalogue.data.filter((p) => p.status === 'active');

  const purchase = (planId: number) =>
    buy.mutate(
      { body: { plan_id: planId } },
      {
        onSuccess: (body) => navigate(invoicePaths(body.data).view),
        onError: (error) => notifyError(serverMessage(error, t)),
      },
    );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="plan-cards">
      {plans.map((plan) => {
        const isCurrent = plan.plan === currentId;
        return (
          <Card
            key={plan.plan}
            withBorder
            padding="lg"
            className={isCurrent ? classes.current : undefined}
            data-testid="plan-card"
          >
            <Stack gap="xs" h="100%">
              <Group justify="space-between">
                <Title order={3} fz="lg">
                  {plan.plan_name}
                </Title>
                {isCurrent && (
                  <Badge color="green" data-testid="plan-current">
                    {t('billing.currentPlan')}
                  </Badge>
                )}
              </Group>
              <Text fz={24} fw={700}>
                {idr(plan.price)}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('billing.perDays', { days: plan.duration_days })}
              </Text>
              <List size="sm" spacing={4} style={{ flex: 1 }}>
                {UNITS.map(([unit, field]) => (
                  <List.Item key={unit}>
                    {t(`billing.units.${unit}`, { n: formatNumber(plan[field]) })}
                  </List.Item>
                ))}
                <List.Item>
                  {plan.is_digital_locker ? t('billing.units.locker') : t('billing.units.noLocker')}
                </List.Item>
              </List>
              {plan.note && (
                <Text fz="sm" c="dimmed">
                  {plan.note}
                </Text>
              )}
              {!isCurrent && (
                <Button
                  onClick={() => purchase(plan.plan)}
                  loading={buy.isPending && buy.variables?.body.plan_id === plan.plan}
                  data-testid="plan-buy"
                >
                  {t('billing.buy')}
                </Button>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
};
