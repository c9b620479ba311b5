import type { Dashboard, DashboardBody, Widget, WidgetBody } from '@turnout/shared';
import type { Selectable } from 'kysely';
import type { WidgetTable } from '../../platform/db/schema.ts';
import type { Tx } from '../../platform/db/tenancy.ts';

export type WidgetRow = Selectable<WidgetTable>;

/** What a widget keeps in `settings` (everything of the body but its columns). */
const SETTINGS_KEYS = [
  'activity_types',
  'calendar_filters',
  'filters',
  'true_filters',
  'value_field',
  'start_field',
  'end_field',
  'date_field',
  'series_field',
  'link_field',
  'picture',
] as const;

export function toWidget(row: WidgetRow): Widget {
  const s = row.settings as Partial<WidgetBody>;
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    name: row.name,
    color: row.color as Widget['color'],
    render_type: row.render_type as Widget['render_type'],
    group_function: row.group_function as Widget['group_function'],
    position: row.position as Widget['position'],
    entity_type_target: row.entity_type_target,
    dashboards: row.dashboards,
    sort_order: row.sort_order,
    activity_types: s.activity_types ?? [],
    calendar_filters: s.calendar_filters ?? [],
    filters: s.filters ?? { custom: {} },
    true_filters: s.true_filters ?? { custom: {} },
    value_field: s.value_field ?? null,
    start_field: s.start_field ?? null,
    end_field: s.end_field ?? null,
    date_field: s.date_field ?? null,
    series_field: s.series_field ?? null,
    link_field: s.link_field ?? null,
    picture: s.picture ?? null,
    kiosk_enabled: row.kiosk_key_hash !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const columnsOf = (body: WidgetBody) => ({
  name: body.name,
  color: body.color,
  render_type: body.render_type,
  group_function: body.group_function,
  position: body.position,
  entity_type_target: body.entity_type_target,
  dashboards: body.dashboards,
  sort_order: body.sort_order,
  settings: JSON.stringify(Object.fromEntries(SETTINGS_KEYS.map((k) => [k, body[k] ?? null]))),
});

/** SQL for widgets and dashboards, on a transaction that carries the tenant (RLS applies). */
export function widgetRepository(tx: Tx, tenantId: string) {
  return {
    async list(position?: string): Promise<WidgetRow[]> {
      let q = tx.selectFrom('widget').selectAll().where('tenant_id', '=', tenantId);
      if (position) q = q.where('position', '=', position);
      return q.orderBy('sort_order').orderBy('name').orderBy('id').limit(120).execute();
    },
    find(id: string): Promise<WidgetRow | undefined> {
      return tx.selectFrom('widget').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    },
    create(body: WidgetBody): Promise<WidgetRow> {
      return tx
        .insertInto('widget')
        .values({ tenant_id: tenantId, ...columnsOf(body) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    update(id: string, body: WidgetBody): Promise<WidgetRow | undefined> {
      return tx
        .updateTable('widget')
        .set({ ...columnsOf(body), updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    async remove(id: string): Promise<boolean> {
      const r = await tx.deleteFrom('widget').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async setKiosk(id: string, keyHash: string | null, issuedBy: string | null, role: string | null): Promise<boolean> {
      const r = await tx
        .updateTable('widget')
        .set({ kiosk_key_hash: keyHash, kiosk_issued_by: issuedBy, kiosk_role: role })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async dashboards(): Promise<Dashboard[]> {
      return tx
        .selectFrom('dashboard')
        .select(['id', 'tenant_id', 'name', 'sort_order'])
        .where('tenant_id', '=', tenantId)
        .orderBy('sort_order')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },
    async existingDashboards(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await tx.selectFrom('dashboard').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
    createDashboard(body: DashboardBody): Promise<Dashboard> {
      return tx
        .insertInto('dashboard')
        .values({ tenant_id: tenantId, name: body.name, sort_order: body.sort_order })
        .returning(['id', 'tenant_id', 'name', 'sort_order'])
        .executeTakeFirstOrThrow();
    },
    updateDashboard(id: string, body: DashboardBody): Promise<Dashboard | undefined> {
      return tx
        .updateTable('dashboard')
        .set({ name: body.name, sort_order: body.sort_order })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .returning(['id', 'tenant_id', 'name', 'sort_order'])
        .executeTakeFirst();
    },
    async removeDashboard(id: string): Promise<boolean> {
      const r = await tx.deleteFrom('dashboard').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
