import type { FieldDefinition, FieldTypeKey } from '@turnout/shared';

/** A field of each type with params and a value that show what its editor does (the /storybook showcase). */
export interface FieldSample {
  field: FieldDefinition;
  value?: unknown;
}

const options = (...labels: string[]) => labels.map((label, i) => ({ key: label.toLowerCase().replaceAll(' ', '_'), label, sort: i }));
const few = options('Engine', 'Ladder', 'Rescue');
const many = options('Engine', 'Ladder', 'Rescue', 'Tanker', 'Brush', 'Ambulance', 'Hazmat');

const f = (type: FieldTypeKey, title: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  property: type.replaceAll('-', '_'),
  title,
  type,
  ...extra,
});

export const SHOWCASE_CHILDREN: Record<string, FieldDefinition> = {
  'child-unit': { property: 'child_unit', title: 'Unit', type: 'single-text' },
  'child-count': { property: 'child_count', title: 'Crew size', type: 'number-entry' },
};
const children = { fieldList: Object.keys(SHOWCASE_CHILDREN) };

export const FIELD_SAMPLES: Record<FieldTypeKey, FieldSample> = {
  'select-list': {
    field: f('select-list', 'Apparatus (3 options)', { params: { options: few }, validation: { required: true } }),
    value: 'engine',
  },
  'select-list-multiple': {
    field: f('select-list-multiple', 'Units on scene', { params: { options: many } }),
    value: ['engine', 'tanker'],
  },
  'select-field': { field: f('select-field', 'Sort by field', { params: { entityTypeTarget: 'incident_report' } }) },
  'select-entity-type': { field: f('select-entity-type', 'Record type') },
  'select-timezone': { field: f('select-timezone', 'Time zone'), value: 'America/Chicago' },
  'select-state': { field: f('select-state', 'State'), value: 'TX' },
  'select-personnel': { field: f('select-personnel', 'Officer in charge'), value: { id: 'p1', display_name: 'Sam Rivera' } },
  'select-role': { field: f('select-role', 'Role'), value: 'Lieutenant' },
  'select-roles': { field: f('select-roles', 'Visible to'), value: ['Tenant Admin', 'Lieutenant'] },
  'select-tenant': { field: f('select-tenant', 'Department'), value: { id: 't1', display_name: 'Riverside Fire' } },
  'select-tenant-multiple': { field: f('select-tenant-multiple', 'Mutual aid departments') },
  'select-filters': {
    field: f('select-filters', 'Calendar filters', { params: { options: options('Training', 'Shifts', 'Inspections') } }),
  },
  'radio-list': { field: f('radio-list', 'Priority (row)', { params: { options: options('Low', 'Medium', 'High') } }), value: 'medium' },
  'radio-table': {
    field: f('radio-table', 'Equipment check', {
      params: { rowHeaders: options('SCBA', 'Radio', 'Thermal camera'), columnHeaders: options('Pass', 'Fail', 'N/A') },
    }),
    value: [{ rowId: 'scba', rowDisplayName: 'SCBA', columnId: 'pass', columnDisplayName: 'Pass' }],
  },
  'checkbox-multiselect': {
    field: f('checkbox-multiselect', 'Hazards (2 to 3)', {
      params: { options: options('Smoke', 'Fire', 'Water', 'Power lines') },
      validation: { min_selections: 2, max_selections: 3 },
    }),
    value: ['smoke'],
  },
  'select-adhoc': { field: f('select-adhoc', 'Cause', { params: { options: few } }), value: 'Lightning' },
  'radio-adhoc': {
    field: f('radio-adhoc', 'Weather (list)', { params: { options: options('Clear', 'Rain', 'Snow', 'Fog') } }),
    value: 'clear',
  },
  'checkbox-multiselect-adhoc': {
    field: f('checkbox-multiselect-adhoc', 'Agencies', {
      params: { options: options('Police', 'EMS') },
      validation: { max_selections: 3 },
    }),
    value: ['police', 'Red Cross'],
  },
  'date-picker': { field: f('date-picker', 'Incident date', { validation: { required: true } }), value: { value: '2026-11-21' } },
  'date-time-picker': { field: f('date-time-picker', 'Dispatched at'), value: { value: '2026-11-21T20:04:05.000Z' } },
  'date-range': { field: f('date-range', 'Leave'), value: { from: { value: '2026-11-02' }, to: { value: '2026-11-06' } } },
  'time-picker': { field: f('time-picker', 'Shift starts'), value: { value: '07:30:00' } },
  'single-text': { field: f('single-text', 'Incident name', { validation: { required: true } }), value: 'Kitchen fire' },
  'single-text-mask': { field: f('single-text-mask', 'Phone (mask)', { params: { inputMask: 'phone' } }), value: '(555) 123-4567' },
  textarea: { field: f('textarea', 'Narrative'), value: 'Arrived on scene at 20:04.\nFire out at 20:31.' },
  'json-array': { field: f('json-array', 'Tags (JSON)'), value: ['structure', 'residential'] },
  'rich-text-area': { field: f('rich-text-area', 'Notes'), value: '<p>Crew <strong>rotated</strong> at 20:20.</p>' },
  'description-rich-text': {
    field: f('description-rich-text', 'Instructions', {
      params: { descriptionText: '<p>Fill in <em>every</em> page before submitting.</p>' },
    }),
  },
  email: { field: f('email', 'Email'), value: 'chief@riverside.example' },
  phone: { field: f('phone', 'Phone'), value: '+1 555 123 4567' },
  'zip-code': { field: f('zip-code', 'ZIP code'), value: '02134' },
  boolean: { field: f('boolean', 'Injuries reported'), value: false },
  'yes-no': { field: f('yes-no', 'Mutual aid given'), value: true },
  'number-entry': { field: f('number-entry', 'Estimated loss', { validation: { min: 0 } }), value: 12500 },
  'number-slider': { field: f('number-slider', 'Fuel level'), value: 60 },
  'number-counter': { field: f('number-counter', 'Crew on board', { validation: { max: 8 } }), value: 4 },
  'star-rating': { field: f('star-rating', 'Training rating'), value: 4 },
  'year-entry': { field: f('year-entry', 'Year built'), value: 1998 },
  'single-file': { field: f('single-file', 'Scene photos', { params: { fileType: 'image', allowMultipleUploads: false } }) },
  'signature-pad': { field: f('signature-pad', 'Signature') },
  'color-picker': { field: f('color-picker', 'Calendar colour'), value: '#9a0223' },
  'icon-picker': { field: f('icon-picker', 'Icon'), value: 'flame' },
  'full-name-entry': { field: f('full-name-entry', 'Patient name'), value: { first: 'Jordan', last: 'Lee', display_name: 'Jordan Lee' } },
  'full-address': {
    field: f('full-address', 'Incident address'),
    value: { street: 'Main', streetType: 'St', city: 'Riverside', state: 'TX', zipcode: '75001' },
  },
  'full-address-nfirs': { field: f('full-address-nfirs', 'NFIRS address', { params: { nfirs_max_length: { street: 30 } } }) },
  'lat-lng': {
    field: f('lat-lng', 'Location'),
    value: { lat: 32.7767, lng: -96.797, value: '32.7767 -96.797', display_value: '32.7767, -96.797' },
  },
  'terms-and-conditions': {
    field: f('terms-and-conditions', 'Release', {
      params: { termsText: '<p>I confirm the report is accurate.</p>' },
      validation: { required: true },
    }),
  },
  'query-logic': { field: f('query-logic', 'Applies when', { params: { entityTypeTarget: 'incident_report' } }) },
  'matrix-field': {
    field: {
      ...f('matrix-field', 'Crew'),
      params: {
        matrixProperties: [
          { property: 'name', title: 'Name', type: 'single-text' },
          { property: 'hours', title: 'Hours', type: 'number-entry' },
        ],
      },
    },
    value: [{ name: 'Sam Rivera', hours: 4 }],
  },
  'field-link-to': { field: f('field-link-to', 'Department website', { params: { navigate_to: 'url', url: 'https://example.org' } }) },
  'field-button': {
    field: f('field-button', 'New incident', {
      params: { navigate_to: 'create-entity', linkToType: 'incident_report', button_style: 'outline' },
    }),
  },
  'widget-entity': { field: f('widget-entity', 'Related tasks', { params: { widgetSource: 'task' } }) },
  'custom-functionality': {
    field: f('custom-functionality', 'Pull questions', { params: { customFunctionalityType: 'random-entity-pull' } }),
  },
  'approval-required': { field: f('approval-required', 'Supervisor approval'), value: { value: false } },
  'view-list': { field: f('view-list', 'Inspections', { params: { entityTypeTarget: 'hydrant', targetEntityField: 'station' } }) },
  'view-list-inline': {
    field: f('view-list-inline', 'Apparatus', { params: { entityTypeTarget: 'apparatus', targetEntityField: 'station' } }),
  },
  hidden: { field: f('hidden', 'Hidden'), value: 'kept' },
  'formula-result': { field: f('formula-result', 'Hours on scene', { params: { formatResultAs: 'duration' } }), value: 1.5 },
  'formula-result-rollup': { field: f('formula-result-rollup', 'Total cost', { params: { formatResultAs: 'dollar' } }), value: 1234.5 },
  heading: { field: f('heading', 'Heading', { params: { headingText: 'Scene details' } }) },
  'text-label': { field: f('text-label', 'Label', { params: { labelText: 'Times are in the department time zone.' } }) },
  'column-break': { field: f('column-break', 'Column break') },
  'container-row': { field: f('container-row', 'Unit row', { params: children }) },
  'container-group': { field: f('container-group', 'Unit group', { params: children }) },
  'container-tile': { field: f('container-tile', 'Unit tile', { params: children }) },
  'container-button': { field: f('container-button', 'Unit details', { params: { ...children, show_button_label: true } }) },
  'quiz-question-group': {
    field: f('quiz-question-group', 'Hose quiz', { params: { ...children, quizIntroduction: 'Answer every question.' } }),
  },
  'true-false-quiz': { field: f('true-false-quiz', 'A 1¾" line flows 150 gpm.', { params: { correctAnswer: true } }) },
  'radio-quiz': {
    field: f('radio-quiz', 'Which knot?', {
      params: {
        options: options('Bowline', 'Clove hitch', 'Figure eight', 'Half hitch').map((o, i) => ({ ...o, correctAnswer: i === 0 })),
      },
    }),
  },
  'checkbox-quiz': {
    field: f('checkbox-quiz', 'Which are PPE?', {
      params: { options: options('Helmet', 'Boots', 'Radio').map((o, i) => ({ ...o, correctAnswer: i < 2 })) },
    }),
  },
};
