import { type DemoTypeInput, field, numbered, options, transitions } from './build.ts';

export const RANKS = [
  'Firefighter',
  'Engineer',
  'Lieutenant',
  'Captain',
  'Battalion Chief',
  'Assistant Chief',
  'Deputy Chief',
  'Fire Chief',
];
export const CERTIFICATIONS = [
  'Firefighter I',
  'Firefighter II',
  'EMT-Basic',
  'Paramedic',
  'Hazmat Operations',
  'Driver / Operator',
  'Fire Officer I',
  'Fire Instructor I',
];

/**
 * A member's personnel file. Named personnel_file, not personnel or personnel_record: the
 * personnel table (people with sign-ins, /admin/logins/personnel) and the user's
 * personnel_record (GET /user) already use those words, and a type's name is also its
 * permission key and its records' address.
 */
export function personnelFile(): DemoTypeInput {
  return {
    name: 'personnel_file',
    label: 'Personnel',
    object_data: { icon: 'id-badge-2', page_labels: ['Member'] },
    fields: numbered([
      field('full_name', 'Name', 'full-name-entry', { required: true, table: true }),
      field('badge_number', 'Badge number', 'single-text', { required: true, table: true }),
      field('rank', 'Rank', 'select-list', { required: true, table: true, params: { options: options(RANKS) } }),
      field('certifications', 'Certifications', 'checkbox-multiselect', { params: { options: options(CERTIFICATIONS) } }),
      field('hire_date', 'Hire date', 'date-picker', { table: true }),
      field('phone', 'Phone', 'phone', { table: true }),
      field('email', 'Email', 'email'),
    ]),
    allowed_transitions: transitions('mark_as_created'),
  };
}
