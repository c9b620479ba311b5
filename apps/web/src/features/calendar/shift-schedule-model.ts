import { SCHEDULE_DAYS, type ScheduleItem } from '@turnout/shared';

/**
 * The shift schedule timeline of type department_shifts (spec 01 §2.6): rows per assignee plus
 * a 'No assignee' row, a window of 1 to 31 days (default 3 days either side of today), items
 * placed by their start and end. Pure functions; the component draws them.
 */

/** The type whose list shows the schedule timeline (spec 01 §2.6). */
export const SHIFT_SCHEDULE_TYPE = 'department_shifts';
export const NO_ASSIGNEE = 'No assignee';

/** The days shown: from local midnight of `from`, `days` days long. */
export interface ScheduleWindow {
  from: Date;
  days: number;
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());
}

export const clampDays = (days: number) => Math.min(SCHEDULE_DAYS.max, Math.max(SCHEDULE_DAYS.min, Math.round(days)));

/** The default window: today with 3 days either side (7 days). */
export function defaultWindow(today = new Date()): ScheduleWindow {
  return { from: addDays(startOfDay(today), -SCHEDULE_DAYS.around), days: 2 * SCHEDULE_DAYS.around + 1 };
}

export function windowEnd(window: ScheduleWindow): Date {
  return addDays(window.from, window.days);
}

/** Zooming keeps the window's middle day in the middle. */
export function zoomWindow(window: ScheduleWindow, days: number): ScheduleWindow {
  const next = clampDays(days);
  const middle = addDays(window.from, Math.floor(window.days / 2));
  return { from: addDays(middle, -Math.floor(next / 2)), days: next };
}

/** Moving by whole days (drag, Earlier/Later). */
export function shiftWindow(window: ScheduleWindow, days: number): ScheduleWindow {
  return { ...window, from: addDays(window.from, Math.round(days)) };
}

/** The range asked of the server: the window with a day either side, so shifts that straddle an edge appear. */
export function fetchRange(window: ScheduleWindow): { from: string; to: string } {
  return { from: addDays(window.from, -1).toISOString(), to: addDays(windowEnd(window), 1).toISOString() };
}

export interface PlacedItem {
  item: ScheduleItem;
  /** Left edge and width as fractions of the window (0–1), clipped to it. */
  left: number;
  width: number;
  lane: number;
}

export interface ScheduleRow {
  key: string;
  name: string;
  lanes: number;
  items: PlacedItem[];
}

/** A shift with no end is drawn an hour long, so it can be seen and opened. */
const MIN_SPAN_MS = 3_600_000;

/**
 * Rows per assignee (by name), then the 'No assignee' row (always there); items that overlap the
 * window are placed by start and end and stacked into lanes where they overlap one another.
 */
export function scheduleRows(items: ScheduleItem[], window: ScheduleWindow): ScheduleRow[] {
  const start = window.from.getTime();
  const span = windowEnd(window).getTime() - start;
  const groups = new Map<string, { name: string; items: ScheduleItem[] }>();
  for (const item of items) {
    const key = item.assignee?.id ?? '';
    const group = groups.get(key) ?? { name: item.assignee?.name ?? NO_ASSIGNEE, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  if (!groups.has('')) groups.set('', { name: NO_ASSIGNEE, items: [] });
  const rows = [...groups.entries()].map(([key, group]): ScheduleRow => {
    const laneEnds: number[] = [];
    const placed: PlacedItem[] = [];
    const sorted = [...group.items].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.id.localeCompare(b.id));
    for (const item of sorted) {
      const s = Date.parse(item.start);
      const parsedEnd = item.end ? Date.parse(item.end) : Number.NaN;
      const e = Number.isNaN(parsedEnd) || parsedEnd <= s ? s + MIN_SPAN_MS : parsedEnd;
      if (Number.isNaN(s) || e <= start || s >= start + span) continue;
      let lane = laneEnds.findIndex((end) => end <= s);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = e;
      const left = Math.max(0, (s - start) / span);
      const right = Math.min(1, (e - start) / span);
      placed.push({ item, left, width: right - left, lane });
    }
    return { key: key || 'none', name: group.name, lanes: Math.max(1, laneEnds.length), items: placed };
  });
  const none = rows.find((r) => r.key === 'none')!;
  return [...rows.filter((r) => r.key !== 'none').sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key)), none];
}

/** The day columns of the window: their local midnights. */
export function windowDays(window: ScheduleWindow): Date[] {
  return Array.from({ length: window.days }, (_, i) => addDays(window.from, i));
}

/** Pixels dragged → whole days moved (dragging right goes back in time). */
export function daysDragged(pixels: number, dayWidth: number): number {
  if (dayWidth <= 0) return 0;
  return -Math.round(pixels / dayWidth);
}
