import { describe, expect, it } from 'vitest';
import { checkNeris, NERIS_MESSAGES } from './validate.ts';

const structureFire = { incident_final_type: ['FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE'] };
const medical = { incident_final_type: ['MEDICAL||ILLNESS||CHEST_PAIN'] };

describe('NERIS validation, rule by rule', () => {
  it('required elements: the minimal record', () => {
    const { errors } = checkNeris({});
    expect(errors.fd_neris_id).toEqual([NERIS_MESSAGES.required('Department NERIS ID')]);
    expect(errors.incident_internal_id).toEqual([NERIS_MESSAGES.required('Incident number')]);
    expect(errors.incident_final_type).toEqual([NERIS_MESSAGES.required('Incident type')]);
    expect(errors.dispatch_time_call_create).toEqual([NERIS_MESSAGES.required('Incident created in CAD')]);
    expect(errors.unit_response).toEqual([NERIS_MESSAGES.rows('Units')]);
  });

  it('core elements with their condition: the fire module is core for fires only, structure details for structure fires only', () => {
    expect(checkNeris(structureFire).errors.structure_damage).toEqual([NERIS_MESSAGES.required('Structure damage')]);
    expect(checkNeris(structureFire).errors.smoke_alarm_presence).toEqual([NERIS_MESSAGES.required('Smoke alarm presence')]);
    expect(checkNeris({ incident_final_type: ['FIRE||OUTSIDE_FIRE||TRASH_RUBBISH_FIRE'] }).errors.structure_damage).toBeUndefined();
    expect(checkNeris({ incident_final_type: ['FIRE||OUTSIDE_FIRE||TRASH_RUBBISH_FIRE'] }).errors.outside_fire_cause).toBeDefined();
    expect(checkNeris(medical).errors.fire_water_supply).toBeUndefined();
    expect(checkNeris(medical).errors.medical).toEqual([NERIS_MESSAGES.rows('Patients')]);
  });

  it('conditions: a value whose condition fails is left out; two values that exclude each other are an error', () => {
    const left = checkNeris({
      ...medical,
      structure_damage: 'MAJOR_DAMAGE',
      smoke_alarm_presence: 'NOT_PRESENT',
      smoke_alarm_working: true,
    });
    expect(left.errors.structure_damage).toBeUndefined();
    expect(left.effective.structure_damage).toBeUndefined();
    expect(left.effective.smoke_alarm_working).toBeUndefined();
    const both = checkNeris({ incident_actions_taken: ['SALVAGE_AND_OVERHAUL'], incident_noaction: 'CANCELLED' });
    expect(both.errors.incident_noaction).toEqual([NERIS_MESSAGES.exclusive('No action taken because', 'Actions taken')]);
    expect(both.errors.incident_actions_taken).toEqual([NERIS_MESSAGES.exclusive('Actions taken', 'No action taken because')]);
    // Within a row: a unit that could not be dispatched has no times.
    const unit = checkNeris({
      unit_response: [{ unit_id_reported: 'E1', unit_unable_to_dispatch: true, time_on_scene: '2026-01-01T00:00:00Z' }],
    });
    expect(unit.effective.unit_response).toEqual([{ unit_id_reported: 'E1', unit_unable_to_dispatch: true }]);
  });

  it('formats: timestamps with their zone, ids, lengths, whole numbers, points, month/year', () => {
    const { errors } = checkNeris({
      ...structureFire,
      fd_neris_id: 'FD123',
      incident_internal_id: 'RFD 12',
      dispatch_time_call_create: '2026-03-14 22:41',
      incident_narrative_outcome: 'x'.repeat(100_001),
      structure_floor_of_origin: -1,
      incident_point: { lat: 91, lng: 0 },
      rescue_nonff: [{ nonff_casualty_casualty_type: 'UNINJURED', nonff_rescue_birth_month_year: '13/1990' }],
    });
    expect(errors.fd_neris_id).toEqual([NERIS_MESSAGES.format('Department NERIS ID', 'FD24027000')]);
    expect(errors.incident_internal_id).toEqual([NERIS_MESSAGES.format('Incident number', 'letters, digits, -, _ and : only')]);
    expect(errors.dispatch_time_call_create).toEqual([NERIS_MESSAGES.dateTime('Incident created in CAD')]);
    expect(errors.incident_narrative_outcome).toEqual([NERIS_MESSAGES.tooLong('Narrative: outcome', 100_000, 100_001)]);
    expect(errors.structure_floor_of_origin).toEqual([NERIS_MESSAGES.wholeNumber('Structure floor of origin')]);
    expect(errors.incident_point).toEqual([NERIS_MESSAGES.point('Incident location (map)')]);
    expect(errors.rescue_nonff).toContain(NERIS_MESSAGES.row(0, NERIS_MESSAGES.format('Rescue birth month year', 'MM/YYYY')));
  });

  it('value sets: every code must be an active value of its set', () => {
    const { errors } = checkNeris({ incident_final_type: ['FIRE||STRUCTURE_FIRE||NOT_A_TYPE'], fire_water_supply: 'A_BUCKET' });
    expect(errors.incident_final_type).toEqual([NERIS_MESSAGES.notInValueSet('Incident type', 'FIRE||STRUCTURE_FIRE||NOT_A_TYPE')]);
    expect(errors.fire_water_supply).toEqual([NERIS_MESSAGES.notInValueSet('Fire water supply', 'A_BUCKET')]);
  });
});
