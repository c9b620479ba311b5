import { typeStartsWith } from './conditions.ts';

/**
 * How the NERIS Incident entity type is laid out and how each framework element lands in the
 * NERIS API's incident payload. The framework's CSVs say what each element is (type, value set,
 * format, conditions, required and core flags); they do not say where it goes in the API's
 * payload, whose property names differ ('incident_people_present' → 'base.people_present').
 * That is this table, written from the API's IncidentPayload. build.ts joins the two.
 *
 * Paths: dots for objects, '[]' for arrays of objects ('dispatch.unit_responses[]'). A column's
 * path is relative to its row.
 */

export interface LeafMap {
  element: string;
  /** The module the element is read from, where the name alone is ambiguous. */
  module?: string;
  /** Where the value goes in the payload; null when it is kept but not sent (the NERIS incident id). */
  path: string | null;
  /** The payload requires the property (the API's required list). */
  required?: boolean;
  title?: string;
  /** The framework gives Array[…] for a value that is one per row here (a chemical's DOT class). */
  single?: boolean;
}

export interface GroupMap {
  /** The matrix field's property and the element naming the module in core_mod_incident (e.g. unit_response). */
  group: string;
  title: string;
  module: string;
  /** The payload array the rows go to. */
  path: string;
  required?: boolean;
  /** Values every row of this group carries (casualty_rescues[].type is 'FF' or 'NONFF'). */
  fixed?: Record<string, string>;
  columns: LeafMap[];
  /** The framework condition under which the rows are possible (from the module's element). */
  condition?: string;
}

export interface PageMap {
  label: string;
  /** Default module of the page's elements. */
  module: string;
  /** The framework condition under which the page is shown (a possible_if or neris_core_if text). */
  showIf?: string;
  items: (LeafMap | GroupMap)[];
}

/** Payload properties not taken from one element: how build.ts types them in the JSON Schema; payload.ts fills them. */
export const DERIVED: { path: string; schema: Record<string, unknown>; required?: boolean }[] = [
  { path: 'incident_types[].primary', schema: { type: 'boolean' } },
  { path: 'actions_tactics.action_noaction.type', schema: { enum: ['ACTION', 'NOACTION'] }, required: true },
  { path: 'fire_detail.location_detail.type', schema: { enum: ['STRUCTURE', 'OUTSIDE'] }, required: true },
  { path: 'casualty_rescues[].type', schema: { enum: ['FF', 'NONFF'] }, required: true },
  { path: 'dispatch.comments[].comment', schema: { type: 'string', minLength: 1, maxLength: 100000 }, required: true },
  { path: 'dispatch.location', schema: { $ref: '#/$defs/location' }, required: true },
  { path: 'base.point', schema: { $ref: '#/$defs/point' } },
];

const civic = (prefix: string, pairs: [string, string][]): LeafMap[] =>
  pairs.map(([element, path]) => ({ element, module: 'mod_civic_location', path: `${prefix}${path}` }));

/** mod_civic_location → the API's LocationPayload (NENA CLDXF names). */
export const CIVIC_LOCATION: [string, string][] = [
  ['an_prefix', 'number_prefix'],
  ['an_number', 'number'],
  ['an_suffix', 'number_suffix'],
  ['an_complete', 'complete_number'],
  ['an_distance_marker', 'distance_marker'],
  ['sn_pre_modifier', 'street_prefix_modifier'],
  ['sn_pre_directional', 'street_prefix_direction'],
  ['sn_pre_type', 'street_prefix'],
  ['sn_pre_type_separator', 'street_preposition_type_separator'],
  ['sn_street_name', 'street'],
  ['sn_post_type', 'street_postfix'],
  ['sn_post_directional', 'street_postfix_direction'],
  ['sn_post_modifier', 'street_postfix_modifier'],
  ['sn_dir_of_travel', 'direction_of_travel'],
  ['nl_structure', 'structure'],
  ['nl_subsite', 'subsite'],
  ['nl_site', 'site'],
  ['nl_wing', 'wing'],
  ['nl_floor', 'floor'],
  ['nl_unit_pre_type', 'unit_prefix'],
  ['nl_unit_value', 'unit_value'],
  ['nl_room', 'room'],
  ['nl_section', 'section'],
  ['nl_row', 'row'],
  ['nl_seat', 'seat'],
  ['nl_additional_info', 'additional_info'],
  ['nl_marker', 'marker'],
  ['csop_postal_comm', 'postal_community'],
  ['csop_neighborhood_comm', 'neighborhood_community'],
  ['csop_unincorporated_comm', 'unincorporated_community'],
  ['csop_incorporated_muni', 'incorporated_municipality'],
  ['csop_county', 'county'],
  ['csop_state', 'state'],
  ['csop_postal_code', 'postal_code'],
  ['csop_postal_code_ext', 'postal_code_extension'],
  ['csop_country', 'country'],
  ['place', 'place_type'],
];

