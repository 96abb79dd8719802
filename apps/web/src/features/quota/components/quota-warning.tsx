import { formatNumber } from '@bubuh/contracts';
import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TLowBalance = { kind: 'emeterai' | 'esign'; remain: number };

/** Spec §3: warn when an e-Meterai or e-sign balance is under threshold_quota_warning. */
export const QuotaWarning = ({ low, threshold }: { low: TLowBalance[]; threshold: number }) => {
  const { t } = useTranslation();
  if (low.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={t('quota.warning.title')}
      data-testid="quota-warning"
    >
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
    </Alert>
  );
};
