import type { TTicketLevel, TTicketStatus } from '@bubuh/contracts';
import { useTranslation } from 'react-i18next';
import { MapBadge } from '@/components/lists/map-badge';

const STATUS_COLOR: Record<TTicketStatus, string> = {
  Open: 'blue',
  'On Progress': 'orange',
  Pending: 'yellow',
  Closed: 'gray',
};
const LEVEL_COLOR: Record<TTicketLevel, string> = { High: 'red', Medium: 'orange', Low: 'teal' };

/** The translated key of a status (`On Progress` → `onProgress`). */
export const statusKey = (status: TTicketStatus) =>
  `support.status.${status.replace(' ', '') as 'Open' | 'OnProgress' | 'Pending' | 'Closed'}` as const;

export const StatusBadge = ({ status }: { status: TTicketStatus }) => {
  const { t } = useTranslation();
  return (
    <MapBadge value={status} colors={STATUS_COLOR} data-testid="ticket-status" data-status={status}>
      {t(statusKey(status))}
    </MapBadge>
  );
};

export const LevelBadge = ({ level }: { level: TTicketLevel }) => {
  const { t } = useTranslation();
  return (
    <MapBadge value={level} colors={LEVEL_COLOR} variant="dot">
      {t(`support.level.${level}`)}
    </MapBadge>
  );
};