const leaves = (prefix: string, pairs: [string, string, boolean?][], module?: string): LeafMap[] =>
  pairs.map(([element, path, required]) => ({
    element,
    path: `${prefix}${path}`,
    ...(required ? { required } : {}),
    ...(module ? { module } : {}),
  }));

const RESCUE_STRUCTURE = 'rescue.ffrescue_or_nonffrescue.removal_or_nonremoval.';

export const PAGES: PageMap[] = [
  {
    label: 'Incident',
    module: 'core_mod_incident',
    items: [
      {
        element: 'fd_neris_id',
        module: 'core_mod_dispatch',
        path: 'base.department_neris_id',
        required: true,
        title: 'Department NERIS ID',
      },
      { element: 'incident_internal_id', path: 'base.incident_number', required: true, title: 'Incident number' },
      { element: 'incident_neris_id', path: null, title: 'NERIS incident ID' },
      { element: 'incident_final_type', path: 'incident_types[].type', required: true, title: 'Incident type' },
      { element: 'incident_special_modifier', path: 'special_modifiers', title: 'Special modifiers' },
      { element: 'incident_actions_taken', path: 'actions_tactics.action_noaction.actions', title: 'Actions taken' },
      { element: 'incident_noaction', path: 'actions_tactics.action_noaction.noaction_type', title: 'No action taken because' },
      { element: 'incident_aid_direction', path: 'aids[].aid_direction', title: 'Aid direction' },
      { element: 'incident_aid_type', path: 'aids[].aid_type', title: 'Aid type' },
      { element: 'incident_aid_department_name', path: 'aids[].department_neris_id', title: 'Aid departments (NERIS IDs)' },
      { element: 'incident_aid_nonfd', path: 'nonfd_aids', title: 'Aid from other agencies' },
      { element: 'incident_narrative_outcome', path: 'base.outcome_narrative', title: 'Narrative: outcome' },
      { element: 'incident_narrative_impediment', path: 'base.impediment_narrative', title: 'Narrative: impediments' },
    ],
  },
  {
    label: 'Dispatch',
    module: 'core_mod_dispatch',
    items: [
      ...leaves('dispatch.', [
        ['dispatch_time_call_arrival', 'call_arrival', true],
        ['dispatch_time_call_answering', 'call_answered', true],
        ['dispatch_time_call_create', 'call_create', true],
        ['time_incident_clear', 'incident_clear'],
        ['dispatch_center_id', 'center_id'],
        ['dispatch_determinate_code', 'determinant_code'],
        ['dispatch_incident_code', 'incident_code'],
        ['dispatch_final_disposition', 'disposition'],
        ['dispatch_automatic_alarm', 'automatic_alarm'],
      ]),
      { element: 'dispatch_comment', path: 'dispatch.comments[].comment', title: 'Dispatch comments', single: true },
    ],
  },
  {
    label: 'Location',
    module: 'core_mod_incident',
    items: [
      ...civic('base.location.', CIVIC_LOCATION),
      { element: 'incident_point', path: 'base.point', title: 'Incident location (map)' },
      { element: 'incident_people_present', path: 'base.people_present', title: 'People present' },
      ...leaves(
        'base.location_use.',
        [
          ['use_type', 'use_type'],
          ['use_status', 'in_use.in_use'],
          ['use_intended', 'in_use.intended'],
          ['use_vacancy', 'vacancy_cause'],
          ['use_type_secondary', 'secondary_use'],
        ],
        'mod_location_use',
      ),
      { element: 'incident_displaced_number', path: 'base.displacement_count', title: 'People displaced' },
      { element: 'incident_displaced_cause', path: 'base.displacement_causes', title: 'Displacement causes' },
    ],
  },
  {
    label: 'Units & Response',
    module: 'core_mod_incident',
    items: [
      {
        group: 'unit_response',
        title: 'Units',
        module: 'mod_unit_response',
        path: 'dispatch.unit_responses',
        required: true,
        columns: leaves('', [
          ['unit_id_reported', 'reported_unit_id'],
          ['unit_id_linked', 'unit_neris_id'],
          ['unit_staffing_reported', 'staffing'],
          ['unit_unable_to_dispatch', 'unable_to_dispatch'],
          ['unit_response_mode', 'response_mode'],
          ['time_dispatch', 'dispatch'],
          ['time_enroute_to_scene', 'enroute_to_scene'],
          ['time_on_scene', 'on_scene'],
          ['time_canceled_enroute', 'canceled_enroute'],
          ['time_staging', 'staging'],
          ['time_unit_clear', 'unit_clear'],
        ]),
      },
      ...leaves(
        'tactic_timestamps.',
        [
          ['time_command_established', 'command_established'],
          ['time_sizeup_completed', 'completed_sizeup'],
          ['time_primary_search_begin', 'primary_search_begin'],
          ['time_primary_search_complete', 'primary_search_complete'],
          ['time_water_on_fire', 'water_on_fire'],
          ['time_fire_knocked_down', 'fire_knocked_down'],
          ['time_fire_under_control', 'fire_under_control'],
          ['time_suppression_complete', 'suppression_complete'],
          ['time_extrication_complete', 'extrication_complete'],
        ],
        'mod_tactic_timestamps',
      ),
    ],
  },
  {
    label: 'Fire',
    module: 'mod_fire',
    showIf: 'final incident type includes fire',
    items: leaves('fire_detail.', [
      ['fire_water_supply', 'water_supply', true],
      ['fire_suppression_appliance', 'suppression_appliances'],
      ['fire_investigation_need', 'investigation_needed', true],
      ['fire_investigation_type', 'investigation_types', true],
      ['structure_arrival_conditions', 'location_detail.arrival_condition', true],
      ['structure_progression_conditions', 'location_detail.progression_evident'],
      ['structure_damage', 'location_detail.damage_type', true],
      ['structure_floor_of_origin', 'location_detail.floor_of_origin', true],
      ['structure_room_of_origin', 'location_detail.room_of_origin_type', true],
      ['structure_fire_cause', 'location_detail.cause', true],
      ['outside_fire_cause', 'location_detail.cause', true],
      ['outside_fire_acres_burned', 'location_detail.acres_burned'],
    ]),
  },
  {
    label: 'Medical',
    module: 'core_mod_incident',
    showIf: 'final incident type includes medical',
    items: [
      {
        group: 'medical',
        title: 'Patients',
        module: 'mod_medical',
        path: 'medical_details',
        columns: leaves('', [
          ['patient_care_report', 'patient_care_report_id'],
          ['patient_evaluation_care', 'patient_care_evaluation', true],
          ['patient_improved_status', 'patient_status'],
          ['medical_disposition', 'transport_disposition'],
        ]),
      },
    ],
  },
  {
    label: 'Hazards',
    module: 'mod_hazard',
    items: [
      ...leaves('hazsit_detail.', [
        ['hazsit_disposition', 'disposition', true],
        ['hazsit_evacuated', 'evacuated', true],
      ]),
      {
        group: 'chemical',
        title: 'Chemicals',
        module: 'mod_hazard',
        path: 'hazsit_detail.chemicals',
        condition: 'final incident type includes hazsit',
        columns: leaves('', [
          ['chemical_name', 'name', true],
          ['chemical_dot_class', 'dot_class', true],
          ['chemical_release_occurred', 'release_occurred', true],
          ['chemical_amount_est', 'release.estimated_amount'],
          ['chemical_amount_est_units', 'release.unit_of_measurement'],
          ['chemical_physical_state', 'release.physical_state'],
          ['chemical_release_into', 'release.released_into'],
          ['chemical_release_cause', 'release.cause'],
        ]).map((c) => ({ ...c, single: true })),
      },
      {
        group: 'emerging_hazard',
        title: 'Electrical and battery hazards',
        module: 'mod_emerging_hazard',
        path: 'electric_hazards',
        columns: leaves('', [
          ['elec_category', 'type', true],
          ['elec_target', 'source_or_target'],
          ['elec_suppress', 'fire_details.suppression_types'],
          ['elec_reignition', 'fire_details.reignition'],
        ]),
      },
      ...leaves(
        'csst_hazard.',
        [
          ['csst_ignition_source', 'ignition_source'],
          ['csst_lightning', 'lightning_suspected'],
          ['csst_grounded', 'grounded'],
        ],
        'mod_emerging_hazard',
      ),
    ],
  },
  {
    label: 'Exposures',
    module: 'core_mod_incident',
    items: [
      {
        group: 'exposure',
        title: 'Exposures',
        module: 'mod_exposure',
        path: 'exposures',
        columns: [
          ...leaves('', [
            ['exposure_type', 'location_detail.type', true],
            ['exposure_item', 'location_detail.item_type'],
            ['exposure_damage', 'damage_type', true],
            ['exposure_people_present', 'people_present'],
            ['exposure_displaced_number', 'displacement_count'],
            ['exposure_displaced_cause', 'displacement_causes'],
          ]),
          ...civic('location.', [
            ['an_number', 'number'],
            ['sn_street_name', 'street'],
            ['csop_incorporated_muni', 'incorporated_municipality'],
            ['csop_state', 'state'],
          ]),
        ],
      },
    ],
  },
  {
    label: 'Rescues',
    module: 'core_mod_incident',
    items: [
      {
        group: 'rescue_nonff',
        title: 'Civilians rescued or hurt',
        module: 'mod_rescue_nonff',
        path: 'casualty_rescues',
        fixed: { type: 'NONFF' },
        columns: leaves('', [
          ['nonff_casualty_casualty_type', 'casualty.injury_or_noninjury.type', true],
          ['nonff_casualty_casualty_cause', 'casualty.injury_or_noninjury.cause'],
          ['nonff_rescue_type', 'rescue.ffrescue_or_nonffrescue.type', true],
          ['nonff_rescue_presence_known', 'rescue.presence_known.presence_known_type'],
          ['nonff_rescue_primary_mode', `${RESCUE_STRUCTURE}type`, true],
          ['nonff_rescue_actions', 'rescue.ffrescue_or_nonffrescue.actions'],
          ['nonff_rescue_impediment_type', 'rescue.ffrescue_or_nonffrescue.impediments'],
          ['nonff_rescue_room_type', `${RESCUE_STRUCTURE}room_type`],
          ['nonff_rescue_elevation_type', `${RESCUE_STRUCTURE}elevation_type`],
          ['nonff_rescue_gas_isolation', `${RESCUE_STRUCTURE}gas_isolation`],
          ['nonff_rescue_removal_path_type', `${RESCUE_STRUCTURE}rescue_path_type`],
          ['nonff_rescue_fire_relative_time', `${RESCUE_STRUCTURE}fire_removal.relative_suppression_time`],
          ['nonff_rescue_birth_month_year', 'birth_month_year'],
          ['nonff_rescue_gender', 'gender'],
          ['nonff_rescue_race', 'race'],
        ]),
      },
      { element: 'incident_rescue_animal', path: 'base.animals_rescued', title: 'Animals rescued' },
    ],
  },
  {
    label: 'Risk Reduction',
    module: 'mod_risk_reduction',
    showIf: "type_incident.value_2 values include 'STRUCTURE FIRE'",
    items: leaves('', [
      ['smoke_alarm_presence', 'smoke_alarm.presence.type', true],
      ['smoke_alarm_type', 'smoke_alarm.presence.alarm_types'],
      ['smoke_alarm_working', 'smoke_alarm.presence.working'],
      ['smoke_alarm_operation', 'smoke_alarm.presence.operation.alerted_failed_other.type', true],
      ['smoke_alarm_operation_fail', 'smoke_alarm.presence.operation.alerted_failed_other.failure_reason'],
      ['smoke_alarm_operation_action', 'smoke_alarm.presence.operation.alerted_failed_other.occupant_action'],
      ['fire_alarm_presence', 'fire_alarm.presence.type', true],
      ['fire_alarm_type', 'fire_alarm.presence.alarm_types'],
      ['fire_alarm_operation', 'fire_alarm.presence.operation_type'],
      ['other_alarm_presence', 'other_alarm.presence.type', true],
      ['other_alarm_type', 'other_alarm.presence.alarm_types'],
      ['fire_suppression_presence', 'fire_suppression.presence.type', true],
      ['fire_suppression_type', 'fire_suppression.presence.suppression_types[].type', true],
      ['fire_suppression_full_partial', 'fire_suppression.presence.suppression_types[].full_partial'],
      ['fire_suppression_operation', 'fire_suppression.presence.operation_type.effectiveness.type', true],
      ['fire_suppression_operation_sprinkler', 'fire_suppression.presence.operation_type.effectiveness.sprinklers_activated'],
      ['fire_suppression_operation_failure', 'fire_suppression.presence.operation_type.effectiveness.failure_reason'],
      ['cooking_fire_suppression_presence', 'cooking_fire_suppression.presence.type', true],
      ['cooking_fire_suppression_type', 'cooking_fire_suppression.presence.suppression_types'],
    ]).map((leaf) => (leaf.element === 'fire_suppression_full_partial' ? { ...leaf, single: true } : leaf)),
  },
  {
    label: 'Casualties',
    module: 'core_mod_incident',
    items: [
      {
        group: 'rescue_ff',
        title: 'Firefighters hurt or rescued',
        module: 'mod_rescue_ff',
        path: 'casualty_rescues',
        fixed: { type: 'FF' },
        columns: leaves('', [
          ['ff_casualty_type', 'casualty.injury_or_noninjury.type', true],
          ['ff_casualty_cause', 'casualty.injury_or_noninjury.cause'],
          ['ff_casualty_classification', 'casualty.injury_or_noninjury.ff_injury_details.job_classification'],
          ['ff_casualty_duty_type', 'casualty.injury_or_noninjury.ff_injury_details.duty_type'],
          ['ff_casualty_action', 'casualty.injury_or_noninjury.ff_injury_details.action_type'],
          ['ff_casualty_incident_timeline', 'casualty.injury_or_noninjury.ff_injury_details.incident_stage'],
          ['ff_casualty_ppe', 'casualty.injury_or_noninjury.ff_injury_details.ppe_items'],
          ['ff_casualty_incident_command', 'casualty.injury_or_noninjury.ff_injury_details.incident_command'],
          ['ff_casualty_reported_unit_id', 'casualty.injury_or_noninjury.ff_injury_details.reported_unit_id'],
          ['ff_rescue_type', 'rescue.ffrescue_or_nonffrescue.type', true],
          ['ff_rescue_primary_mode', `${RESCUE_STRUCTURE}type`, true],
          ['ff_rescue_mayday', 'rescue.mayday.mayday'],
          ['ff_rescue_rit_activated', 'rescue.mayday.rit_activated'],
          ['ff_rescue_mayday_relative_time', 'rescue.mayday.relative_suppression_time'],
          ['ff_casualty_rank', 'rank'],
          ['ff_casualty_service', 'years_of_service'],
          ['ff_rescue_birth_month_year', 'birth_month_year'],
          ['ff_rescue_gender', 'gender'],
          ['ff_rescue_race', 'race'],
        ]),
      },
    ],
  },
];

