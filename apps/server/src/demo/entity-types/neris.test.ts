import { describe, expect, it } from 'vitest';
import { incidentTypeOptions, parseCsv, parseNerisIncidentTypes } from './neris.ts';

const HEADER = 'active,value_1,value_2,value_3,description_1,description_2,description_3,definition_1,source,NFIRS Crosswalk';

describe('[DEMO] NERIS incident types', () => {
  it('parses CSV: quoted commas, doubled quotes, empty cells, CRLF and a missing final newline', () => {
    expect(parseCsv('a,b,c\n1,"x, y","say ""hi"""\r\n,,\n"last",2,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['', '', ''],
      ['last', '2', '3'],
    ]);
    expect(parseCsv('a\n"multi\nline"\n')).toEqual([['a'], ['multi\nline']]);
    expect(parseCsv('\uFEFFa,b\n')).toEqual([['a', 'b']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('reads the active rows by column name, trimmed, whatever the crosswalk column holds', () => {
    const csv = [
      HEADER,
      'TRUE,FIRE,OUTSIDE_FIRE,CONSTRUCTION_WASTE,Fire,Outside Fire,Construction Waste,,,"141, 142, 143"',
      'FALSE,FIRE,OUTSIDE_FIRE,RETIRED,Fire,Outside Fire,Retired,,,',
      'TRUE,PUBSERV,OTHER,MOVE_UP,Public Service,Other,Move-up ,,,571',
    ].join('\n');
    expect(parseNerisIncidentTypes(csv)).toEqual([
      {
        value_1: 'FIRE',
        value_2: 'OUTSIDE_FIRE',
        value_3: 'CONSTRUCTION_WASTE',
        description_1: 'Fire',
        description_2: 'Outside Fire',
        description_3: 'Construction Waste',
      },
      {
        value_1: 'PUBSERV',
        value_2: 'OTHER',
        value_3: 'MOVE_UP',
        description_1: 'Public Service',
        description_2: 'Other',
        description_3: 'Move-up',
      },
    ]);
    expect(() => parseNerisIncidentTypes('active,value_1\nTRUE,FIRE')).toThrow(/missing column/);
  });

  it('builds three levels keyed by code, each with the path of its parents; a code under two parents appears twice', () => {
    const csv = [
      HEADER,
      'TRUE,RESCUE,OUTSIDE,CONFINED_SPACE_RESCUE,Rescue,Outside,Confined Space Rescue,,,',
      'TRUE,RESCUE,OUTSIDE,TRENCH,Rescue,Outside,Trench,,,',
      'TRUE,RESCUE,STRUCTURE,CONFINED_SPACE_RESCUE,Rescue,Structure,Confined Space Rescue,,,',
      'TRUE,NOEMERG,CANCELLED,,No Emergency,Cancelled,,,,611',
      'TRUE,LAWENFORCE,,,Law Enforcement Support,,,,,551',
    ].join('\n');
    const { level1, level2, level3 } = incidentTypeOptions(parseNerisIncidentTypes(csv));
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
