import { TENANT_ADMIN_ROLE } from '@turnout/shared';
import { type DemoTypeInput, field, numbered, transitions } from './build.ts';
import { loadIncidentTypeOptions } from './neris.ts';

/** Roles that sign off an incident report (officers and chiefs). */
export const OFFICER_ROLES = [
  TENANT_ADMIN_ROLE,
  'Deputy Fire Chief',
  'Assistant Fire Chief',
  'Battalion Fire Chief',
  'Department Officer',
  'Lieutenant',
];

const PAGES = ['Incident', 'Location', 'Times', 'Units & Personnel', 'Narrative', 'Sign-off'];
const [INCIDENT, LOCATION, TIMES, UNITS, NARRATIVE, SIGN_OFF] = [1, 2, 3, 4, 5, 6];

/**
 * The incident report: NERIS incident type in three cascading levels, where, when, who, what
 * happened and the officer's signature. Goes created → submitted → approved (or rejected) →
 * finalised.
 */
export function incidentReport(): DemoTypeInput {
  const neris = loadIncidentTypeOptions();
  // Fields mapped to NERIS elements (params.neris_property): the department keeps its form and still exports NERIS.
  const nerisParams = { neris_property: 'incident_final_type', canUseAsFilter: true };
  const mapTo = (element: string) => ({ neris_property: element });
  return {
    name: 'incident_report',
    label: 'Incident Report',
    pages: PAGES.length,
    object_data: { icon: 'flame', page_labels: PAGES, show_status: true, show_assignee: true },
    fields: numbered([
      field('incident_number', 'Incident number', 'single-text', {
        page: INCIDENT,
        required: true,
        table: true,
        params: mapTo('incident_internal_id'),
      }),
      field('incident_type_1', 'Incident type', 'select-list', {
        page: INCIDENT,
        required: true,
        table: true,
        params: { ...nerisParams, options: neris.level1 },
      }),
      field('incident_type_2', 'Incident subtype', 'select-list', {
        page: INCIDENT,
        table: true,
        params: { ...nerisParams, options: neris.level2 },
        helpText: 'Choices follow the incident type.',
      }),
      field('incident_type_3', 'Incident detail', 'select-list', {
        page: INCIDENT,
        params: { ...nerisParams, options: neris.level3 },
        helpText: 'Choices follow the incident subtype.',
      }),
      field('address', 'Incident address', 'full-address', {
        page: LOCATION,
        required: true,
        table: true,
        // NFIRS 5.0 Incident Address widths: the list's NFIRS Report cuts each part to them.
        params: { ...mapTo('incident_location'), nfirs_max_length: { street: 30, city: 20, state: 2, zipcode: 9 } },
      }),
      field('coordinates', 'Map location', 'lat-lng', { page: LOCATION, params: mapTo('incident_point') }),
      field('dispatched_at', 'Dispatched', 'date-time-picker', {
        page: TIMES,
        required: true,
        table: true,
        params: mapTo('dispatch_time_call_create'),
      }),
      field('arrived_at', 'Arrived on scene', 'date-time-picker', { page: TIMES }),
      field('cleared_at', 'Cleared', 'date-time-picker', { page: TIMES }),
      field('apparatus', 'Apparatus', 'select-list', { page: UNITS, params: { sourceName: 'apparatus' } }),
      field('personnel', 'Personnel on scene', 'select-personnel', { page: UNITS, params: { multiple: true } }),
      field('mutual_aid_given', 'Mutual aid given?', 'yes-no', { page: UNITS }),
      field('narrative', 'Narrative', 'rich-text-area', { page: NARRATIVE, required: true, params: mapTo('incident_narrative_outcome') }),
      field('officer_in_charge', 'Officer in charge', 'select-personnel', { page: SIGN_OFF, modifiableBy: OFFICER_ROLES }),
      field('officer_signature', 'Officer signature', 'signature-pad', { page: SIGN_OFF, modifiableBy: OFFICER_ROLES }),
    ]),
    allowed_transitions: transitions('mark_as_created', 'mark_as_submitted', 'mark_as_approved', 'mark_as_rejected', 'mark_as_finalised'),
  };
}
