import { describe, expect, it } from 'vitest';
import { collectionAllowsEditing, isCollection, mayUpdateRecordsOf } from './collections.ts';
import type { GrantingAction } from './model.ts';

const type = (is_module: boolean, is_task: boolean) => ({ name: 'incident_report', is_module, is_task });
const granting =
  (...grants: string[]) =>
  (key: string, action: GrantingAction) =>
    grants.includes(`${action} ${key}`);

describe('collections (spec 02 §6)', () => {
  it('a collection is a type that is neither a module nor a task type', () => {
    expect(isCollection(type(false, false))).toBe(true);
    expect(isCollection(type(true, false))).toBe(false);
    expect(isCollection(type(false, true))).toBe(false);
  });

  it('update on collections gates editing records of collections only', () => {
    const withoutCollections = granting('update incident_report');
    expect(collectionAllowsEditing(withoutCollections, type(false, false))).toBe(false);
    expect(collectionAllowsEditing(withoutCollections, type(true, false))).toBe(true);
    expect(collectionAllowsEditing(withoutCollections, type(false, true))).toBe(true);
    expect(collectionAllowsEditing(granting('update update_collections'), type(false, false))).toBe(true);
  });

  it('editing needs update on the type and, for a collection, update on collections', () => {
    expect(mayUpdateRecordsOf(granting('update incident_report', 'update update_collections'), type(false, false))).toBe(true);
    expect(mayUpdateRecordsOf(granting('update incident_report'), type(false, false))).toBe(false);
    expect(mayUpdateRecordsOf(granting('update update_collections'), type(false, false))).toBe(false);
    expect(mayUpdateRecordsOf(granting('update incident_report'), type(true, false))).toBe(true);
    expect(mayUpdateRecordsOf(granting('update incident_report'), type(false, true))).toBe(true);
    expect(mayUpdateRecordsOf(granting('view incident_report', 'update update_collections'), type(true, false))).toBe(false);
  });
});
