import { createRecord, transitionRecord } from '../modules/entities/service.ts';
import { NERIS_TYPE_NAME } from '../modules/neris/catalogue.ts';
import { ensureNerisIncidentType } from '../modules/neris/core-type.ts';
import { withContext } from '../platform/db/tenancy.ts';
import { riversideAdmin } from './acting-admin.ts';
import type { DemoSeeder } from './seed.ts';

/** Riverside's NERIS department id (FD, state FIPS 42, county 045, department 001). */
export const RIVERSIDE_NERIS_ID = 'FD42045001';

const at = (iso: string) => ({ value: iso });

/** What every Riverside report says about the department and the call-taking. */
function dispatched(incidentNumber: string, callAt: string, seconds: [number, number]) {
  const t = (offset: number) => new Date(Date.parse(callAt) + offset * 1000).toISOString();
  return {
    fd_neris_id: RIVERSIDE_NERIS_ID,
    incident_internal_id: incidentNumber,
    dispatch_time_call_arrival: at(t(0)),
    dispatch_time_call_answering: at(t(seconds[0])),
    dispatch_time_call_create: at(t(seconds[1])),
    dispatch_center_id: '0042',
    time_incident_clear: at(t(seconds[1] + 95 * 60)),
    incident_rescue_animal: 0,
    csop_state: 'PA',
    csop_country: 'US',
    csop_incorporated_muni: 'Riverside',
    csop_county: 'Northampton',
    csop_postal_code: '18064',
  };
}

/** A unit's times from its dispatch, in minutes after the call. */
function unit(id: string, staffing: number, callAt: string, minutes: [number, number, number, number]) {
  const t = (m: number) => at(new Date(Date.parse(callAt) + m * 60_000).toISOString());
  return {
    unit_id_reported: id,
    unit_staffing_reported: staffing,
    unit_response_mode: 'EMERGENT',
    time_dispatch: t(minutes[0]),
    time_enroute_to_scene: t(minutes[1]),
    time_on_scene: t(minutes[2]),
    time_unit_clear: t(minutes[3]),
  };
}

/**
 * Three realistic Riverside incidents that validate to the NERIS standard and export: a
 * kitchen fire that spread smoke to the house next door (an exposure), a medical call, and a
 * motor-vehicle crash with an extrication. They are the golden exports of modules/neris too.
 */