/** Element titles that read better than the element's name. */
export const TITLES: Record<string, string> = {
  dispatch_time_call_arrival: 'Call arrived at PSAP',
  dispatch_time_call_answering: 'Call answered',
  dispatch_time_call_create: 'Incident created in CAD',
  time_incident_clear: 'Incident cleared',
  dispatch_determinate_code: 'Determinant code',
  an_number: 'Address number',
  sn_street_name: 'Street name',
  sn_post_type: 'Street type',
  csop_incorporated_muni: 'City / municipality',
  csop_county: 'County',
  csop_state: 'State',
  csop_postal_code: 'ZIP code',
  csop_country: 'Country',
  use_type: 'Location use',
  use_type_secondary: 'Secondary location use',
  use_status: 'In use',
  use_intended: 'Used as intended',
  use_vacancy: 'Vacancy cause',
  elec_category: 'Hazard type',
  unit_id_reported: 'Unit',
  unit_id_linked: 'Unit NERIS ID',
  unit_staffing_reported: 'Staffing',
  exposure_type: 'Exposure',
  exposure_item: 'Item exposed',
  nonff_casualty_casualty_type: 'Casualty',
  nonff_casualty_casualty_cause: 'Cause of injury',
  nonff_rescue_type: 'Rescue',
  ff_casualty_type: 'Casualty',
  ff_rescue_type: 'Rescue',
  patient_evaluation_care: 'Patient evaluation and care',
};

