import { useQueries } from '@tanstack/react-query';
import {
  type CalendarItem,
  calendarItem,
  type PageMeta,
  paged,
  type ScheduleItem,
  scheduleItem,
  type VirtualCalendarItem,
} from '@turnout/shared';
import { z } from 'zod';
import { api } from '../../api/index.ts';

const items = z.object({ data: z.array(calendarItem) });
const occurrence = z.object({ data: z.object({ entity_id: z.string(), type: z.string(), created: z.boolean() }) });

/** Query keys: everything of the calendar starts with 'calendar'. */
export const calendarKeys = {
  all: ['calendar'] as const,
  month: (key: string) => ['calendar', 'month', key] as const,
  schedule: (typeName: string, range: { from: string; to: string }) => ['calendar', 'schedule', typeName, range] as const,
};

export function fetchMonth(key: string, signal?: AbortSignal): Promise<CalendarItem[]> {
  return api.get(`/calendar/events-month/${key}`, { signal, schema: items }).then((r) => r.data);
}

/** The items of the given months, merged (an item in two months' edges appears once). */
export function useCalendarMonths(keys: string[]) {
  return useQueries({
    queries: keys.map((key) => ({
      queryKey: calendarKeys.month(key),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchMonth(key, signal),
    })),
    combine: (results) => {
      const byId = new Map<string, CalendarItem>();
      for (const r of results) for (const item of r.data ?? []) byId.set(item.id, item);
      return {
        items: [...byId.values()],
        loading: results.some((r) => r.isPending),
        error: results.find((r) => r.error)?.error ?? null,
        refetch: () => Promise.all(results.map((r) => r.refetch())),
      };
    },
  });
}

/** The record of a virtual occurrence, made now if it has none (opening one makes it). */
export function openOccurrence(item: VirtualCalendarItem) {
  return api
    .post(`/calendar/events/${encodeURIComponent(item.virtual_event_id)}/occurrence`, { start: item.start }, { schema: occurrence })
    .then((r) => r.data);
}

const schedulePage = paged(scheduleItem);

/** GET /calendar/shift-schedule/{type}: one page (192) of the schedule timeline's records in [from, to). */
export function fetchSchedulePage(
  typeName: string,
  range: { from: string; to: string },
  page: number,
  signal?: AbortSignal,
): Promise<{ data: ScheduleItem[]; meta: PageMeta }> {
  return api.get(`/calendar/shift-schedule/${encodeURIComponent(typeName)}`, { query: { ...range, page }, signal, schema: schedulePage });
}
