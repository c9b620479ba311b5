import { randomUUID } from 'node:crypto';
import type { EntityType, EntityTypeField, EntityTypeLite } from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * SQL for entity types. Runs inside a transaction that carries the tenant (RLS lets it see
 * global types and its tenant's); every query still names the scope explicitly.
 */
export type Db = Kysely<DB>;

const LITE_COLUMNS = [
  'id',
  'name',
  'label',
  'tenant_id',
  'sort_order',
  'pages',
  'is_module',
  'is_core',
  'is_task',
  'is_global',
  'date_significant',
  'modified_at',
  'object_data',
] as const;

interface LiteRow {
  id: string;
  name: string;
  label: string;
  tenant_id: string | null;
  sort_order: number;
  pages: number;
  is_module: boolean;
  is_core: boolean;
  is_task: boolean;
  is_global: boolean;
  date_significant: boolean;
  modified_at: Date;
  object_data: Record<string, unknown>;
}

export function toLite(row: LiteRow): EntityTypeLite {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    tenant_id: row.tenant_id,
    sort_order: Number(row.sort_order),
    is_module: row.is_module,
    is_core: row.is_core,
    is_task: row.is_task,
    is_global: row.is_global,
    date_significant: row.date_significant,
    modified_at: row.modified_at.toISOString(),
    object_data: row.object_data ?? {},
  };
}

/** Types visible in a scope: the global ones, and the tenant's own when a tenant is given. */
export function listTypes(db: Db, tenantId: string | null) {
  return db
    .selectFrom('entity_type')
    .select(LITE_COLUMNS)
    .where('deleted_at', 'is', null)
    .where((eb) => (tenantId ? eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]) : eb('tenant_id', 'is', null)))
    .orderBy('sort_order')
    .orderBy('label')
    .execute() as Promise<LiteRow[]>;
}

export async function findType(db: Db, tenantId: string | null, where: { id?: string; name?: string }) {
  let query = db
    .selectFrom('entity_type')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) => (tenantId ? eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]) : eb('tenant_id', 'is', null)));
  if (where.id) query = query.where('id', '=', where.id);
  if (where.name) query = query.where(sql`lower(name)`, '=', where.name.toLowerCase());
  return query.executeTakeFirst();
}

/** The fields of a type as a tenant sees them: the type's own and that tenant's additions. */
export async function fieldsOf(db: Db, typeId: string, tenantId: string | null): Promise<EntityTypeField[]> {
  const rows = await db
    .selectFrom('entity_type_field')
    .select(['id', 'offline_id', 'tenant_id', 'title', 'field_data', 'modified_at'])
    .where('entity_type_id', '=', typeId)
    .orderBy('seq')
    .where('deleted_at', 'is', null)
    .where((eb) => (tenantId ? eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]) : eb('tenant_id', 'is', null)))
    .execute();
  const fields = rows.map((r) => ({
    id: r.id,
    offline_id: r.offline_id ?? undefined,
    tenant_id: r.tenant_id,
    modified_at: r.modified_at.toISOString(),
    title: r.title,
    field_data: r.field_data as EntityTypeField['field_data'],
  }));
  return fields.sort(
    (a, b) => (a.field_data.page ?? 1) - (b.field_data.page ?? 1) || (a.field_data.sort_order ?? 999) - (b.field_data.sort_order ?? 999),
  );
}

export async function fullType(
  db: Db,
  row: NonNullable<Awaited<ReturnType<typeof findType>>>,
  tenantId: string | null,
): Promise<EntityType> {
  return {
    ...toLite(row as LiteRow),
    pages: row.pages,
    fields: await fieldsOf(db, row.id, tenantId),
    actions: row.actions as EntityType['actions'],
    alarms: row.alarms as EntityType['alarms'],
    reports: row.reports as EntityType['reports'],
    allowed_transitions: row.allowed_transitions as EntityType['allowed_transitions'],
  };
}

export async function nextSortOrder(db: Db, tenantId: string | null): Promise<number> {
  const row = await db
    .selectFrom('entity_type')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where((eb) => (tenantId ? eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]) : eb('tenant_id', 'is', null)))
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 1 : Number(row.max) + 1000;
}

export function insertField(db: Db, typeId: string, tenantId: string | null, field: EntityTypeField) {
  return db
    .insertInto('entity_type_field')
    .values({
      entity_type_id: typeId,
      tenant_id: tenantId,
      // Every field gets a stable offline_id, so exports and imports can match fields.
      offline_id: field.offline_id ?? randomUUID(),
      property: field.field_data.property,
      title: field.field_data.title ?? field.title ?? '',
      field_data: JSON.stringify(field.field_data),
    })
    .execute();
}