export const DEMO_NERIS_INCIDENTS: { key: string; values: Record<string, unknown> }[] = [
  {
    key: 'structure-fire',
    values: {
      ...dispatched('RFD-2026-0412', '2026-03-14T22:41:07Z', [6, 48]),
      incident_final_type: ['FIRE||STRUCTURE_FIRE||ROOM_AND_CONTENTS_FIRE'],
      incident_actions_taken: [
        'COMMAND_AND_CONTROL||ESTABLISH_INCIDENT_COMMAND',
        'SUPPRESSION||STRUCTURAL_FIRE_SUPPRESSION||INTERIOR',
        'SEARCH_STRUCTURE||DOOR_INITIATED_SEARCH||PRIOR_TO_SUPPRESSION',
        'VENTILATION||POSITIVE_PRESSURE||POST_SUPPRESSION',
        'SALVAGE_AND_OVERHAUL',
      ],
      incident_narrative_outcome:
        'Engine 21 arrived to smoke showing from the rear of a two-storey single-family dwelling. Interior attack confined the fire to the kitchen; primary search negative. Smoke entered the attached neighbouring unit at 414 Oak Street.',
      incident_narrative_impediment: 'None.',
      an_number: 412,
      sn_street_name: 'Oak',
      sn_post_type: 'STREET',
      incident_point: { lat: 40.6581, lng: -75.3907 },
      incident_people_present: true,
      use_type: 'RESIDENTIAL||ATTACHED_SINGLE_FAMILY_DWELLING',
      use_status: true,
      use_intended: true,
      incident_displaced_number: 4,
      incident_displaced_cause: ['FIRE', 'SMOKE'],
      unit_response: [
        unit('E21', 4, '2026-03-14T22:41:07Z', [1, 2, 7, 95]),
        unit('L21', 3, '2026-03-14T22:41:07Z', [1, 3, 9, 95]),
        unit('M14', 2, '2026-03-14T22:41:07Z', [1, 2, 10, 40]),
      ],
      time_command_established: at('2026-03-14T22:48:30Z'),
      time_sizeup_completed: at('2026-03-14T22:49:10Z'),
      time_primary_search_begin: at('2026-03-14T22:50:00Z'),
      time_primary_search_complete: at('2026-03-14T22:55:40Z'),
      time_water_on_fire: at('2026-03-14T22:51:15Z'),
      time_fire_knocked_down: at('2026-03-14T22:58:02Z'),
      time_fire_under_control: at('2026-03-14T23:04:45Z'),
      time_suppression_complete: at('2026-03-14T23:30:00Z'),
      fire_water_supply: 'HYDRANT_GREATER_500',
      fire_suppression_appliance: ['MEDIUM_DIAMETER_FIRE_HOSE'],
      fire_investigation_need: 'NO_CAUSE_OBVIOUS',
      fire_investigation_type: ['INVESTIGATED_ON_SCENE_RESOURCE'],
      structure_arrival_conditions: 'SMOKE_SHOWING',
      structure_progression_conditions: false,
      structure_damage: 'MODERATE_DAMAGE',
      structure_floor_of_origin: 1,
      structure_room_of_origin: 'KITCHEN',
      structure_fire_cause: 'COOKING',
      exposure: [
        {
          exposure_type: 'EXTERNAL_EXPOSURE',
          exposure_item: 'STRUCTURE',
          exposure_damage: 'MINOR_DAMAGE',
          exposure_people_present: true,
          exposure_displaced_number: 0,
          an_number: 414,
          sn_street_name: 'Oak Street',
          csop_incorporated_muni: 'Riverside',
          csop_state: 'PA',
        },
      ],
      rescue_nonff: [
        {
          nonff_casualty_casualty_type: 'UNINJURED',
          nonff_rescue_type: 'EVAC_ASSISTED_BY_FIREFIGHTER',
          nonff_rescue_presence_known: 'KNOWN_ARRIVAL',
          nonff_rescue_primary_mode: 'OTHER',
          nonff_rescue_actions: ['VENTILATION'],
          nonff_rescue_impediment_type: ['NONE'],
          nonff_rescue_birth_month_year: '02/1941',
          nonff_rescue_gender: 'FEMALE',
          nonff_rescue_race: 'WHITE',
        },
      ],
      incident_rescue_animal: 1,
      smoke_alarm_presence: 'PRESENT',
      smoke_alarm_type: ['REPLACEABLE_BATTERY_POWERED'],
      smoke_alarm_working: true,
      smoke_alarm_operation: 'OPERATED_ALERTED_OCCUPANT',
      smoke_alarm_operation_action: 'EVACUATED',
      fire_alarm_presence: 'NOT_PRESENT',
      other_alarm_presence: 'NOT_PRESENT',
      fire_suppression_presence: 'NOT_PRESENT',
    },
  },
  {
    key: 'medical-call',
    values: {
      ...dispatched('RFD-2026-0413', '2026-03-15T07:12:40Z', [4, 31]),
      incident_final_type: ['MEDICAL||ILLNESS||BREATHING_PROBLEMS'],
      incident_actions_taken: ['EMERGENCY_MEDICAL_CARE||PATIENT_ASSESSMENT', 'EMERGENCY_MEDICAL_CARE||PROVIDE_BASIC_LIFE_SUPPORT'],
      incident_narrative_outcome: 'Adult with shortness of breath; oxygen given, care transferred to Medic 14 for transport to St. Luke’s.',
      incident_narrative_impediment: 'Locked front door; entry through the side door.',
      an_number: 27,
      sn_street_name: 'Mill',
      sn_post_type: 'STREET',
      incident_point: { lat: 40.6612, lng: -75.3861 },
      incident_people_present: true,
      use_type: 'RESIDENTIAL||DETATCHED_SINGLE_FAMILY_DWELLING',
      use_status: true,
      use_intended: true,
      unit_response: [unit('E21', 4, '2026-03-15T07:12:40Z', [1, 2, 6, 30]), unit('M14', 2, '2026-03-15T07:12:40Z', [1, 2, 8, 55])],
      medical: [
        {
          patient_care_report: 'ePCR-2026-00981',
          patient_evaluation_care: 'PATIENT_EVALUATED_CARE_PROVIDED',
          patient_improved_status: 'IMPROVED',
          medical_disposition: 'TRANSPORT_BY_EMS_UNIT',
        },
      ],
    },
  },
  {
    key: 'vehicle-crash',
    values: {
      ...dispatched('RFD-2026-0414', '2026-03-16T17:55:12Z', [5, 40]),
      incident_final_type: ['RESCUE||TRANSPORTATION||MOTOR_VEHICLE_EXTRICATION_ENTRAPPED', 'MEDICAL||INJURY||MOTOR_VEHICLE_COLLISION'],
      incident_actions_taken: [
        'COMMAND_AND_CONTROL||ESTABLISH_INCIDENT_COMMAND',
        'EMERGENCY_MEDICAL_CARE||PROVIDE_ADVANCED_LIFE_SUPPORT',
        'PROVIDE_SERVICES||CONTROL_TRAFFIC',
      ],
      incident_narrative_outcome:
        'Two-vehicle head-on collision on Route 33. Driver of the sedan pinned by the dash; extricated with hydraulic tools in 18 minutes and transported by Medic 14.',
      incident_narrative_impediment: 'Heavy rush-hour traffic delayed the ladder company.',
      sn_street_name: '33',
      sn_pre_type: 'ROUTE',
      incident_point: { lat: 40.6702, lng: -75.3702 },
      incident_people_present: true,
      use_type: 'ROADWAY_ACCESS||HIGHWAY_INTERSTATE',
      use_status: true,
      use_intended: true,
      unit_response: [
        unit('R21', 3, '2026-03-16T17:55:12Z', [1, 2, 9, 70]),
        unit('E21', 4, '2026-03-16T17:55:12Z', [1, 2, 8, 70]),
        unit('M14', 2, '2026-03-16T17:55:12Z', [1, 2, 10, 60]),
      ],
      time_command_established: at('2026-03-16T18:03:30Z'),
      time_extrication_complete: at('2026-03-16T18:23:10Z'),
      medical: [
        {
          patient_evaluation_care: 'PATIENT_EVALUATED_CARE_PROVIDED',
          patient_improved_status: 'UNCHANGED',
          medical_disposition: 'TRANSPORT_BY_EMS_UNIT',
        },
        { patient_evaluation_care: 'PATIENT_EVALUATED_REFUSED_CARE', medical_disposition: 'PATIENT_REFUSED_TRANSPORT' },
      ],
      rescue_nonff: [
        {
          nonff_casualty_casualty_type: 'INJURED_NONFATAL',
          nonff_casualty_casualty_cause: 'VEHICLE_COLLISION',
          nonff_rescue_type: 'RESCUED_BY_FIREFIGHTER',
          nonff_rescue_presence_known: 'KNOWN_DISPATCH',
          nonff_rescue_primary_mode: 'EXTRICATION',
          nonff_rescue_actions: ['HYDRAULIC_TOOL_USE'],
          nonff_rescue_impediment_type: ['ACCESS_LIMITATIONS'],
          nonff_rescue_birth_month_year: '09/1988',
          nonff_rescue_gender: 'MALE',
          nonff_rescue_race: 'HISPANIC_LATINO',
        },
      ],
    },
  },
];

