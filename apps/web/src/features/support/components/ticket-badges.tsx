import type { TTicketLevel, TTicketStatus } from '@bubuh/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
    <Badge
      variant="light"
      color={STATUS_COLOR[status]}
      data-testid="ticket-status"
      data-status={status}
    >
      {t(statusKey(status))}
    </Badge>
  );
};

export const LevelBadge = ({ level }: { level: TTicketLevel }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={LEVEL_COLOR[level]}>
      {t(`support.level.${level}`)}
    </Badge>
  );
};
