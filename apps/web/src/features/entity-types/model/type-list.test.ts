import type { EntityTypeLite } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { importBody, importFailureLines, missingTypeOf, parseImportDocument } from './import.ts';
import { canDragTypes, visibleTypes } from './type-list.ts';

const lite = (label: string, name: string, sort_order: number): EntityTypeLite => ({
  id: name,
  name,
  label,
  tenant_id: null,
  sort_order,
  is_module: false,
  is_core: false,
  is_task: false,
  is_global: false,
  date_significant: false,
  modified_at: '2026-11-01T00:00:00.000Z',
  object_data: {},
});

describe('the type list', () => {
  const types = [lite('Hydrant', 'hydrant', 80), lite('apparatus', 'apparatus', 20), lite('Incident Report', 'incident_report', 10)];
  it('sorts by sort order by default, or by label', () => {
    expect(visibleTypes(types, '', 'default').map((t) => t.name)).toEqual(['incident_report', 'apparatus', 'hydrant']);
    expect(visibleTypes(types, '', 'a_to_z').map((t) => t.name)).toEqual(['apparatus', 'hydrant', 'incident_report']);
    expect(visibleTypes(types, '', 'z_to_a').map((t) => t.name)).toEqual(['incident_report', 'hydrant', 'apparatus']);
  });
  it('searches labels and identifiers', () => {
    expect(visibleTypes(types, ' REPORT', 'default').map((t) => t.name)).toEqual(['incident_report']);
    expect(visibleTypes(types, 'incident_', 'default')).toHaveLength(1);
  });
  it('is dragged only in sort order without a search', () => {
    expect(canDragTypes('', 'default')).toBe(true);
    expect(canDragTypes('x', 'default')).toBe(false);
    expect(canDragTypes('', 'a_to_z')).toBe(false);
  });
});

describe('importing a type', () => {
  it('reads an export and sends it with importArgs', () => {
    const document = parseImportDocument(JSON.stringify({ name: 'hose_test', label: 'Hose Test', fields: [] }));
    expect(importBody(document, 'update', false)).toMatchObject({ name: 'hose_test', importArgs: { mode: 'update' } });
    expect(importBody(document, 'new', true).importArgs).toEqual({ mode: 'new', skipTypeChecks: true });
  });
  it('refuses what is not an export', () => {
    expect(() => parseImportDocument('not json')).toThrow('The file is not JSON.');
    expect(() => parseImportDocument('{"fields": []}')).toThrow(/not an entity type export/);
  });
  it('recognises a missing linked type and lists the field problems', () => {
    const message = "Entity type 'apparatus' not found (Import type 'apparatus' first.)";
    const errors = {
      'fields.3.field_data.params.sourceName': [message],
      'fields.4.field_data.page': ['The page must be between 1 and 2.'],
    };
    expect(missingTypeOf(message, errors)).toBe('apparatus');
    expect(missingTypeOf('The given data was invalid.', { x: ['nope'] })).toBeNull();
    expect(importFailureLines(message, errors)).toEqual([`An error occurred: ${message}`, 'The page must be between 1 and 2.']);
  });
});
