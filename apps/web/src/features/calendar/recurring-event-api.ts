import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponse, type RecurringEventBody, recurringEvent } from '@turnout/shared';
import { z } from 'zod';
import { api } from '../../api/index.ts';
import { calendarKeys } from './calendar-api.ts';

const saved = z.object({ data: recurringEvent, message: z.string() });
const one = z.object({ data: recurringEvent });
const origin = z.object({
  data: z.object({ recurring_event_id: z.string(), starts_at: z.string(), title: z.string(), active: z.boolean() }).nullable(),
});

export const recurringKeys = {
  one: (id: string) => ['calendar', 'definition', id] as const,
  origin: (entityId: string) => ['calendar', 'origin', entityId] as const,
};

/** One recurring event definition (for Modify Schedule Item). */
export function useRecurringEvent(id: string | null) {
  return useQuery({
    queryKey: recurringKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get(`/calendar/events/${encodeURIComponent(id ?? '')}`, { signal, schema: one }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** The definition a record was made from ('Created by Recurring Event'), or null. */
export function useRecurringOrigin(entityId: string | undefined) {
  return useQuery({
    queryKey: recurringKeys.origin(entityId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/calendar/events/origin/${encodeURIComponent(entityId ?? '')}`, { signal, schema: origin }).then((r) => r.data),
    enabled: Boolean(entityId),
  });
}

/** Saves a definition: POST when new, PUT when it has an id; the calendar reloads. */
export function useSaveRecurringEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RecurringEventBody }) =>
      id
        ? api.put(`/calendar/events/${encodeURIComponent(id)}`, body, { schema: saved })
        : api.post('/calendar/events', body, { schema: saved }),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

/** Deletes a definition: no future records are made from it. */
export function useDeleteRecurringEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/calendar/events/${encodeURIComponent(id)}`, { schema: messageResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
