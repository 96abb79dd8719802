import { useTranslation } from 'react-i18next';
import { IsoDateInput } from '@/components/iso-date-input';
import type { TDayRange } from '../api/billing';

/** From/To days (YYYY-MM-DD, Asia/Jakarta) for the purchase and transaction history tables. */
export const DateRangeFilter = ({
  value,
  onChange,
}: {
  value: TDayRange;
  onChange: (next: TDayRange) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <IsoDateInput
        aria-label={t('billing.dateFrom')}
        title={t('billing.dateFrom')}
        value={value.from ?? ''}
        onChange={(from) => onChange({ ...value, from })}
        w={130}
        data-testid="filter-from"
      />
      <IsoDateInput
        aria-label={t('billing.dateTo')}
        title={t('billing.dateTo')}
        value={value.to ?? ''}
        onChange={(to) => onChange({ ...value, to })}
        w={130}
        data-testid="filter-to"
      />
    </>
  );
};
