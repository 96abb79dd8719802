import { ROUTES, type TTicket, toPath } from '@bubuh/contracts';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** What the ticket is about: its linked document, batch (to its page) and invoice (to its page). */
export const TicketLinks = ({ ticket }: { ticket: TTicket }) => {
  const { t } = useTranslation();
  if (!ticket.document_name && !ticket.batch_name && !ticket.invoice_number) return null;
  const invoicePath =
    ticket.invoice_purpose === 'plan' ? ROUTES.planInvoice.path : ROUTES.quotaInvoice.path;
  return (
    <Group gap="md" data-testid="ticket-links">
      {ticket.document_name ? (
        <Text fz="sm">
          {t('support.form.document')}: {ticket.document_name}
        </Text>
      ) : null}
      {ticket.batch_id !== null && ticket.batch_name ? (
        <Text fz="sm">
          {t('support.form.batch')}:{' '}
          <Anchor
            component={Link}
            fz="sm"
            to={toPath(ROUTES.stampBulkDetail.path, { id: ticket.batch_id })}
            data-testid="ticket-batch-link"
          >
            {ticket.batch_name}
          </Anchor>
        </Text>
      ) : null}
      {ticket.invoice_id !== null && ticket.invoice_number ? (
        <Text fz="sm">
          {t('support.form.invoice')}:{' '}
          <Anchor
            component={Link}
            fz="sm"
            to={toPath(invoicePath, { id: ticket.invoice_id })}
            data-testid="ticket-invoice-link"
          >
            {ticket.invoice_number}
          </Anchor>
        </Text>
      ) : null}
    </Group>
  );
};
