import { ROUTES } from '@bubuh/contracts';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryFallback } from '@/components/query-fallback';
import { serverMessage } from '@/lib/api-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useCloseTicket, useReopenTicket, useTicket } from '../api/tickets';
import { ReplyBox } from './reply-box';
import { SupportControls } from './support-controls';
import { LevelBadge, StatusBadge } from './ticket-badges';
import { TicketLinks } from './ticket-links';
import { TicketTimeline } from './ticket-timeline';

/** /support/ticket/{id}: the ticket, its timeline, reply, close and reopen (support: controls). */
export const TicketDetail = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const me = useSession()?.userData;
  const query = useTicket(id);
  const close = useCloseTicket();
  const reopen = useReopenTicket();
  const ticket = query.data;
  if (!ticket || !me) return <QueryFallback pending={query.isPending} error={query.error} />;
  const support = me.role === 'super';
  const closed = ticket.status === 'Closed';
  // A closed ticket can be reopened, an open one closed.
  const toggle = closed
    ? { mutation: reopen, action: 'reopen', done: 'reopened' }
    : { mutation: close, action: 'close', done: 'closed' };
  const done = (key: string) => ({
    onSuccess: () => notifySuccess(t(key)),
    onError: (error: unknown) => notifyError(serverMessage(error, t)),
  });
  return (
    <Stack gap="md" data-testid="ticket-detail">
      <Anchor component={Link} to={ROUTES.tickets.path} fz="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('support.ticket.back')}
        </Group>
      </Anchor>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Group justify="space-between" align="flex-start">
          <Stack gap={6}>
            <Title order={2} fz="lg" data-testid="ticket-subject-title">
              #{ticket.id} {ticket.subject}
            </Title>
            <Group gap="xs">
              <StatusBadge status={ticket.status} />
              <LevelBadge level={ticket.level} />
              <Text fz="sm" c="dimmed">
                {t(`support.category.${ticket.category}`)} · {ticket.user_name}
                {ticket.company_name ? ` · ${ticket.company_name}` : ''}
              </Text>
            </Group>
            <TicketLinks ticket={ticket} />
            <Text fz="sm" c="dimmed">
              {ticket.assignee_name
                ? t('support.ticket.assignedTo', { name: ticket.assignee_name })
                : t('support.ticket.unassigned')}
            </Text>
          </Stack>
          <Button
            variant={closed ? 'filled' : 'default'}
            leftSection={closed ? <IconLockOpen size={16} /> : <IconLock size={16} />}
            onClick={() =>
              toggle.mutation.mutate(
                { body: { ticket_id: id } },
                done(`support.toast.${toggle.done}`),
              )
            }
            loading={toggle.mutation.isPending}
            data-testid={`ticket-${toggle.action}`}
          >
            {t(`support.ticket.${toggle.action}`)}
          </Button>
        </Group>
        {support ? (
          <Stack mt="md">
            <SupportControls ticket={ticket} meId={me.id} />
          </Stack>
        ) : null}
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <TicketTimeline ticket={ticket} />
      </Paper>
      {closed ? (
        <Alert color="gray" data-testid="ticket-closed-note">
          {t('support.ticket.closedNote')}
        </Alert>
      ) : (
        <ReplyBox ticketId={id} support={support} />
      )}
    </Stack>
  );
};
