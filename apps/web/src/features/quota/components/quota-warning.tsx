import { formatNumber } from '@bubuh/contracts';
import { List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '@/components/warning-alert';

export type TLowBalance = { kind: 'emeterai' | 'esign'; remain: number };

/** Spec §3: warn when an e-Meterai or e-sign balance is under threshold_quota_warning. */
export const QuotaWarning = ({ low, threshold }: { low: TLowBalance[]; threshold: number }) => {
  const { t } = useTranslation();
  if (low.length === 0) return null;
  return (
    <WarningAlert title={t('quota.warning.title')} testId="quota-warning" iconSize={20}>
      <List size="sm" spacing={2}>
        {low.map((item) => (
          <List.Item key={item.kind} data-testid={`quota-warning-${item.kind}`}>
            {t('quota.warning.item', {
              kind: t(`quota.kind.${item.kind}`),
              remain: formatNumber(item.remain),
              threshold: formatNumber(threshold),
            })}
          </List.Item>
        ))}
      </List>
    </WarningAlert>
  );
};
