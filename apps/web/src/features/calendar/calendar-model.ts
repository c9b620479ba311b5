import type { CalendarItem, RecordCalendarItem } from '@turnout/shared';

/** Spec 02 §9: at most 5 items in a month cell, then 'View N more'. */
export const MONTH_CELL_ITEMS = 5;
/** Narrower than this the calendar is month only (spec 02 §2). */
export const WIDE_CALENDAR_MIN_WIDTH = 768;

export type CalendarView = 'day' | 'week' | 'workWeek' | 'weekend' | 'month';
export const VIEW_LABELS: Record<CalendarView, string> = {
  day: 'Day',
  week: 'Week',
  workWeek: 'Work Week',
  weekend: 'Weekend',
  month: 'Month',
};
export const WEEK_VIEWS: readonly CalendarView[] = ['week', 'workWeek', 'weekend'];

/** The view shown: narrow layouts are month only, whatever was chosen. */
export const shownView = (chosen: CalendarView, wide: boolean): CalendarView => (wide ? chosen : 'month');

/** Week starts Sunday (0), Monday (1) for the weekend view, so Saturday and Sunday sit together. */
export const firstDayOf = (view: CalendarView): number => (view === 'weekend' ? 1 : 0);

/** The filter button's label: 'Filters: None', the first name, or 'first + N more'. */
export function filterLabel(selected: string[]): string {
  if (selected.length === 0) return 'Filters: None';
  if (selected.length === 1) return selected[0]!;
  return `${selected[0]} + ${selected.length - 1} more`;
}

/** Every calendar filter the items carry, in order of first appearance. */
export function filterNames(items: CalendarItem[]): string[] {
  return [...new Set(items.flatMap((i) => i.filters))];
}

/** Items under the chosen filters; none chosen (or 'All') shows everything. */
export function filtered(items: CalendarItem[], selected: string[]): CalendarItem[] {
  if (selected.length === 0) return items;
  const chosen = new Set(selected);
  return items.filter((i) => i.filters.some((f) => chosen.has(f)));
}

/** The months ({month}.{year}) whose calls cover [start, end): the month call brings a week either side. */
export function monthsBetween(start: Date, end: Date): string[] {
  const keys: string[] = [];
  const cursor = new Date(start.getFullYear(), start.getMonth(), 1);
  const last = new Date(end.getTime() - 1);
  while (cursor <= last) {
    keys.push(`${cursor.getMonth() + 1}.${cursor.getFullYear()}`);
    cursor.setMonth(cursor.getMonth() + 1);
  }
  return keys;
}

/** A local calendar day as yyyy-MM-dd. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The items on a local day (those that start on it, or span it). */
export function itemsOn(items: CalendarItem[], day: string): CalendarItem[] {
  return items.filter((i) => {
    const start = dayKey(new Date(i.start));
    const endDate = i.end ? new Date(new Date(i.end).getTime() - 1) : new Date(i.start);
    const end = dayKey(endDate < new Date(i.start) ? new Date(i.start) : endDate);
    return start <= day && day <= end;
  });
}

/** Per day: how many records and how many virtual (recurring) events start on it, for the month's dots. */
export function dotsByDay(items: CalendarItem[]): Map<string, { records: number; virtual: number }> {
  const dots = new Map<string, { records: number; virtual: number }>();
  for (const item of items) {
    const key = dayKey(new Date(item.start));
    const entry = dots.get(key) ?? { records: 0, virtual: 0 };
    if (item.virtual) entry.virtual += 1;
    else entry.records += 1;
    dots.set(key, entry);
  }
  return dots;
}

/** Every day of the month of `day`, for the day strip. */
export function daysOfMonth(day: Date): Date[] {
  const days: Date[] = [];
  const cursor = new Date(day.getFullYear(), day.getMonth(), 1);
  while (cursor.getMonth() === day.getMonth()) {
    days.push(new Date(cursor));
    cursor.setDate(cursor.getDate() + 1);
  }
  return days;
}

/** Where a record's item leads (a virtual one's occurrence is made first: openOccurrence). */
export function recordPath(item: RecordCalendarItem): string {
  return `/entity/${item.entity.type}/${item.entity.id}`;
}
