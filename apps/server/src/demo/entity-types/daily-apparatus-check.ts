import { randomUUID } from 'node:crypto';
import { type DemoTypeInput, field, numbered, transitions } from './build.ts';

/** The yes-no items of the checklist; any answered No raises the 'Failed item' alarm. */
export const CHECK_ITEMS = [
  ['lights_ok', 'Emergency lights working'],
  ['siren_ok', 'Siren and air horn working'],
  ['fuel_ok', 'Fuel at 3/4 or more'],
  ['scba_ok', 'SCBA cylinders full, masks checked'],
  ['radios_ok', 'Portable radios charged'],
  ['tires_ok', 'Tires and pressures OK'],
  ['fluids_ok', 'Oil and fluid levels OK'],
  ['medical_bag_ok', 'Medical bag and AED stocked'],
] as const;

/** JSON logic: true when any checklist item is answered No (unanswered items are not failures). */
export const failedItemCondition = { or: CHECK_ITEMS.map(([property]) => ({ '===': [{ var: property }, false] })) };

/** The morning check of one apparatus, shift by shift. */
export function dailyApparatusCheck(): DemoTypeInput {
  return {
    name: 'daily_apparatus_check',
    label: 'Daily Apparatus Check',
    pages: 3,
    object_data: { icon: 'clipboard-check', page_labels: ['Unit', 'Checklist', 'Notes'] },
    fields: numbered([
      field('apparatus', 'Apparatus', 'select-list', { required: true, table: true, params: { sourceName: 'apparatus' } }),
      field('check_date', 'Date', 'date-picker', { required: true, table: true, params: { lockedToCreationDate: true } }),
      field('checked_by', 'Checked by', 'select-personnel', { required: true, table: true, params: { lockedToCreator: true } }),
      field('mileage', 'Mileage', 'number-entry', { required: true, validation: { integer: true } }),
      ...CHECK_ITEMS.map(([property, title]) => field(property, title, 'yes-no', { page: 2, required: true })),
      field('notes', 'Notes', 'textarea', { page: 3, helpText: 'Describe anything that failed and who was told.' }),
    ]),
    alarms: [{ offline_id: randomUUID(), name: 'Failed item', alarmCondition: failedItemCondition, alarmConditionColor: '#ff0000' }],
    allowed_transitions: transitions('mark_as_created', 'mark_as_finalised'),
  };
}
