import { ROUTES, type TTicket, toPath } from '@bubuh/contracts';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A linked record with a page: "Batch: <name>" (`support.form.<kind>`, `ticket-<kind>-link`). */
const LinkedRecord = ({
  kind,
  name,
  to,
}: {
  kind: 'batch' | 'invoice';
  name: string;
  to: string;
}) => {
  const { t } = useTranslation();
  return (
    <Text fz="sm">
      {t(`support.form.${kind}`)}:{' '}
      <Anchor component={Link} fz="sm" to={to} data-testid={`ticket-${kind}-link`}>
        {name}
      </Anchor>
    </Text>
  );
};

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
        <LinkedRecord
          kind="batch"
          name={ticket.batch_name}
          to={toPath(ROUTES.stampBulkDetail.path, { id: ticket.batch_id })}
        />
      ) : null}
      {ticket.invoice_id !== null && ticket.invoice_number ? (
        <LinkedRecord
          kind="invoice"
          name={ticket.invoice_number}
          to={toPath(invoicePath, { id: ticket.invoice_id })}
        />
      ) : null}
    </Group>
  );
};
