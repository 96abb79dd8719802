import { InvoicePage } from '@/features/billing/components/invoice-page';
import { useIdParam } from '@/features/billing/components/use-id-param';

/** An invoice page (confirm); the plan invoice route uses the same page. */
const Route = () => <InvoicePage invoiceId={useIdParam()} mode="confirm" />;

export default Route;
