import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type ActivityFeedItem,
  canSeeField,
  type Dashboard,
  type DashboardBody,
  type EntityType,
  GLOBAL_ADMIN_ROLE,
  WIDGET_GROUP_LABELS,
  WIDGET_RENDER_LABELS,
  type Widget,
  type WidgetBody,
  type WidgetData,
} from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import { type AuthContext, actingTenant, dbContext, isTenantAdmin } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { unsafeWithoutTenant, withContext } from '../../platform/db/tenancy.ts';
import { AppError, forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import { overListed } from '../entities/service.ts';
import { calculate } from './calculate.ts';
import { toWidget, widgetRepository } from './repository.ts';

/** Widgets, dashboards, the activity feed and its kiosk (spec 02 §2, §3, §7; docs/decisions/0024-widgets.md). */
export const WIDGET_MESSAGES = {
  typeGone: "This widget's entity type no longer exists or you may not view it.",
  fieldGone: (property: string) => `This widget's field '${property}' no longer exists.`,
  hiddenField: 'This widget uses a field you cannot see.',
  noType: 'The entity type field must name an entity type you can view.',
  notAField: (title: string, typeLabel: string) => `The ${title} must be a field of ${typeLabel}.`,
  notNumber: (title: string) => `The ${title} must be a number field: it cannot be aggregated.`,
  notDateTime: (title: string) => `The ${title} must be a date and time field.`,
  notDate: (title: string) => `The ${title} must be a date field, created_at or updated_at.`,
  required: (title: string) => `The ${title} field is required.`,
  misfit: (fn: string, render: string) => `The ${fn} group function does not fit the ${render} render type.`,
  noDashboard: 'A dashboard must be one of this department’s dashboards.',
  notFeed: 'Only an activity feed widget has a kiosk.',
  kioskRevoked: 'This kiosk link is not valid any more. Ask a department admin for a new one.',
} as const;

const NUMBER_TYPES = new Set([
  'number-entry',
  'number-slider',
  'number-counter',
  'star-rating',
  'year-entry',
  'formula-result',
  'formula-result-rollup',
]);
const DATE_TYPES = new Set(['date-picker', 'date-time-picker']);

/** The group functions each render type can draw. */
const FITS: Record<Widget['render_type'], Widget['group_function'][]> = {
  chart: ['count', 'percentage', 'x_of_y', 'maximum', 'piechart', 'gauge', 'single-entity', 'response_time'],
  progress_bar: ['percentage', 'x_of_y', 'gauge'],
  multi_line: ['multi_line'],
  response_time: ['response_time'],
  activity_feed: ['count'],
};

/** The fields a widget reads, with the title its errors use. */
function fieldsOf(body: WidgetBody): [key: keyof WidgetBody, title: string, property: string][] {
  const named: [keyof WidgetBody, string, string | null | undefined][] = [
    ['value_field', 'value field', body.value_field],
    ['start_field', 'start field', body.start_field],
    ['end_field', 'end field', body.end_field],
    ['series_field', 'series field', body.series_field],
    ['link_field', 'link field', body.link_field],
    ['date_field', 'date field', body.date_field],
  ];
  return named.filter(
    (n): n is [keyof WidgetBody, string, string] => !!n[2] && !(n[0] === 'date_field' && ['created_at', 'updated_at'].includes(n[2])),
  );
}

/** The 422 errors of a widget over `type` (null: the type is missing or not viewable). */
export function widgetErrors(body: WidgetBody, type: EntityType | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!FITS[body.render_type].includes(body.group_function))
    errors.group_function = [WIDGET_MESSAGES.misfit(WIDGET_GROUP_LABELS[body.group_function], WIDGET_RENDER_LABELS[body.render_type])];
  if (!type) {
    errors.entity_type_target = [WIDGET_MESSAGES.noType];
    return errors;
  }
  const fields = new Map(type.fields.map((f) => [f.field_data.property, f.field_data]));
  const need = (key: keyof WidgetBody, title: string) => {
    if (!body[key]) errors[key] = [WIDGET_MESSAGES.required(title)];
  };
  const fn = body.group_function;
  if (fn === 'maximum' || fn === 'single-entity' || fn === 'piechart') need('value_field', 'value field');
  if (fn === 'response_time') {
    need('start_field', 'start field');
    need('end_field', 'end field');
  }
  if (fn === 'multi_line') need('series_field', 'series field');
  for (const [key, title, property] of fieldsOf(body)) {
    const field = fields.get(property);
    if (!field) {
      errors[key] = [WIDGET_MESSAGES.notAField(title, type.label)];
      continue;
    }
    if (key === 'value_field' && fn !== 'piechart' && !NUMBER_TYPES.has(field.type)) errors[key] = [WIDGET_MESSAGES.notNumber(title)];
    if ((key === 'start_field' || key === 'end_field') && field.type !== 'date-time-picker')
      errors[key] = [WIDGET_MESSAGES.notDateTime(title)];
    if (key === 'date_field' && !DATE_TYPES.has(field.type)) errors[key] = [WIDGET_MESSAGES.notDate(title)];
  }
  for (const which of ['filters', 'true_filters'] as const) {
    for (const property of Object.keys(body[which].custom)) {
      const field = fields.get(property);
      if (!field) errors[`${which}.custom.${property}`] = [WIDGET_MESSAGES.notAField('filter', type.label)];
    }
  }
  if (
    (fn === 'percentage' || fn === 'gauge' || fn === 'x_of_y') &&
    Object.keys(body.true_filters.custom).length === 0 &&
    !body.true_filters.place
  )
    errors.true_filters = [WIDGET_MESSAGES.required('true filters')];
  return errors;
}

