import { Readable } from 'node:stream';
import {
  CALENDAR_MESSAGES,
  canSeeField,
  type EntityType,
  type EntityTypeLite,
  makePageMeta,
  PAGE_SIZE,
  type PageMeta,
  RECURRING_EVENT_EXCLUDED_TYPES,
  type RecurringEvent,
  type RecurringEventBody,
  SCHEDULE_DAYS,
  type ScheduleItem,
} from '@turnout/shared';
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import { cachedRead } from '../../platform/read-cache.ts';
import { showRecord } from '../entities/service.ts';
import { answersShownTo } from '../entity-types/answers.ts';
import { listTypes, toLite } from '../entity-types/repository.ts';
import { getEntityType, typeForRecords } from '../entity-types/service.ts';
import { guardFor, type PermissionGuard } from '../permissions/service.ts';
import { showTenant } from '../tenants/service.ts';
import { checkPrefills } from './prefills.ts';
import { checkRecurrence, occurrencesBetween, type Recurrence } from './recurrence.ts';
import { type DatedRow, type DatedType, type DefinitionRow, datedRecords, definitionRepository, scheduledRecords } from './repository.ts';

/**
 * The calendar (spec 02 §2, §7): dated records of the types shown on the calendar, plus the
 * virtual occurrences of recurring event definitions, for a range. Every call checks the
 * tenant and view on each type; a type the caller may not view contributes nothing. The
 * dashboards call `calendarItems` for the mini calendar and agenda.
 */

/** Records of one type in one call, earliest first (a month holds far fewer in practice). */
export const RECORDS_PER_TYPE = 5000;
const isUuid = (v: string) => /^[0-9a-f-]{36}$/i.test(v);
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i;

/** visible_on_calendar: the calendar filters a type is listed under (none: not on the calendar). */
export function calendarFiltersOf(type: Pick<EntityTypeLite, 'object_data'>): string[] {
  const list = type.object_data.visible_on_calendar;
  if (!Array.isArray(list)) return [];
  return list.map((f) => (typeof f === 'string' ? f : typeof f === 'object' && f && 'label' in f ? String(f.label) : '')).filter(Boolean);
}

/**
 * The tenant's types (its own and global ones), through the short-lived read cache that entity
 * type writes forget (platform/read-cache.ts): every calendar call starts here, and the list
 * is the same for everyone in the tenant until a type changes.
 */
function tenantTypes(db: Kysely<DB>, auth: AuthContext, tenantId: string): Promise<EntityTypeLite[]> {
  return cachedRead(db, `calendar-types:${tenantId}`, async () =>
    (await withContext(db, dbContext(auth), (tx) => listTypes(tx, tenantId))).map(toLite),
  );
}

/** The types on the caller's calendar: listed on it, in the tenant's scope, and viewable. */
async function calendarTypes(db: Kysely<DB>, auth: AuthContext, guard: PermissionGuard, tenantId: string): Promise<EntityTypeLite[]> {
  return (await tenantTypes(db, auth, tenantId)).filter((t) => calendarFiltersOf(t).length > 0 && guard.can(t.name, 'view'));
}

/** The types the caller may view in the tenant, by id (definitions of others are left out). */
async function viewableTypes(db: Kysely<DB>, auth: AuthContext, guard: PermissionGuard, tenantId: string) {
  return new Map((await tenantTypes(db, auth, tenantId)).filter((t) => guard.can(t.name, 'view')).map((t) => [t.id, t]));
}

const fieldOf = (type: EntityType, property: unknown) =>
  typeof property === 'string' ? type.fields.find((f) => f.field_data.property === property)?.field_data : undefined;

function presentDefinition(row: DefinitionRow, type: EntityTypeLite): RecurringEvent {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    entity_type_id: row.entity_type_id,
    entityType: type.name,
    title: row.title,
    mode: row.mode,
    event_key: row.event_key as RecurringEvent['event_key'],
    platoon: (row.platoon ?? undefined) as RecurringEvent['platoon'],
    origin_day: row.origin_day,
    ends_on: row.ends_on,
    start_time: row.start_time,
    duration_minutes: row.duration_minutes,
    all_day: row.all_day,
    time_zone: row.time_zone,
    custom_key: row.custom_key,
    custom_key_n: row.custom_key_n,
    on_day_of_period: row.on_day_of_period,
    on_week_of_period: row.on_week_of_period,
    prefills: row.prefills as RecurringEvent['prefills'],
    active_at: row.active_at.toISOString(),
    virtual_event_created_date: row.virtual_event_created_date?.toISOString() ?? null,
  };
}

