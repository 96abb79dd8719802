import { useParams } from 'react-router-dom';
import { TicketDetail } from '@/features/support/components/ticket-detail';

/** /support/ticket/{id}. */
const TicketDetailRoute = () => {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return null;
  return <TicketDetail key={id} id={id} />;
};

export default TicketDetailRoute;
