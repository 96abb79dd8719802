import type { TTicketDetail, TTicketEntry } from '@bubuh/contracts';
import { Badge, Group, Paper, Stack, Text, Timeline } from '@mantine/core';
import { IconArrowsExchange, IconLock, IconMessage, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AttachmentChip } from './attachment-chip';
import { statusKey } from './ticket-badges';

const ICONS = {
  message: IconMessage,
  note: IconLock,
  status: IconArrowsExchange,
  level: IconArrowsExchange,
  assign: IconUser,
} as const;

/** The conversation and every change, oldest first, each with who and when. */
export const TicketTimeline = ({ ticket }: { ticket: TTicketDetail }) => {
  const { t, i18n } = useTranslation();
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'id' ? 'id-ID' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  const change = (e: TTicketEntry) => {
    if (e.kind === 'status' && e.to_value) {
      const to = t(statusKey(e.to_value as Parameters<typeof statusKey>[0]));
      return t('support.timeline.status', { name: e.author_name, to });
    }
    if (e.kind === 'level')
      return t('support.timeline.level', { name: e.author_name, to: e.to_value ?? '' });
    if (e.to_value) return t('support.timeline.assigned', { name: e.author_name, to: e.to_value });
    return t('support.timeline.unassigned', { name: e.author_name });
  };
  return (
    <Timeline bulletSize={26} lineWidth={2} data-testid="ticket-timeline">
      {ticket.timeline.map((e) => {
        const Icon = ICONS[e.kind];
        const text = e.kind === 'message' || e.kind === 'note';
        return (
          <Timeline.Item
            key={e.id}
            bullet={<Icon size={14} />}
            color={e.kind === 'note' ? 'yellow' : e.from_support ? 'teal' : 'brand'}
            data-testid={`timeline-${e.kind}`}
          >
            {text ? (
              <Paper
                withBorder
                p="sm"
                radius="md"
                bg={e.kind === 'note' ? 'var(--mantine-color-yellow-light)' : undefined}
              >
                <Group gap="xs" mb={4}>
                  <Text fw={600} fz="sm">
                    {e.author_name}
                  </Text>
                  {e.from_support ? (
                    <Badge size="xs" variant="light" color="teal">
                      {t('support.timeline.support')}
                    </Badge>
                  ) : null}
                  {e.kind === 'note' ? (
                    <Badge size="xs" color="yellow">
                      {t('support.timeline.internal')}
                    </Badge>
                  ) : null}
                  <Text fz="xs" c="dimmed">
                    {when(e.created_at)}
                  </Text>
                </Group>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="timeline-body">
                  {e.body}
                </Text>
                {e.attachments.length ? (
                  <Stack gap={4} mt="xs">
                    {e.attachments.map((f) => (
                      <AttachmentChip key={f.id} ticketId={ticket.id} file={f} />
                    ))}
                  </Stack>
                ) : null}
              </Paper>
            ) : (
              <Text fz="sm" c="dimmed">
                {change(e)} · {when(e.created_at)}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
};