/** Value-set names the framework's format column gets wrong, and the file that exists. */
export const VALUE_SET_ALIASES: Record<string, string> = {
  type_actions_tactics: 'type_action_tactic',
  type_suppression_operation: 'type_suppress_operation',
  type_suppression_failure: 'type_suppress_no_operation',
  type_casualty_actions: 'type_casualty_action',
};

/** Formats the framework states in words, as patterns. */
export const PATTERNS: Record<string, string> = {
  fd_neris_id: '^FD\\d{8}$',
  incident_neris_id: '^FD\\d{8}:\\d{10,13}$',
  incident_internal_id: '^[\\w\\-:]+$',
  incident_aid_department_name: '^FD\\d{8}$',
  dispatch_center_id: '^\\d{4}$',
  csop_state: '^[A-Z]{2}$',
  nonff_rescue_birth_month_year: '^(0[1-9]|1[0-2])/\\d{4}$',
  ff_rescue_birth_month_year: '^(0[1-9]|1[0-2])/\\d{4}$',
};

/** How a person should write an element with a pattern: the example of the framework, or its words. */
export const FORMAT_HINTS: Record<string, string> = {
  fd_neris_id: 'FD24027000',
  incident_neris_id: 'FD24027000:1714762619',
  incident_internal_id: 'letters, digits, -, _ and : only',
  incident_aid_department_name: 'FD24027000',
  dispatch_center_id: 'four digits, e.g. 0042',
  csop_state: 'a two-letter state code, e.g. PA',
  nonff_rescue_birth_month_year: 'MM/YYYY',
  ff_rescue_birth_month_year: 'MM/YYYY',
};

