import { BATCH_ENDPOINTS, BILLING_ENDPOINTS, DOCUMENT_ENDPOINTS } from '@bubuh/contracts';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '@/lib/endpoint';
import { useSession } from '@/lib/session';

export type TLinkOption = { value: string; label: string };

/** A select's options from a page of rows: each row's id (as the value) and label. */
const linkOptions =
  <R>(option: (row: R) => { id: number; label: string }) =>
  (body: { data: { data: R[] } }): TLinkOption[] =>
    body.data.data.map((row) => {
      const { id, label } = option(row);
      return { value: String(id), label };
    });

/**
 * What a new ticket may be linked to: the caller's recent documents, batches and invoices (the
 * API lists only their own, company admins' the company's, and refuses anything else with 404).
 */
export const useTicketLinkOptions = (enabled: boolean) => {
  const { t } = useTranslation();
  const userId = useSession()?.userData.id;
  const documents = useEndpointQuery(
    DOCUMENT_ENDPOINTS.history,
    { query: { perPage: 50 } },
    { enabled, select: linkOptions((d) => ({ id: d.document_id, label: d.document_file })) },
  );
  const batches = useEndpointQuery(
    BATCH_ENDPOINTS.list,
    { query: { perPage: 20 } },
    { enabled, select: linkOptions((b) => ({ id: b.id, label: b.name })) },
  );
  const invoices = useEndpointQuery(
    BILLING_ENDPOINTS.purchases,
    { params: { userId: userId ?? 0 }, query: { perPage: 20, sort: 'DESC' } },
    {
      enabled: enabled && userId !== undefined,
      select: linkOptions((p) => ({
        id: p.id,
        label: `${p.invoiceNumber} · ${t(`support.invoiceStatus.${p.status}`)}`,
      })),
    },
  );
  return {
    documents: documents.data ?? [],
    batches: batches.data ?? [],
    invoices: invoices.data ?? [],
  };
};