/**
 * The demo incidents in Riverside, saved through the records service as the demo admin and
 * moved to NERIS Ready (which only a valid report reaches). Idempotent: Riverside gets them
 * once.
 */
export const nerisIncidentsDemo: DemoSeeder = {
  name: 'neris-incidents',
  async run({ db }) {
    // The type is written at start (main.ts); a seed run on its own (tests) makes sure of it too.
    await ensureNerisIncidentType(db);
    const acting = await riversideAdmin(db);
    if (!acting) return undefined;
    const { tenant, admin, auth } = acting;
    const existing = await withContext(db, { tenantId: tenant.id, userId: admin.id, isGlobal: false }, (tx) =>
      tx
        .selectFrom('entity')
        .innerJoin('entity_type', 'entity_type.id', 'entity.entity_type_id')
        .select('entity.id')
        .where('entity.tenant_id', '=', tenant.id)
        .where('entity_type.name', '=', NERIS_TYPE_NAME)
        .limit(1)
        .executeTakeFirst(),
    );
    if (existing) return undefined;
    for (const incident of DEMO_NERIS_INCIDENTS) {
      const { record } = await createRecord(db, auth, NERIS_TYPE_NAME, incident.values);
      await transitionRecord(db, auth, NERIS_TYPE_NAME, record.id, 'mark_as_neris_ready');
    }
    return undefined;
  },
};
