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
  return (['from', 'to'] as const).map((end) => {
    const label = end === 'from' ? t('billing.dateFrom') : t('billing.dateTo');
    return (
      <IsoDateInput
        key={end}
        aria-label={label}
        title={label}
        value={value[end] ?? ''}
        onChange={(day) => onChange({ ...value, [end]: day })}
        w={130}
        data-testid={`filter-${end}`}
      />
    );
  });
};