const structureFire = typeStartsWith('FIRE||STRUCTURE_FIRE||');
const anyOf = (...elements: string[]) => ({ or: elements.map((e) => ({ '!!': [{ var: e }] })) });

/**
 * Where the framework flags an element core without the condition under which it applies (aid
 * is core when aid was given or received, not on every call), the condition Turnout uses, as
 * JSON logic; false: not core. Each with the reason.
 */
export const CORE_OVERRIDES: Record<string, { rule: Record<string, unknown> | false; why: string }> = {
  incident_aid_direction: { rule: anyOf('incident_aid_type', 'incident_aid_department_name'), why: 'core when aid was given or received' },
  incident_aid_type: { rule: anyOf('incident_aid_direction', 'incident_aid_department_name'), why: 'core when aid was given or received' },
  incident_aid_department_name: { rule: anyOf('incident_aid_direction', 'incident_aid_type'), why: 'core when aid was given or received' },
  incident_aid_nonfd: { rule: false, why: 'only when other agencies helped' },
  incident_neris_id: { rule: false, why: 'made by Turnout from the department NERIS ID and the call’s creation time when left blank' },
  use_vacancy: { rule: { '==': [{ var: 'use_status' }, false] }, why: 'the cause of a vacancy, for a location not in use' },
  use_type_secondary: { rule: false, why: 'only for a location with a secondary use' },
  csst_ignition_source: { rule: anyOf('csst_lightning', 'csst_grounded'), why: 'stated when a CSST hazard was involved' },
  time_extrication_complete: { rule: false, why: 'only when there was an extrication' },
  time_primary_search_begin: { rule: false, why: 'only when a primary search was made' },
  time_primary_search_complete: { rule: { '!!': [{ var: 'time_primary_search_begin' }] }, why: 'when a primary search began' },
  // The API requires these modules for structure fires (IncidentPayload.incident_types).
  smoke_alarm_presence: { rule: structureFire as Record<string, unknown>, why: 'required by NERIS for structure fires' },
  fire_alarm_presence: { rule: structureFire as Record<string, unknown>, why: 'required by NERIS for structure fires' },
  other_alarm_presence: { rule: structureFire as Record<string, unknown>, why: 'required by NERIS for structure fires' },
  fire_suppression_presence: { rule: structureFire as Record<string, unknown>, why: 'required by NERIS for structure fires' },
  cooking_fire_suppression_presence: {
    rule: { some: [{ var: 'incident_final_type' }, { '==': [{ var: '' }, 'FIRE||STRUCTURE_FIRE||CONFINED_COOKING_APPLIANCE_FIRE'] }] },
    why: 'required by NERIS for confined cooking fires',
  },
};
