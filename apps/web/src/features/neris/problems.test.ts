import { describe, expect, it } from 'vitest';
import { nerisProblems } from './problems.ts';

describe('NERIS problems for the panel', () => {
  it('lists problems under their field and page, page by page; elements the form lacks come last under their NERIS name', () => {
    const fields = [
      { property: 'structure_damage', title: 'Structure damage', type: 'select-list', page: 5 },
      { property: 'incident_internal_id', title: 'Incident number', type: 'single-text', page: 1 },
    ];
    expect(
      nerisProblems(
        {
          fd_neris_id: ['Department NERIS ID is a required field.'],
          structure_damage: ['Structure damage is a required field.'],
          incident_internal_id: ['Incident number must be written as letters, digits, -, _ and : only.'],
        },
        fields,
      ),
    ).toEqual([
      {
        key: 'incident_internal_id',
        title: 'Incident number',
        page: 1,
        message: 'Incident number must be written as letters, digits, -, _ and : only.',
      },
      { key: 'structure_damage', title: 'Structure damage', page: 5, message: 'Structure damage is a required field.' },
      { key: 'fd_neris_id', title: 'NERIS fd neris id', page: null, message: 'Department NERIS ID is a required field.' },
    ]);
  });
});
