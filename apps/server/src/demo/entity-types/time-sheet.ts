import type { EntityTypeField } from '@turnout/shared';
import { type DemoTypeInput, field, numbered, transitions } from './build.ts';

export const WEEKDAYS = 7;

/**
 * The detail fields of one day of the week (spec 02 §3 'Time sheet'): time in, time out, meal
 * break, sleep time and call-back, suffixed '' for the first day of the week and _1 … _6 after.
 */
function day(index: number): EntityTypeField[] {
  const suffix = index === 0 ? '' : `_${index}`;
  const name = `Day ${index + 1}`;
  return [
    field(`day_heading${suffix}`, name, 'heading', { page: 2, params: { headingText: name } }),
    field(`time_in${suffix}`, `${name} time in`, 'date-time-picker', { page: 2 }),
    field(`time_out${suffix}`, `${name} time out`, 'date-time-picker', { page: 2 }),
    field(`meal_break${suffix}`, `${name} meal break (minutes)`, 'number-entry', { page: 2, validation: { integer: true } }),
    field(`sleep_time${suffix}`, `${name} sleep time (hours)`, 'number-entry', { page: 2 }),
    field(`call_back${suffix}`, `${name} call-back?`, 'yes-no', { page: 2 }),
  ];
}

/**
 * One member's week: the punch card (Punch In / Take a break / Punch Out) on the first page, the
 * day-by-day detail it toggles on the second. Submitted to, and approved by, an officer. Ending
 * a shift or a break writes the week's totals and that day's time in, time out and meal break.
 */
export function timeSheet(): DemoTypeInput {
  return {
    name: 'time_sheet',
    label: 'Time Sheet',
    pages: 2,
    object_data: { icon: 'clock-hour-4', page_labels: ['Week', 'Daily detail'], show_assignee: true },
    fields: numbered([
      field('week_start', 'Week starting', 'date-picker', { required: true, table: true }),
      field('personnel', 'Member', 'select-personnel', { required: true, table: true, params: { lockedToCreator: true } }),
      // Written by the punch card when a shift or a break ends (docs/decisions/0010), so read-only here.
      field('shifts_worked_this_week', 'Shifts worked', 'number-entry', {
        table: true,
        validation: { integer: true },
        params: { readonly: true },
      }),
      field('hours_worked_this_week', 'Hours worked', 'number-entry', { table: true, params: { readonly: true } }),
      field('punch_card', 'Punch card', 'custom-functionality', { params: { customFunctionalityType: 'timesheet-punch-card' } }),
      ...Array.from({ length: WEEKDAYS }, (_, index) => day(index)).flat(),
    ]),
    allowed_transitions: transitions('mark_as_created', 'mark_as_submitted', 'mark_as_approved', 'mark_as_rejected'),
  };
}

/**
 * A stretch of a time sheet's week (spec 02 §3 'Time sheet'): worked_shift and meal_break are
 * child records of the time sheet (parent_entity_id and the time_sheet field hold its id),
 * written by the punch card (POST /entity/time_sheet/{id}/punch/{step}); an open stretch has
 * no time_to yet.
 */
function stretch(name: 'worked_shift' | 'meal_break', label: string): DemoTypeInput {
  return {
    name,
    label,
    pages: 1,
    object_data: { icon: name === 'worked_shift' ? 'clock-play' : 'coffee', page_labels: [label], formtitle: `${label} {time_from}` },
    fields: numbered([
      field('time_sheet', 'Time sheet', 'hidden'),
      field('time_from', 'From', 'date-time-picker', { required: true, table: true }),
      field('time_to', 'To', 'date-time-picker', { table: true }),
    ]),
    allowed_transitions: transitions('mark_as_created'),
  };
}

export const workedShift = () => stretch('worked_shift', 'Worked Shift');
export const mealBreak = () => stretch('meal_break', 'Meal Break');