export function recurrenceOf(row: DefinitionRow): Recurrence {
  const { recurrence } = checkRecurrence({ ...row, platoon: row.platoon ?? undefined } as unknown as RecurringEventBody);
  if (!recurrence) throw new Error(`recurring event ${row.id} no longer passes its checks`);
  return recurrence;
}

/** The signature of one occurrence: which definition, and when it starts (UTC). */
export const signatureOf = (definitionId: string, start: DateTime) => `${definitionId}|${start.toUTC().toISO()}`;

/**
 * One calendar item as the answer writes it (spec 02 §2: id, entity, start, end, title, color,
 * all_day, filters, and a virtual one's fields: the contract's recordCalendarItem and
 * virtualCalendarItem), with the start and id the items sort by. The item
 * calls answer thousands of them (a month: ~8,000, 2.7 MiB), so each is written as JSON text
 * straight from its row, and a virtual item's text is kept with its definition's expansion:
 * JSON.stringify of the whole list cost more than the list's SQL (docs/performance.md).
 */
export interface WrittenItem {
  start: string;
  id: string;
  json: string;
}

const json = JSON.stringify;
const byStartThenId = (a: WrittenItem, b: WrittenItem) =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The answer of an item call: `{"data":[…]}` from the written items, in their order. */
export const itemsAnswer = (items: WrittenItem[]): string => `{"data":[${items.map((i) => i.json).join(',')}]}`;

/**
 * The same answer written batch by batch as the batches come (`calendarBatches`): the first
 * batch is awaited here, so an error before it (the records SQL failing) is still an error
 * answer; one after it ends the stream with that error.
 */
export async function itemsAnswerStream(batches: AsyncGenerator<WrittenItem[]>): Promise<Readable> {
  const first = await batches.next();
  async function* text() {
    let written = 0;
    const write = (batch: WrittenItem[]) => {
      if (batch.length === 0) return '';
      const part = (written === 0 ? '' : ',') + batch.map((i) => i.json).join(',');
      written += batch.length;
      return part;
    };
    yield Buffer.from(`{"data":[${first.done ? '' : write(first.value)}`);
    if (!first.done) for await (const batch of batches) if (batch.length > 0) yield Buffer.from(write(batch));
    yield Buffer.from(']}');
  }
  return Readable.from(text(), { objectMode: false });
}

/**
 * The calendar's items overlapping [from, to): dated records of the calendar's types (all of
 * them, or `entityTypeIds`) and the not-yet-made occurrences of their recurring events, by start
 * (`calendarBatches`, all of them).
 */
export async function calendarItems(
  db: Kysely<DB>,
  auth: AuthContext,
  range: { from: Date; to: Date },
  entityTypeIds?: string[],
): Promise<WrittenItem[]> {
  const items: WrittenItem[] = [];
  for await (const batch of await calendarBatches(db, auth, range, entityTypeIds)) for (const item of batch) items.push(item);
  return items;
}

/**
 * The calendar's items overlapping [from, to), in batches in the answer's order (start, then id),
 * each batch as soon as its records have arrived: the month call writes, compresses and sends
 * its answer while the records are still coming from the database
 * (docs/decisions/0038-calendar-streamed-answer.md). Every check (the tenant, view on each type,
 * the fields the role may see) is made before this returns, so a refusal is still an error answer.
 *
 * The records and the occurrences are read at once, on two connections: the records SQL is
 * most of the call, and the definitions, the 'made' look-up and the expansion fit in its wait.
 * All types' records are one query, in one order, in the tenant's transaction, which stays open
 * until the last row has arrived.
 */
export async function calendarBatches(
  db: Kysely<DB>,
  auth: AuthContext,
  range: { from: Date; to: Date },
  entityTypeIds?: string[],
): Promise<AsyncGenerator<WrittenItem[]>> {
  const tenantId = actingTenant(auth);
  const guard = await guardFor(db, auth);
  const types = (await calendarTypes(db, auth, guard, tenantId)).filter((t) => !entityTypeIds || entityTypeIds.includes(t.id));
  const placed = await placedTypes(db, auth, types);
  const virtual = virtualItems(db, auth, tenantId, new Map(types.map((t) => [t.id, t])), range);
  const records = recordBatches(db, auth, tenantId, placed, range);
  // Neither may reject unheard while the other is awaited: both are awaited in `merged`.
  virtual.catch(() => {});
  return merged(records, virtual);
}