function authorizeAdmin(auth: AuthContext): string {
  const tenantId = actingTenant(auth);
  if (!isTenantAdmin(auth)) throw forbidden();
  return tenantId;
}

/** The type by name if the caller may list its records, else null. */
async function viewableType(db: Kysely<DB>, auth: AuthContext, name: string): Promise<EntityType | null> {
  try {
    return await overListed(db, auth, name, { custom: {} }, async (_q, ctx) => ctx.type);
  } catch (error) {
    if (error instanceof AppError && [403, 404, 422].includes(error.statusCode)) return null;
    throw error;
  }
}

async function checkWidget(db: Kysely<DB>, auth: AuthContext, tenantId: string, body: WidgetBody): Promise<void> {
  const type = await viewableType(db, auth, body.entity_type_target);
  const errors = widgetErrors(body, type);
  for (const [i, name] of body.activity_types.entries()) {
    if (!(await viewableType(db, auth, name))) errors[`activity_types.${i}`] = [WIDGET_MESSAGES.noType];
  }
  const known = await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).existingDashboards(body.dashboards));
  if (body.dashboards.some((id) => !known.has(id))) errors.dashboards = [WIDGET_MESSAGES.noDashboard];
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

export async function listWidgets(db: Kysely<DB>, auth: AuthContext, position?: string): Promise<Widget[]> {
  const tenantId = actingTenant(auth);
  const rows = await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).list(position));
  return rows.map(toWidget);
}

export async function showWidget(db: Kysely<DB>, auth: AuthContext, id: string): Promise<Widget> {
  const tenantId = actingTenant(auth);
  const row = await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).find(id));
  if (!row) throw notFound();
  return toWidget(row);
}

export async function createWidget(db: Kysely<DB>, auth: AuthContext, body: WidgetBody): Promise<Widget> {
  const tenantId = authorizeAdmin(auth);
  await checkWidget(db, auth, tenantId, body);
  return toWidget(await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).create(body)));
}

export async function updateWidget(db: Kysely<DB>, auth: AuthContext, id: string, body: WidgetBody): Promise<Widget> {
  const tenantId = authorizeAdmin(auth);
  await showWidget(db, auth, id);
  await checkWidget(db, auth, tenantId, body);
  const row = await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).update(id, body));
  if (!row) throw notFound();
  return toWidget(row);
}

export async function deleteWidget(db: Kysely<DB>, auth: AuthContext, id: string): Promise<void> {
  const tenantId = authorizeAdmin(auth);
  if (!(await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).remove(id)))) throw notFound();
}

export async function listDashboards(db: Kysely<DB>, auth: AuthContext): Promise<Dashboard[]> {
  const tenantId = actingTenant(auth);
  return withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).dashboards());
}

