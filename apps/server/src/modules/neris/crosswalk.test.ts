import { describe, expect, it } from 'vitest';
import { incidentTypeCrosswalk, nerisTypesForNfirs, nfirsCodesFor } from './crosswalk.ts';

describe('NERIS incident types and the NFIRS crosswalk', () => {
  it('lists every active NERIS incident type with its levels, label and NFIRS codes', () => {
    const chimney = incidentTypeCrosswalk().find((t) => t.code === 'FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE');
    expect(chimney).toMatchObject({ levels: ['FIRE', 'STRUCTURE_FIRE', 'CHIMNEY_FIRE'], label: 'Fire › Structure Fire › Chimney Fire' });
    expect(chimney?.nfirs).toContain('123');
    expect(new Set(chimney?.nfirs).size).toBe(chimney?.nfirs.length);
  });

  it('gives the NFIRS codes of a type, or of all types under a level-1 or level-2 prefix', () => {
    expect(nfirsCodesFor('FIRE||STRUCTURE_FIRE||ROOM_AND_CONTENTS_FIRE')).toEqual(expect.arrayContaining(['111', '121']));
    expect(nfirsCodesFor('FIRE||STRUCTURE_FIRE')).toEqual(expect.arrayContaining(['111', '123']));
    expect(nfirsCodesFor('FIRE||STRUCTURE_FIRE')).not.toContain('141');
    expect(nfirsCodesFor('NOT||A||TYPE')).toEqual([]);
  });

  it('finds the NERIS types an NFIRS code corresponds to', () => {
    const codes = nerisTypesForNfirs(' 111 ').map((t) => t.code);
    expect(codes).toContain('FIRE||STRUCTURE_FIRE||ROOM_AND_CONTENTS_FIRE');
    expect(codes.every((c) => c.startsWith('FIRE||STRUCTURE_FIRE||'))).toBe(true);
    expect(nerisTypesForNfirs('999')).toEqual([]);
  });
});