/** Record items by start and id, with the virtual ones merged in (plain comparison: ISO strings sort by time). */
async function* merged(records: AsyncIterable<WrittenItem[]>, virtualItems: Promise<WrittenItem[]>): AsyncGenerator<WrittenItem[]> {
  let virtual: WrittenItem[] | undefined;
  let next = 0;
  for await (const batch of records) {
    virtual ??= (await virtualItems).sort(byStartThenId);
    const out: WrittenItem[] = [];
    for (const item of batch) {
      while (next < virtual.length && byStartThenId(virtual[next]!, item) < 0) out.push(virtual[next++]!);
      out.push(item);
    }
    yield out;
  }
  virtual ??= (await virtualItems).sort(byStartThenId);
  yield virtual.slice(next);
}

export interface Placed {
  type: EntityType;
  typeColor: string | null;
  fields: { start: string | null; end: string | null; color: string | null };
  typeJson: string;
  restJson: string;
}

/** How each type's records are placed and shown: the fields the role may see, and the item text that is the same for all. */
async function placedTypes(db: Kysely<DB>, auth: AuthContext, types: EntityTypeLite[]): Promise<Placed[]> {
  const viewer = { role: auth.actingRole, isGlobalAdmin: auth.isGlobalAdmin };
  return (await Promise.all(types.map((lite) => typeForRecords(db, auth, lite.name)))).map((type) => placementOf(type, viewer));
}

/** How a type's records are placed and shown to `viewer` (the bench builds the month's records query with it too). */
export function placementOf(type: EntityType, viewer: { role: string | null; isGlobalAdmin: boolean }): Placed {
  const od = type.object_data;
  // A date field the role may not see does not place the record: it falls back to its creation.
  const visible = (property: unknown) => {
    const field = fieldOf(type, property);
    return field && canSeeField(field.permissions, viewer) ? field : undefined;
  };
  const startField = visible(od.start_datetime_field);
  const endField = startField ? visible(od.end_datetime_field) : undefined;
  const colorField = visible(od.calendar_color_field);
  const allDay = od.all_day_entity === true || startField?.type === 'date-picker';
  return {
    type,
    typeColor: typeof od.calendar_color === 'string' && COLOR.test(od.calendar_color) ? od.calendar_color : null,
    fields: { start: startField?.property ?? null, end: endField?.property ?? null, color: colorField?.property ?? null },
    // The parts of the item's text that are the same for every record of the type.
    // A record item has no virtual_event_* fields, and its entity is the record's id and type
    // name (the contract's recordCalendarItem): ~140 of its ~430 bytes were those nulls and
    // the type's id, which nothing reads (docs/performance.md).
    typeJson: `,"type":${json(type.name)}},"start":`,
    restJson: `,"all_day":${allDay},"virtual":false,"filters":${json(calendarFiltersOf(type))}}`,
  };
}

/** The records query's types (repository `datedRecords`) for the placed ones. */
export const datedTypesOf = (placed: Placed[]): DatedType[] =>
  placed.map((p) => ({
    typeId: p.type.id,
    fields: p.fields,
    written: { typeJson: p.typeJson, restJson: p.restJson, typeColor: p.typeColor },
  }));

/** Rows of the records query handed on at a time: ~100 KiB of items, so writing and compressing start early. */
export const RECORD_BATCH = 256;

/**
 * The dated records of the placed types overlapping the range, as calendar items in batches as
 * the rows arrive (PGlite reads them all first), in one order by start and id.
 */
function recordBatches(
  db: Kysely<DB>,
  auth: AuthContext,
  tenantId: string,
  placed: Placed[],
  range: { from: Date; to: Date },
): AsyncIterable<WrittenItem[]> {
  const queue = batchQueue<WrittenItem[]>();
  if (placed.length === 0) {
    queue.end();
    return queue;
  }
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  withContext(db, dbContext(auth), async (tx) => {
    const query = datedRecords(tx, tenantId, datedTypesOf(placed), from, to, RECORDS_PER_TYPE).compile();
    for await (const { rows } of tx.getExecutor().stream(query, RECORD_BATCH)) {
      // PostgreSQL wrote each item's text (datedRecords); the start and id are for the merge.
      queue.push(rows as DatedRow[]);
    }
  }).then(
    () => queue.end(),
    (error: Error) => queue.end(error),
  );
  return queue;
}

