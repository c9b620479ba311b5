import { useQuery } from '@tanstack/react-query';
import type { SystemAlert } from '@turnout/shared';
import { api, type Parser } from '../../api/index.ts';
import { useCurrentUser } from '../identity/current-user.tsx';

export const ALERTS_QUERY_KEY = 'system-alerts';

const alertList: Parser<SystemAlert[]> = {
  parse: (body) => {
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw new Error('The answer has no list.');
    return data as SystemAlert[];
  },
};

/**
 * GET /home/alerts: the system alerts addressed to the user (or to everyone) in place
 * 'created' whose ends_at is later than now, counted by the server (spec 01 §4, §7).
 */
export function fetchActiveAlerts(signal?: AbortSignal): Promise<SystemAlert[]> {
  return api.get('/home/alerts', { signal, schema: alertList });
}

export function useActiveAlerts() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [ALERTS_QUERY_KEY, user.tenant_id, user.acting_role],
    queryFn: ({ signal }) => fetchActiveAlerts(signal),
    // Without a tenant there are no alerts to ask for.
    enabled: user.tenant_id !== null,
  });
}
