import {
  ROUTES,
  TICKET_LEVELS,
  TICKET_STATUSES,
  type TTicket,
  type TTicketLevel,
  type TTicketStatus,
  toPath,
} from '@bubuh/contracts';
import { Anchor, Button, Group, Paper, Select, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable, pagedTable, type TColumn } from '@/components/data-table';
import { useSession } from '@/lib/session';
import { useListState } from '@/lib/use-list-state';
import { type TTicketFilters, useTickets } from '../api/tickets';
import { LevelBadge, StatusBadge, statusKey } from './ticket-badges';
import { TicketFormModal } from './ticket-form-modal';

/**
 * /support/ticket: the caller's tickets (company admins: the company's; super: the queue of every
 * company, with "assigned to me"). Filters by status and level, search on the server.
 */
export const TicketList = () => {
  const { t, i18n } = useTranslation();
  const support = useSession()?.userData.role === 'super';
  const list = useListState();
  const [filters, setFilters] = useState<TTicketFilters>({});
  const query = useTickets({ ...list.query, ...filters });
  const [formOpened, form] = useDisclosure(false);
  const setFilter = (next: TTicketFilters) => {
    setFilters({ ...filters, ...next });
    list.setPage(1);
  };
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'id' ? 'id-ID' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });

  const columns: TColumn<TTicket>[] = [
    {
      key: 'subject',
      header: t('support.ticket.subject'),
      render: (row) => (
        <Anchor
          component={Link}
          to={toPath(ROUTES.ticketDetail.path, { id: row.id })}
          fw={600}
          fz="sm"
        >
          #{row.id} {row.subject}
        </Anchor>
      ),
    },
    ...(support
      ? [
          {
            key: 'customer',
            header: t('support.ticket.customer'),
            render: (row: TTicket) => (
              <Text fz="sm">
                {row.user_name}
                {row.company_name ? ` · ${row.company_name}` : ''}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'category',
      header: t('support.ticket.category'),
      render: (row) => t(`support.category.${row.category}`),
    },
    {
      key: 'level',
      header: t('support.ticket.level'),
      width: 130,
      render: (row) => <LevelBadge level={row.level} />,
    },
    {
      key: 'status',
      header: t('support.ticket.status'),
      width: 150,
      render: (row) => <StatusBadge status={row.status} />,
    },
    { key: 'updated', header: t('support.ticket.updated'), render: (row) => date(row.updated_at) },
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="ticket-page">
      <Group mb="md" gap="sm" align="flex-end">
        <Select
          label={t('support.ticket.status')}
          placeholder={t('support.ticket.all')}
          clearable
          w={180}
          data={TICKET_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) }))}
          value={filters.status ?? null}
          onChange={(v) => setFilter({ status: (v as TTicketStatus | null) ?? undefined })}
          data-testid="ticket-filter-status"
        />
        <Select
          label={t('support.ticket.level')}
          placeholder={t('support.ticket.all')}
          clearable
          w={160}
          data={TICKET_LEVELS.map((l) => ({ value: l, label: t(`support.level.${l}`) }))}
          value={filters.level ?? null}
          onChange={(v) => setFilter({ level: (v as TTicketLevel | null) ?? undefined })}
          data-testid="ticket-filter-level"
        />
        {support ? (
          <Switch
            label={t('support.ticket.mine')}
            checked={filters.mine === 'true'}
            onChange={(e) => setFilter({ mine: e.currentTarget.checked ? 'true' : undefined })}
            mb={8}
          />
        ) : null}
      </Group>
      <DataTable
        testId="ticket-table"
        columns={columns}
        {...pagedTable(list, query, t, t('support.ticket.search'))}
        rowKey={(row) => row.id}
        rowTestId={(row) => `ticket-row-${row.id}`}
        emptyText={t('support.ticket.empty')}
        actions={
          support ? null : (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={form.open}
              data-testid="ticket-add"
            >
              {t('support.ticket.add')}
            </Button>
          )
        }
      />
      <TicketFormModal opened={formOpened} onClose={form.close} />
    </Paper>
  );
};
