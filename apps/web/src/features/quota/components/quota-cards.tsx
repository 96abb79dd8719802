import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCertificate,
  IconRubberStamp,
  IconSignature,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { useChildUserUsage, useQuota, useQuotaConfig, useSubscription } from '../api/quota';
import {
  hasQuotaWallet,
  quotaCards,
  showsUserCard,
  type TQuotaCardKey,
} from '../utils/quota-rules';

const ICONS: Record<TQuotaCardKey, { icon: TablerIcon; color: string }> = {
  emeterai: { icon: IconRubberStamp, color: 'brand' },
  esign: { icon: IconSignature, color: 'teal' },
  psre: { icon: IconCertificate, color: 'grape' },
  user: { icon: IconUsers, color: 'orange' },
};

/**
 * The profile dropdown's quota cards (spec §2, §6): eMeterai, eSign, PSrE and User, read from the
 * caller's scope. Pay-as-you-go users get nothing.
 */
export const QuotaCards = () => {
  const { t } = useTranslation();
  const session = useSession();
  const user = session?.userData;
  const wallet = user ? hasQuotaWallet(user) : false;
  const quota = useQuota(user, wallet);
  const plan = useSubscription(wallet ? user?.id : null);
  const config = useQuotaConfig();
  const children = useChildUserUsage(wallet && showsUserCard(plan.data));

  if (!user || !wallet) return null;
  const cards = quotaCards({
    user,
    quota: quota.data,
    plan: plan.data,
    threshold: config.data?.thresholdQuotaWarning ?? null,
    children: children.data,
  });

  return (
    <div data-testid="quota-cards">
      <Text fz="xs" c="dimmed" mb={6}>
        {t('quota.cards.title')}
      </Text>
      <SimpleGrid cols={2} spacing={8}>
        {cards.map((card) => {
          const { icon: Icon, color } = ICONS[card.key];
          const value = quota.isError && card.value === '…' ? '—' : card.value;
          return (
            <Paper
              key={card.key}
              withBorder
              radius="md"
              px="sm"
              py={8}
              data-testid={`quota-card-${card.key}`}
              data-low={card.low || undefined}
              style={card.low ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}
            >
              <Group gap={6} wrap="nowrap">
                <ThemeIcon
                  size={22}
                  radius="sm"
                  variant="light"
                  color={card.low ? 'orange' : color}
                >
                  {card.low ? <IconAlertTriangle size={14} /> : <Icon size={14} />}
                </ThemeIcon>
                <Text fz="xs" fw={600} c="dimmed" truncate="end">
                  {t(`quota.cards.${card.key}`)}
                </Text>
              </Group>
              <Text
                fz="lg"
                fw={700}
                mt={4}
                lh={1.2}
                c={card.low ? 'orange.7' : undefined}
                data-testid={`quota-card-${card.key}-value`}
              >
                {value}
              </Text>
              <Text fz={11} c={card.low ? 'orange.7' : 'dimmed'} lh={1.3} truncate="end">
                {card.low
                  ? t('quota.cards.low')
                  : card.key === 'user'
                    ? t('quota.cards.userHint')
                    : card.total !== null
                      ? t('quota.cards.ofTotal', { total: card.total })
                      : t('quota.cards.remaining')}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
    </div>
  );
};
