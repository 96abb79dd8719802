import { CONNECTION, SYSTEM_ENDPOINTS } from '@bubuh/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '@/lib/endpoint';

/** Spec §2: the navbar dot polls the provider check every 30 seconds. */
export const CONNECTION_POLL_MS = 30_000;

/** The dot's value: the provider response time, or 15 when the check fails (spec §4, §9). */
export const getConnectionValue = async (signal?: AbortSignal): Promise<number> => {
  try {
    // The navbar polls with the session's token, as before (the check itself is public).
    const body = await callEndpoint(SYSTEM_ENDPOINTS.connectionCheck, { signal, anonymous: false });
    return body.data.value;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return CONNECTION.failure;
  }
};

export const connectionCheckQueryOptions = () =>
  queryOptions({
    queryKey: endpointKey(SYSTEM_ENDPOINTS.connectionCheck),
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