export async function createDashboard(db: Kysely<DB>, auth: AuthContext, body: DashboardBody): Promise<Dashboard> {
  const tenantId = authorizeAdmin(auth);
  return withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).createDashboard(body));
}

export async function updateDashboard(db: Kysely<DB>, auth: AuthContext, id: string, body: DashboardBody): Promise<Dashboard> {
  const tenantId = authorizeAdmin(auth);
  const found = await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).updateDashboard(id, body));
  if (!found) throw notFound();
  return found;
}

export async function deleteDashboard(db: Kysely<DB>, auth: AuthContext, id: string): Promise<void> {
  const tenantId = authorizeAdmin(auth);
  if (!(await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).removeDashboard(id)))) throw notFound();
}

/** Computed figures, kept per widget, entity and viewer until the target type's records change. */
const cache = new Map<string, { stamp: string; data: WidgetData }>();
// WIDGET_CACHE_ENTRIES=0 turns the cache off (the bench measures the computation itself).
const CACHE_ENTRIES = Number(process.env.WIDGET_CACHE_ENTRIES ?? 2_000);

const message = (text: string): WidgetData => ({
  loaded: true,
  true: null,
  total: 0,
  value: null,
  values: [],
  unit: 'count',
  message: text,
});

/** The filters of a widget's own records (and, for /widget/{id}/entity/{entityId}, those linked to the record). */
function baseFilters(w: Widget, entityId?: string) {
  const custom = { ...w.filters.custom };
  if (entityId && w.link_field) custom[w.link_field] = entityId;
  return { custom, place: w.filters.place ?? undefined };
}

/** GET /widget/{id} and /widget/{id}/entity/{entityId}: the widget's view data for the caller. */
export async function widgetData(
  db: Kysely<DB>,
  auth: AuthContext,
  id: string,
  entityId?: string,
  today = new Date(),
): Promise<WidgetData> {
  const w = await showWidget(db, auth, id);
  if (entityId && !/^[0-9a-f-]{36}$/i.test(entityId)) throw notFound();
  return computeWidget(db, auth, w, entityId, today, true);
}

/** POST /widgets/preview: what a widget being edited would show, checked as a save would be, saving nothing. */
export async function previewWidget(db: Kysely<DB>, auth: AuthContext, body: WidgetBody): Promise<WidgetData> {
  const tenantId = authorizeAdmin(auth);
  await checkWidget(db, auth, tenantId, body);
  const now = new Date().toISOString();
  const w: Widget = { ...body, id: randomUUID(), tenant_id: tenantId, kiosk_enabled: false, created_at: now, updated_at: now };
  return computeWidget(db, auth, w, undefined, new Date(), false);
}

async function computeWidget(
  db: Kysely<DB>,
  auth: AuthContext,
  w: Widget,
  entityId: string | undefined,
  today: Date,
  cacheable: boolean,
): Promise<WidgetData> {
  if (w.render_type === 'activity_feed') return message('');
  const caching = cacheable && CACHE_ENTRIES > 0;
  try {
    // One list scope (tenant, type, view permission); the widget's fields are checked against
    // the type it read before its filters are applied.
    return await overListed(db, auth, w.entity_type_target, { custom: {} }, async (listed, ctx) => {
      const fields = new Map(ctx.type.fields.map((f) => [f.field_data.property, f.field_data]));
      const used = [...fieldsOf(w).map(([, , p]) => p), ...Object.keys(w.filters.custom), ...Object.keys(w.true_filters.custom)];
      for (const property of used) {
        const field = fields.get(property);
        if (!field) return message(WIDGET_MESSAGES.fieldGone(property));
        if (!canSeeField(field.permissions, { role: auth.actingRole, isGlobalAdmin: auth.isGlobalAdmin }))
          return message(WIDGET_MESSAGES.hiddenField);
      }
      const query = listed.where(ctx.where(baseFilters(w, entityId)));
      const day = today.toISOString().slice(0, 10);
      if (!caching) return calculate(query, { ...ctx, today: day }, w);
      // The stamp of the type's records: any save, delete or restore changes it (an index-only read).
      const stampRow = await ctx.tx
        .selectFrom('entity')
        .select([sql<string>`coalesce(max(updated_at)::text, '')`.as('latest'), sql<number>`count(*)`.as('n')])
        .where('tenant_id', '=', actingTenant(auth))
        .where('entity_type_id', '=', ctx.type.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      const key = [actingTenant(auth), w.id, entityId ?? '', auth.userId, auth.actingRole ?? ''].join(':');
      const stamp = [w.updated_at, stampRow.latest, stampRow.n, day].join('|');
      const hit = cache.get(key);
      if (hit && hit.stamp === stamp) return hit.data;
      const data = await calculate(query, { ...ctx, today: day }, w);
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, { stamp, data });
      return data;
    });
  } catch (error) {
    // No permission to view the type is refused; a type deleted since is a message on the tile.
    if (error instanceof AppError && error.statusCode === 404) return message(WIDGET_MESSAGES.typeGone);
    throw error;
  }
}

