import { type DemoTypeInput, field, numbered, options, transitions } from './build.ts';

export const HYDRANT_STATUSES = ['In Service', 'Out of Service'];

/** A hydrant of the district, with its last flow test. */
export function hydrant(): DemoTypeInput {
  return {
    name: 'hydrant',
    label: 'Hydrant',
    object_data: { icon: 'fire-hydrant', page_labels: ['Hydrant'] },
    fields: numbered([
      field('hydrant_number', 'Hydrant number', 'single-text', { required: true, table: true }),
      field('location', 'Location', 'lat-lng', { required: true }),
      field('flow_rate', 'Flow rate (GPM)', 'number-entry', { table: true, validation: { integer: true } }),
      field('last_tested', 'Last tested', 'date-picker', { table: true }),
      field('status', 'Status', 'select-list', { required: true, table: true, params: { options: options(HYDRANT_STATUSES) } }),
    ]),
    allowed_transitions: transitions('mark_as_created'),
  };
}
