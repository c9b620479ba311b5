import { type DemoTypeInput, field, numbered, options, transitions } from './build.ts';

export const SHIFT_NAMES = ['A Shift', 'B Shift', 'C Shift'];
export const STATIONS = ['Station 1', 'Station 2', 'Station 3'];

/** Who is on duty when and where; shown on the calendar from shift_start to shift_end. */
export function departmentShifts(): DemoTypeInput {
  return {
    name: 'department_shifts',
    label: 'Department Shifts',
    date_significant: true,
    object_data: {
      icon: 'calendar-event',
      page_labels: ['Shift'],
      start_datetime_field: 'shift_start',
      end_datetime_field: 'shift_end',
      calendar_color: '#d9480f',
      visible_on_calendar: ['Shifts'],
    },
    fields: numbered([
      field('shift_name', 'Shift', 'select-adhoc', { required: true, table: true, params: { options: options(SHIFT_NAMES) } }),
      field('shift_start', 'Starts', 'date-time-picker', { required: true, table: true }),
      field('shift_end', 'Ends', 'date-time-picker', { required: true, table: true }),
      field('crew', 'Crew', 'select-personnel', { params: { multiple: true } }),
      field('station', 'Station', 'select-list', { required: true, table: true, params: { options: options(STATIONS) } }),
    ]),
    allowed_transitions: transitions('mark_as_created'),
  };
}
