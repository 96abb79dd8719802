import { useParams, useSearchParams } from 'react-router-dom';

const positive = (value: string | null | undefined): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The `:id` of the route as a positive integer, or null. */
export const useIdParam = (): number | null => positive(useParams().id);

/**
 * `?invoice=` of the gateway's redirect (its other words about the status are ignored). Only the
 * leading digits count: a gateway that appends `?order_id=…` without `&` leaves them intact.
 */
export const useInvoiceQueryParam = (): number | null =>
  positive(/^\d+/.exec(useSearchParams()[0].get('invoice') ?? '')?.[0]);
