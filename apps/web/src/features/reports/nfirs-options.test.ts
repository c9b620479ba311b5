import type { EntityType } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { listOptions } from '../entity-list/OptionsMenu.tsx';
import { nfirsNotes } from './list-reports.ts';
import { hasNfirsFields } from './nfirs-fields.ts';

const typeWith = (params: Record<string, unknown>, deleted = false) =>
  ({ fields: [{ deleted, field_data: { property: 'address', title: 'Address', type: 'full-address', params } }] }) as unknown as Pick<
    EntityType,
    'fields'
  >;

describe('NFIRS Report in the list options menu', () => {
  it('is offered for types with a field carrying NFIRS params, after the Excel Report, and not otherwise', () => {
    expect(hasNfirsFields(typeWith({ nfirs_max_length: { street: 30 } }))).toBe(true);
    expect(hasNfirsFields(typeWith({ nfirs_pad_length: 7 }))).toBe(true);
    expect(hasNfirsFields(typeWith({ neris_property: 'incident_location' }))).toBe(false);
    expect(hasNfirsFields(typeWith({ nfirs_pad_length: 7 }, true))).toBe(false);
    const labels = (hasNfirs: boolean) => listOptions('incident_report', false, hasNfirs).map((o) => o.label);
    expect(labels(true).slice(0, 3)).toEqual(['PDF Report', 'Excel Report', 'NFIRS Report']);
    expect(labels(false)).not.toContain('NFIRS Report');
    expect(listOptions('incident_report', false, true).find((o) => o.label === 'NFIRS Report')).toEqual({
      label: 'NFIRS Report',
      nfirs: true,
    });
  });

  it('reads the finished job’s notes: counts, records missing elements, values cut', () => {
    const notes = nfirsNotes.parse({
      records: 2,
      exported: 1,
      format: 'nfirs',
      missingCount: 1,
      missing: [{ id: 'r2', display_name: '125', elements: ['Incident Type'] }],
    });
    expect(notes).toEqual({
      records: 2,
      exported: 1,
      missingCount: 1,
      missing: [{ id: 'r2', display_name: '125', elements: ['Incident Type'] }],
      cut: [],
    });
  });
});
