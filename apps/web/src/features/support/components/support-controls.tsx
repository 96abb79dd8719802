import {
  TICKET_LEVELS,
  TICKET_STATUSES,
  type TTicketDetail,
  type TTicketLevel,
  type TTicketStatus,
} from '@bubuh/contracts';
import { Button, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/api-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { type TTicketUpdate, useUpdateTicket } from '../api/tickets';
import { statusKey } from './ticket-badges';

/** Support's controls on a ticket: status, level, assign to itself. */
export const SupportControls = ({ ticket, meId }: { ticket: TTicketDetail; meId: number }) => {
  const { t } = useTranslation();
  const update = useUpdateTicket();
  const send = (body: TTicketUpdate) =>
    update.mutate(
      { params: { id: ticket.id }, body },
      {
        onSuccess: () => notifySuccess(t('support.toast.updated')),
        onError: (error) => notifyError(serverMessage(error, t)),
      },
    );
  const mine = ticket.assignee_id === meId;
  return (
    <Group gap="sm" align="flex-end" data-testid="support-controls">
      <Select
        label={t('support.ticket.status')}
        w={190}
        allowDeselect={false}
        data={TICKET_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) }))}
        value={ticket.status}
        onChange={(v) => v && send({ status: v as TTicketStatus })}
        disabled={update.isPending}
        data-testid="support-status"
      />
      <Select
        label={t('support.ticket.level')}
        w={150}
        allowDeselect={false}
        data={TICKET_LEVELS.map((l) => ({ value: l, label: t(`support.level.${l}`) }))}
        value={ticket.level}
        onChange={(v) => v && send({ level: v as TTicketLevel })}
        disabled={update.isPending}
        data-testid="support-level"
      />
      <Button
        variant="light"
        onClick={() => send({ assignee: mine ? 'none' : 'me' })}
        loading={update.isPending}
        data-testid="support-assign"
      >
        {mine ? t('support.ticket.unassign') : t('support.ticket.assignMe')}
      </Button>
    </Group>
  );
};
