import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityType, entityTypeLite, messageResponse, type RecurringEventBody, recurringEvent } from '@turnout/shared';
import { z } from 'zod';
import { api } from '../../api/index.ts';
import { ENTITY_TYPES_QUERY_KEY } from '../entity-types/entity-types-api.ts';
import { calendarKeys } from './calendar-api.ts';
import { recurringKeys } from './recurring-origin-api.ts';

const saved = z.object({ data: recurringEvent, message: z.string() });
const one = z.object({ data: recurringEvent });

const sourceList = z.object({ data: z.array(entityTypeLite) });

/**
 * The types a recurring event may be made from in a tenant, as the save checks them (viewable,
 * creatable, not an excluded module): `tenantId` is a global admin's pick, '' the acting
 * tenant. Under the entity types' key, so a type change reloads it.
 */
export function useSourceTypes(tenantId: string, enabled: boolean) {
  return useQuery({
    queryKey: [ENTITY_TYPES_QUERY_KEY, 'recurring-sources', tenantId],
    queryFn: ({ signal }) =>
      api
        .get('/calendar/events/source-types', { signal, query: tenantId ? { tenant_id: tenantId } : {}, schema: sourceList })
        .then((r) => r.data),
    enabled,
  });
}

const fullSource = z.object({ data: entityType });

/** One of those types with its fields (what the prefills fill), in the same tenant. */
export function useSourceType(tenantId: string, typeId: string, enabled: boolean) {
  return useQuery({
    queryKey: [ENTITY_TYPES_QUERY_KEY, 'recurring-source', tenantId, typeId],
    queryFn: ({ signal }) =>
      api
        .get(`/calendar/events/source-types/${encodeURIComponent(typeId)}`, {
          signal,
          query: tenantId ? { tenant_id: tenantId } : {},
          schema: fullSource,
        })
        .then((r) => r.data),
    enabled: enabled && Boolean(typeId),
  });
}

/** One recurring event definition (for Modify Schedule Item). */
export function useRecurringEvent(id: string | null) {
  return useQuery({
    queryKey: recurringKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get(`/calendar/events/${encodeURIComponent(id ?? '')}`, { signal, schema: one }).then((r) => r.data),
    enabled: Boolean(id),
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
