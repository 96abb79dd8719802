import { TicketList } from '@/features/support/components/ticket-list';

/** /support/ticket: own tickets (company admins: the company's; super: the support queue). */
const TicketsRoute = () => <TicketList />;

export default TicketsRoute;