async function viewableTypeOrGone(db: Kysely<DB>, auth: AuthContext, name: string): Promise<EntityType | null> {
  try {
    return await overListed(db, auth, name, { custom: {} }, async (_q, ctx) => ctx.type);
  } catch (error) {
    // No permission to view the type is refused; a type deleted since is a message on the tile.
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** GET /widget/{id}/feed: the activity feed's records of today, newest first, 100 a page (spec 02 §2, §7). */
export async function activityFeed(
  db: Kysely<DB>,
  auth: AuthContext,
  id: string,
  page: number,
  now = new Date(),
): Promise<{ data: ActivityFeedItem[]; meta: { current_page: number; last_page: number } }> {
  const w = await showWidget(db, auth, id);
  const names = [...new Set(w.activity_types.length > 0 ? w.activity_types : [w.entity_type_target])].slice(0, 3);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const perPage = 100;
  const items: (ActivityFeedItem & { at: number })[] = [];
  let total = 0;
  for (const name of names) {
    const type = await viewableTypeOrGone(db, auth, name);
    if (!type || (type.object_data as { hide_from_activity_feed?: unknown }).hide_from_activity_feed === true) continue;
    await overListed(db, auth, name, { custom: {} }, async (query) => {
      const recent = query.where('updated_at', '>=', since);
      const counted = await recent.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      total += Number(counted.n);
      const rows = await recent
        .select(['id', 'display_name', 'place', 'updated_at', 'updated_by', 'tenant_id'])
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .limit(page * perPage)
        .execute();
      for (const r of rows)
        items.push({
          id: r.id,
          type: type.name,
          type_label: type.label,
          display_name: r.display_name,
          place: r.place,
          updated_at: r.updated_at.toISOString(),
          updated_by: r.updated_by,
          tenant: r.tenant_id,
          uri: `/entity/${type.name}/${r.id}`,
          at: r.updated_at.getTime(),
        });
    });
  }
  items.sort((a, b) => b.at - a.at || a.id.localeCompare(b.id));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const names2 = await namesOf(db, slice, auth.isGlobalAdmin);
  return {
    data: slice.map(({ at: _at, ...item }) => ({
      ...item,
      updated_by: item.updated_by ? (names2.users.get(item.updated_by) ?? null) : null,
      tenant: auth.isGlobalAdmin ? (item.tenant ? (names2.tenants.get(item.tenant) ?? 'Global') : 'Global') : null,
    })),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)) },
  };
}

/** Who changed each record and, for global admins, the tenants' names. */
async function namesOf(db: Kysely<DB>, items: ActivityFeedItem[], withTenants: boolean) {
  const userIds = [...new Set(items.map((i) => i.updated_by).filter((v): v is string => !!v))];
  const tenantIds = withTenants ? [...new Set(items.map((i) => i.tenant).filter((v): v is string => !!v))] : [];
  return unsafeWithoutTenant(db, async (plain) => ({
    users: new Map(
      userIds.length > 0
        ? (await plain.selectFrom('app_user').select(['id', 'display_name']).where('id', 'in', userIds).execute()).map((u) => [
            u.id,
            u.display_name,
          ])
        : [],
    ),
    tenants: new Map(
      tenantIds.length > 0
        ? (await plain.selectFrom('tenant').select(['id', 'display_name']).where('id', 'in', tenantIds).execute()).map((t) => [
            t.id,
            t.display_name,
          ])
        : [],
    ),
  }));
}

