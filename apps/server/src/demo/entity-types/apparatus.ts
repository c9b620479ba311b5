import { type DemoTypeInput, field, numbered, options, transitions } from './build.ts';

export const APPARATUS_TYPES = ['Engine', 'Ladder', 'Rescue', 'Tanker', 'Brush', 'Ambulance', 'Command'];

/** The fleet: a module other types pick from (select-list fields with sourceName 'apparatus'). */
export function apparatus(): DemoTypeInput {
  return {
    name: 'apparatus',
    label: 'Apparatus',
    is_module: true,
    object_data: { icon: 'firetruck', page_labels: ['Apparatus'] },
    fields: numbered([
      field('unit_id', 'Unit ID', 'single-text', { required: true, table: true, helpText: 'As dispatched, e.g. E1 or L2.' }),
      field('apparatus_type', 'Type', 'select-list', { required: true, table: true, params: { options: options(APPARATUS_TYPES) } }),
      field('model_year', 'Year', 'year-entry', { table: true }),
      field('vin', 'VIN', 'single-text'),
      field('in_service', 'In service', 'yes-no', { required: true, table: true }),
    ]),
    allowed_transitions: transitions('mark_as_created'),
  };
}
