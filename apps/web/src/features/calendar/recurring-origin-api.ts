import { useQuery } from '@tanstack/react-query';
import { answerData, api } from '../../api/index.ts';

/** Where a record came from when a recurring event made it (GET /calendar/events/origin/:entityId). */
export interface RecurringOrigin {
  recurring_event_id: string;
  starts_at: string;
  title: string;
  active: boolean;
}

export const recurringKeys = {
  one: (id: string) => ['calendar', 'definition', id] as const,
  origin: (entityId: string) => ['calendar', 'origin', entityId] as const,
};

/**
 * The definition a record was made from ('Created by Recurring Event'), or null. Every record
 * screen asks, so this lives apart from the recurring event editor's API: the record's first
 * JavaScript carries no schema library for it (issue 20); the server's answer is read as it is.
 */
export function useRecurringOrigin(entityId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: recurringKeys.origin(entityId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/calendar/events/origin/${encodeURIComponent(entityId ?? '')}`, { signal, schema: answerData<RecurringOrigin | null>() }),
    enabled: Boolean(entityId) && enabled,
  });
}
