import { CONNECTION, ZConnectionCheckResponse } from '@bubuh/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const CONNECTION_CHECK_ENDPOINT = '/api/v1/single-stamp/check';
/** Spec §2: the navbar dot polls the provider check every 30 seconds. */
export const CONNECTION_POLL_MS = 30_000;

/** The dot's value: the provider response time, or 15 when the check fails (spec §4, §9). */
export const getConnectionValue = async (signal?: AbortSignal): Promise<number> => {
  try {
    const body = await api.get<unknown>(CONNECTION_CHECK_ENDPOINT, { signal });
    const parsed = ZConnectionCheckResponse.safeParse(body);
    return parsed.success ? parsed.data.data.value : CONNECTION.failure;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return CONNECTION.failure;
  }
};

export const connectionCheckQueryOptions = () =>
  queryOptions({
    queryKey: ['single-stamp', 'check'],
    queryFn: ({ signal }) => getConnectionValue(signal),
    refetchInterval: CONNECTION_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
  });

/** -1 while the first check is pending, then the latest value. */
export const useConnectionValue = (): number => {
  const query = useQuery(connectionCheckQueryOptions());
  return query.data ?? CONNECTION.pending;
};
