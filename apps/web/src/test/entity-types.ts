import type { EntityTypeLite } from '@turnout/shared';

/** An entity type as GET /entity-type/lite lists it, for unit tests; `patch` names what the test is about. */
export function liteType(patch: Partial<EntityTypeLite> & Pick<EntityTypeLite, 'id' | 'name' | 'label'>): EntityTypeLite {
  return {
    tenant_id: null,
    sort_order: 1,
    is_module: false,
    is_core: false,
    is_task: false,
    is_global: false,
    date_significant: false,
    modified_at: '2026-11-01T00:00:00.000Z',
    object_data: {},
    ...patch,
  };
}