/**
 * Batches handed from the records' transaction to the answer as they come: an async iterable
 * that ends (or throws the transaction's error) after the last. The rows arrive whatever the
 * reader's pace, so nothing is held back.
 */
function batchQueue<T>(): AsyncIterable<T> & { push(item: T): void; end(error?: Error): void } {
  const items: T[] = [];
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push(item) {
      items.push(item);
      signal();
    },
    end(error) {
      ended = true;
      failure = error;
      signal();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (items.length > 0) yield items.shift()!;
        else if (failure) throw failure;
        else if (ended) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

/**
 * Expanded occurrences by definition and range (UTC ISO start and end), so the month call does
 * not run rrule and Luxon for every definition on every request (docs/performance.md). The key
 * holds everything the expansion depends on, so a changed definition misses and its old entries
 * age out; the oldest entries go first beyond the limit.
 */
const EXPANSIONS_KEPT = 20_000;
const expansions = new Map<string, { start: string; end: string }[]>();

export function expandedBetween(definition: DefinitionRow, range: { from: Date; to: Date }): { start: string; end: string }[] {
  const expand = () =>
    occurrencesBetween(recurrenceOf(definition), range.from, range.to).map((o) => ({
      start: o.start.toUTC().toISO()!,
      end: o.end.toUTC().toISO()!,
    }));
  const key = cacheableKey(definition, range);
  if (!key) return expand();
  const known = expansions.get(key);
  if (known) return known;
  const expanded = expand();
  if (expansions.size >= EXPANSIONS_KEPT) expansions.delete(expansions.keys().next().value!);
  expansions.set(key, expanded);
  return expanded;
}

/**
 * The cache key of a definition's occurrences in a range, built from the stored columns the
 * expansion reads, so a hit runs no Luxon at all (checking the recurrence again cost ~1% of a
 * month call's CPU for 200 definitions). None for ranges that are not whole UTC days (the
 * month call's are; 'upcoming' starts at each call's now).
 */
function cacheableKey(d: DefinitionRow, range: { from: Date; to: Date }): string | null {
  if (range.from.getTime() % 86_400_000 !== 0 || range.to.getTime() % 86_400_000 !== 0) return null;
  return `${d.id}|${range.from.toISOString()}|${range.to.toISOString()}|${d.event_key}|${d.platoon}|${d.origin_day}|${d.ends_on}|${d.start_time}|${d.duration_minutes}|${d.all_day}|${d.time_zone}|${d.custom_key}|${d.custom_key_n}|${JSON.stringify(d.on_day_of_period)}|${d.on_week_of_period}`;
}

/**
 * A definition's virtual items in a range, written (signature → item), by the expansion's key
 * and everything else the items show: the title, the created date, and the type's colour,
 * all-day and filters. So a changed definition or type misses and its old entries age out; the
 * records made from occurrences are left out per call. At most WRITTEN_ITEMS_KEPT items are
 * kept (~0.5 KB each), the oldest entries going first.
 */
const WRITTEN_ITEMS_KEPT = 100_000;
const writtenVirtual = new Map<string, { signature: string; item: WrittenItem }[]>();
let writtenCount = 0;

function virtualItemsOf(
  definition: DefinitionRow,
  range: { from: Date; to: Date },
  shown: { color: string | null; allDay: boolean; filters: string[] },
) {
  const createdDate = definition.virtual_event_created_date?.toISOString() ?? null;
  const expansionKey = cacheableKey(definition, range);
  const key = expansionKey && `${expansionKey}|${definition.title}|${createdDate}|${shown.color}|${shown.allDay}|${json(shown.filters)}`;
  const known = key ? writtenVirtual.get(key) : undefined;
  if (known) return known;
  // The same for every occurrence: the title, colour, all-day, definition and filters.
  const rest = `,"title":${json(definition.title)},"color":${json(shown.color)},"all_day":${shown.allDay},"virtual":true,"virtual_event_id":${json(definition.id)}`;
  const tail = `,"virtual_event_created_date":${json(createdDate)},"filters":${json(shown.filters)}}`;
  const written = expandedBetween(definition, range).map((o) => {
    const signature = `${definition.id}|${o.start}`;
    const id = `virtual|${signature}`;
    return {
      signature,
      item: {
        start: o.start,
        id,
        json: `{"id":${json(id)},"entity":null,"start":${json(o.start)},"end":${json(o.end)}${rest},"virtual_event_signature":${json(signature)}${tail}`,
      },
    };
  });
  if (key) {
    while (writtenCount + written.length > WRITTEN_ITEMS_KEPT && writtenVirtual.size > 0) {
      const oldest = writtenVirtual.keys().next().value!;
      writtenCount -= writtenVirtual.get(oldest)!.length;
      writtenVirtual.delete(oldest);
    }
    writtenVirtual.set(key, written);
    writtenCount += written.length;
  }
  return written;
}

/** The occurrences of the definitions of `types` in the range that have no record yet. */
async function virtualItems(
  db: Kysely<DB>,
  auth: AuthContext,
  tenantId: string,
  types: Map<string, EntityTypeLite>,
  range: { from: Date; to: Date },
): Promise<WrittenItem[]> {
  if (types.size === 0) return [];
  const { definitions, made } = await withContext(db, dbContext(auth), async (tx) => {
    const repo = definitionRepository(tx, tenantId);
    const definitions = await repo.list([...types.keys()]);
    const made = await repo.madeBetween(
      definitions.map((d) => d.id),
      new Date(range.from.getTime() - 8 * 86_400_000),
      range.to,
    );
    return { definitions, made };
  });
  const items: WrittenItem[] = [];
  for (const definition of definitions) {
    const type = types.get(definition.entity_type_id)!;
    const od = type.object_data;
    const shown = {
      color: typeof od.calendar_color === 'string' && COLOR.test(od.calendar_color) ? od.calendar_color : null,
      allDay: definition.all_day || od.all_day_entity === true,
      filters: calendarFiltersOf(type),
    };
    for (const { signature, item } of virtualItemsOf(definition, range, shown)) if (!made.has(signature)) items.push(item);
  }
  return items;
}

/** GET /calendar/events-month/{month}.{year}: the month with a week either side (the grid's edges in any zone). */
export function monthRange(month: number, year: number): { from: Date; to: Date } {
  const first = DateTime.utc(year, month, 1);
  return { from: first.minus({ days: 7 }).toJSDate(), to: first.plus({ months: 1, days: 7 }).toJSDate() };
}

/** GET /calendar/events/upcoming-for/{ids}: the next 30 days of the given types, at most 100 items. */
export async function upcomingFor(db: Kysely<DB>, auth: AuthContext, ids: string[], now = new Date()): Promise<WrittenItem[]> {
  const to = new Date(now.getTime() + 30 * 86_400_000);
  const items = await calendarItems(db, auth, { from: now, to }, ids.filter(isUuid));
  return items.slice(0, 100);
}

/** GET /calendar/events/definitions: the tenant's recurring events whose type the caller may view. */
export async function listDefinitions(db: Kysely<DB>, auth: AuthContext): Promise<RecurringEvent[]> {
  const tenantId = actingTenant(auth);
  const types = await viewableTypes(db, auth, await guardFor(db, auth), tenantId);
  const rows = await withContext(db, dbContext(auth), (tx) => definitionRepository(tx, tenantId).list([...types.keys()]));
  return rows.map((row) => presentDefinition(row, types.get(row.entity_type_id)!));
}

/** A definition of the tenant whose type the caller may view; 404 otherwise (another tenant's too). */
export async function findDefinition(db: Kysely<DB>, auth: AuthContext, unverifiedId: string) {
  const tenantId = actingTenant(auth);
  const guard = await guardFor(db, auth);
  const types = await viewableTypes(db, auth, guard, tenantId);
  const row = isUuid(unverifiedId)
    ? await withContext(db, dbContext(auth), (tx) => definitionRepository(tx, tenantId).find(unverifiedId))
    : undefined;
  const type = row && types.get(row.entity_type_id);
  if (!row || !type) throw notFound();
  return { row, type, guard, tenantId, types };
}

export async function showDefinition(db: Kysely<DB>, auth: AuthContext, id: string): Promise<RecurringEvent> {
  const { row, type } = await findDefinition(db, auth, id);
  return presentDefinition(row, type);
}

/** The checks of a definition to save: 422 per field, nothing saved. */
async function checkedValues(db: Kysely<DB>, auth: AuthContext, guard: PermissionGuard, tenantId: string, body: RecurringEventBody) {
  const types = await viewableTypes(db, auth, guard, tenantId);
  const type = types.get(body.entity_type_id);
  const { errors, recurrence } = checkRecurrence(body);
  if (!type) errors.entity_type_id = ['The selected entity type is invalid.'];
  else if (RECURRING_EVENT_EXCLUDED_TYPES.includes(type.name) || !guard.can(type.name, 'create'))
    errors.entity_type_id = [CALENDAR_MESSAGES.typeNotAllowed];
  // The prefills are checked against the type as the saving person sees it in the definition's tenant.
  const prefills =
    type && !errors.entity_type_id
      ? checkPrefills(await typeForRecords(db, auth, type.name), body.prefills.prefillFields, {
          role: auth.actingRole,
          isGlobalAdmin: auth.isGlobalAdmin,
        })
      : { values: {}, errors: {} };
  Object.assign(errors, prefills.errors);
  // prefillEntity names a record the values came from: one of the source type the person may view.
  const prefillEntity = body.prefills.prefillEntity ?? null;
  if (prefillEntity && type && !errors.entity_type_id) {
    const found = await showRecord(db, auth, type.name, prefillEntity, false).then(
      () => true,
      () => false,
    );
    if (!found) errors['prefills.prefillEntity'] = [CALENDAR_MESSAGES.prefillEntityInvalid];
  }
  if (Object.keys(errors).length > 0 || !recurrence || !type) throw invalid(errors);
  return {
    type,
    values: {
      entity_type_id: type.id,
      title: body.title,
      mode: body.mode,
      event_key: recurrence.event_key,
      platoon: recurrence.platoon,
      origin_day: recurrence.origin_day,
      ends_on: recurrence.ends_on,
      start_time: body.start_time,
      duration_minutes: body.duration_minutes,
      all_day: body.all_day,
      time_zone: recurrence.time_zone,
      custom_key: recurrence.custom_key,
      custom_key_n: recurrence.custom_key_n,
      on_day_of_period: recurrence.on_day_of_period,
      on_week_of_period: recurrence.on_week_of_period,
      prefills: { prefillFields: prefills.values, prefillEntity },
    },
  };
}

/**
 * The tenant a new definition is for (spec 02 §6: 'a tenant selector also shows when creating a
 * recurring event'): the acting tenant, or for a global admin the tenant they pick, acted in as
 * a global admin. Anyone else naming another tenant is refused (403); an unknown tenant is 422.
 */
async function authForTenant(db: Kysely<DB>, auth: AuthContext, tenantId: string | null | undefined): Promise<AuthContext> {
  if (!tenantId || tenantId === auth.tenantId) {
    actingTenant(auth);
    return auth;
  }
  if (!auth.isGlobalAdmin) throw forbidden(CALENDAR_MESSAGES.otherTenant);
  const exists = await showTenant(db, auth, tenantId).then(
    () => true,
    () => false,
  );
  if (!exists) throw invalid({ tenant_id: [CALENDAR_MESSAGES.tenantInvalid] });
  return { ...auth, tenantId, isGlobal: false };
}

/**
 * GET /calendar/events/source-types[?tenant_id=]: the types a recurring event may be made from
 * in a tenant, as the save checks them (checkedValues): viewable and creatable there, and not
 * an excluded module (personnel, apparatus, tenant). The tenant is the acting one, or for a
 * global admin the one picked in the dialog (authForTenant: anyone else naming another tenant
 * is refused, 403; an unknown tenant is 422).
 */
export async function sourceTypes(db: Kysely<DB>, caller: AuthContext, tenantId?: string): Promise<EntityTypeLite[]> {
  const auth = await authForTenant(db, caller, tenantId);
  const guard = await guardFor(db, auth);
  const types = await viewableTypes(db, auth, guard, actingTenant(auth));
  return [...types.values()].filter((t) => !RECURRING_EVENT_EXCLUDED_TYPES.includes(t.name) && guard.can(t.name, 'create'));
}

/**
 * GET /calendar/events/source-types/{id}[?tenant_id=]: one of those types in full, for the
 * dialog's prefills (its fields), as GET /entity-type/{id} shows it but in the picked tenant;
 * 404 for a type that is not a source there.
 */
export async function sourceType(db: Kysely<DB>, caller: AuthContext, id: string, tenantId?: string): Promise<EntityType> {
  const auth = await authForTenant(db, caller, tenantId);
  if (!(await sourceTypes(db, auth)).some((t) => t.id === id)) throw notFound();
  return (await answersShownTo(db, auth))(await getEntityType(db, auth, id));
}

export async function createDefinition(db: Kysely<DB>, caller: AuthContext, body: RecurringEventBody): Promise<RecurringEvent> {
  const auth = await authForTenant(db, caller, body.tenant_id);
  const tenantId = actingTenant(auth);
  const guard = await guardFor(db, auth);
  const { type, values } = await checkedValues(db, auth, guard, tenantId, body);
  const row = await withContext(db, dbContext(auth), async (tx) => {
    const repo = definitionRepository(tx, tenantId);
    return repo.find(await repo.insert(values, { userId: auth.userId, role: auth.actingRole }));
  });
  return presentDefinition(row!, type);
}

/** PUT /calendar/events/{id}: in the definition's own tenant (a definition never moves to another). */
export async function updateDefinition(db: Kysely<DB>, caller: AuthContext, id: string, body: RecurringEventBody): Promise<RecurringEvent> {
  const auth = await authForTenant(db, caller, body.tenant_id);
  const found = await findDefinition(db, auth, id);
  const { type, values } = await checkedValues(db, auth, found.guard, found.tenantId, body);
  const row = await withContext(db, dbContext(auth), async (tx) => {
    const repo = definitionRepository(tx, found.tenantId);
    await repo.update(found.row.id, values);
    return repo.find(found.row.id);
  });
  return presentDefinition(row!, type);
}

/** DELETE /calendar/events/{id}: no future records are made from it; records already made stay. */
export async function deleteDefinition(db: Kysely<DB>, auth: AuthContext, id: string): Promise<void> {
  const { row, type, guard, tenantId } = await findDefinition(db, auth, id);
  guard.authorize(type.name, 'create');
  await withContext(db, dbContext(auth), (tx) => definitionRepository(tx, tenantId).softDelete(row.id));
}

/**
 * GET /calendar/shift-schedule/{type}: one page (192) of the records of a type overlapping
 * [from, to), for the schedule timeline of department_shifts (spec 01 §2.6), with their
 * assignee's name. The caller must view the type; a date field the role may not see places
 * nothing (the record falls back to its creation time, as on the calendar).
 */
export async function shiftSchedule(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  query: { from: string; to: string; page: number },
): Promise<{ data: ScheduleItem[]; meta: PageMeta }> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  // The widest zoom plus a day either side (shifts that straddle the window's edges).
  const widest = (SCHEDULE_DAYS.max + 2) * 86_400_000;
  if (to.getTime() <= from.getTime()) throw invalid({ to: [CALENDAR_MESSAGES.endBeforeStart] });
  if (to.getTime() - from.getTime() > widest) throw invalid({ to: [CALENDAR_MESSAGES.scheduleTooWide] });
  const tenantId = actingTenant(auth);
  const guard = await guardFor(db, auth);
  const type = await typeForRecords(db, auth, typeName);
  guard.authorize(type.name, 'view');
  const viewer = { role: auth.actingRole, isGlobalAdmin: auth.isGlobalAdmin };
  const visible = (property: unknown) => {
    const field = fieldOf(type, property);
    return field && canSeeField(field.permissions, viewer) ? field : undefined;
  };
  const od = type.object_data;
  const startField = visible(od.start_datetime_field);
  const endField = startField ? visible(od.end_datetime_field) : undefined;
  const colorField = visible(od.calendar_color_field);
  const typeColor = typeof od.calendar_color === 'string' && COLOR.test(od.calendar_color) ? od.calendar_color : null;
  const perPage = PAGE_SIZE.shiftSchedule;
  const { rows, total } = await withContext(db, dbContext(auth), (tx) =>
    scheduledRecords(
      tx,
      tenantId,
      type.id,
      { start: startField?.property ?? null, end: endField?.property ?? null, color: colorField?.property ?? null },
      { from: from.toISOString(), to: to.toISOString() },
      { limit: perPage, offset: (query.page - 1) * perPage },
    ),
  );
  const data = rows.map((row) => ({
    id: row.id,
    type: type.name,
    title: row.display_name,
    start: row.start,
    end: row.end,
    color: row.color && COLOR.test(row.color) ? row.color : typeColor,
    assignee: row.assignee ? { id: row.assignee, name: row.assignee_name ?? 'Unknown' } : null,
  }));
  return { data, meta: makePageMeta(query.page, perPage, total, data.length) };
}