const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * POST /widgets/{id}/kiosk: a new kiosk key for an activity feed (the old one stops working).
 * The kiosk reads the feed as the admin who made the key, in the role they acted in then, for
 * as long as they hold that role in the tenant; DELETE turns the kiosk off.
 */
export async function issueKioskKey(db: Kysely<DB>, auth: AuthContext, id: string): Promise<{ key: string; path: string }> {
  const tenantId = authorizeAdmin(auth);
  const w = await showWidget(db, auth, id);
  if (w.render_type !== 'activity_feed') throw invalid({ render_type: [WIDGET_MESSAGES.notFeed] });
  const key = randomBytes(24).toString('base64url');
  await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).setKiosk(id, hashKey(key), auth.userId, auth.actingRole));
  return { key, path: `/activity_feed_kiosk/${id}?key=${key}` };
}

export async function revokeKioskKey(db: Kysely<DB>, auth: AuthContext, id: string): Promise<void> {
  const tenantId = authorizeAdmin(auth);
  if (!(await withContext(db, dbContext(auth), (tx) => widgetRepository(tx, tenantId).setKiosk(id, null, null, null)))) throw notFound();
}

/** The person a kiosk key reads as, or 401 when the key is wrong, revoked or its issuer lost the role. */
export async function kioskAuth(
  db: Kysely<DB>,
  id: string,
  key: string,
): Promise<{ auth: AuthContext; tenant: { name: string; color: string | null } }> {
  const revoked = new AppError(401, 'unauthenticated', WIDGET_MESSAGES.kioskRevoked);
  if (!/^[0-9a-f-]{36}$/i.test(id) || !key) throw revoked;
  return unsafeWithoutTenant(db, async (plain) => {
    const row = await plain
      .selectFrom('widget')
      .innerJoin('tenant', 'tenant.id', 'widget.tenant_id')
      .innerJoin('app_user', 'app_user.id', 'widget.kiosk_issued_by')
      .select([
        'widget.tenant_id',
        'widget.kiosk_key_hash',
        'widget.kiosk_issued_by',
        'widget.kiosk_role',
        'tenant.display_name as tenant_name',
        'tenant.color as tenant_color',
        'app_user.email',
        'app_user.display_name',
        'app_user.sign_in_enabled',
      ])
      .where('widget.id', '=', id)
      .executeTakeFirst();
    if (!row?.kiosk_key_hash || !row.kiosk_issued_by || !row.sign_in_enabled) throw revoked;
    const given = Buffer.from(hashKey(key), 'hex');
    const kept = Buffer.from(row.kiosk_key_hash, 'hex');
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) throw revoked;
    const roles = await plain
      .selectFrom('role_assignment')
      .select('role_key')
      .where('user_id', '=', row.kiosk_issued_by)
      .where((eb) => eb.or([eb('tenant_id', '=', row.tenant_id), eb('tenant_id', 'is', null)]))
      .execute();
    const keys = new Set(roles.map((r) => r.role_key));
    const isGlobalAdmin = roles.some((r) => r.role_key === GLOBAL_ADMIN_ROLE);
    if (!row.kiosk_role || !(keys.has(row.kiosk_role) || isGlobalAdmin)) throw revoked;
    return {
      auth: {
        userId: row.kiosk_issued_by,
        email: row.email,
        displayName: row.display_name,
        tenantId: row.tenant_id,
        actingRole: row.kiosk_role,
        isGlobal: false,
        isGlobalAdmin,
        tokenHash: Buffer.alloc(0),
        signedInAsBy: null,
      },
      tenant: { name: row.tenant_name, color: row.tenant_color },
    };
  });
}

/** from_widget={id} on a list (spec 02 §2): the widget's own filters, so the list shows exactly the records it counts. */
export async function widgetListFilters(
  db: Kysely<DB>,
  auth: AuthContext,
  id: string,
  typeName: string,
): Promise<{ custom: Record<string, string>; place?: string | undefined }> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw invalid({ from_widget: ['The widget must be a widget id.'] });
  const w = await showWidget(db, auth, id);
  if (w.entity_type_target !== typeName) throw invalid({ from_widget: ['The widget counts records of another entity type.'] });
  return baseFilters(w);
}
