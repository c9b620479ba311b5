import { describe, expect, it } from 'vitest';
import { incidentTypeOptions, type NerisIncidentType } from './neris.ts';

const row = (codes: string, labels: string): NerisIncidentType => {
  const [value_1 = '', value_2 = '', value_3 = ''] = codes.split(',');
  const [description_1 = '', description_2 = '', description_3 = ''] = labels.split(',');
  return { value_1, value_2, value_3, description_1, description_2, description_3 };
};

describe('[DEMO] NERIS incident types', () => {
  it('builds three levels keyed by code, each with the path of its parents; a code under two parents appears twice', () => {
    const types = [
      row('RESCUE,OUTSIDE,CONFINED_SPACE_RESCUE', 'Rescue,Outside,Confined Space Rescue'),
      row('RESCUE,OUTSIDE,TRENCH', 'Rescue,Outside,Trench'),
      row('RESCUE,STRUCTURE,CONFINED_SPACE_RESCUE', 'Rescue,Structure,Confined Space Rescue'),
      row('NOEMERG,CANCELLED,', 'No Emergency,Cancelled,'),
      row('LAWENFORCE,,', 'Law Enforcement Support,,'),
    ];
    const { level1, level2, level3 } = incidentTypeOptions(types);
    expect(level1).toEqual([
      { key: 'RESCUE', label: 'Rescue', sort: 1, offline_id: 'RESCUE' },
      { key: 'NOEMERG', label: 'No Emergency', sort: 2, offline_id: 'NOEMERG' },
      { key: 'LAWENFORCE', label: 'Law Enforcement Support', sort: 3, offline_id: 'LAWENFORCE' },
    ]);
    expect(level2.map((o) => [o.key, o.path])).toEqual([
      ['OUTSIDE', 'RESCUE'],
      ['STRUCTURE', 'RESCUE'],
      ['CANCELLED', 'NOEMERG'],
    ]);
    expect(level3).toEqual([
      {
        key: 'CONFINED_SPACE_RESCUE',
        label: 'Confined Space Rescue',
        sort: 1,
        offline_id: 'RESCUE|OUTSIDE|CONFINED_SPACE_RESCUE',
        path: 'RESCUE|OUTSIDE',
      },
      { key: 'TRENCH', label: 'Trench', sort: 2, offline_id: 'RESCUE|OUTSIDE|TRENCH', path: 'RESCUE|OUTSIDE' },
      {
        key: 'CONFINED_SPACE_RESCUE',
        label: 'Confined Space Rescue',
        sort: 3,
        offline_id: 'RESCUE|STRUCTURE|CONFINED_SPACE_RESCUE',
        path: 'RESCUE|STRUCTURE',
      },
    ]);
  });
});
