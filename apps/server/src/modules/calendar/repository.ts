import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../platform/db/tenancy.ts';
import type { Recurrence } from './recurrence.ts';

/**
 * SQL of the calendar: recurring event definitions, the records made from their occurrences,
 * and the dated records of a type in a range. Built on a transaction that carries the tenant
 * (RLS applies); every query names the tenant as well.
 */

const DEFINITION_COLUMNS = [
  'id',
  'tenant_id',
  'entity_type_id',
  'title',
  'mode',
  'event_key',
  'platoon',
  'start_time',
  'duration_minutes',
  'all_day',
  'time_zone',
  'custom_key',
  'custom_key_n',
  'on_day_of_period',
  'on_week_of_period',
  'prefills',
  'active_at',
  'virtual_event_created_date',
  'created_by',
  'created_role',
] as const;

/** What a definition saves: its recurrence (recurrence.ts) plus its type, title, mode and prefills. */
export type DefinitionValues = Omit<Recurrence, 'event_key' | 'platoon' | 'custom_key'> & {
  entity_type_id: string;
  title: string;
  mode: 'entity' | 'schedule';
  event_key: string;
  platoon: string | null;
  custom_key: string | null;
  prefills: Record<string, unknown>;
};

export type DefinitionRow = DefinitionValues & {
  id: string;
  tenant_id: string;
  active_at: Date;
  virtual_event_created_date: Date | null;
  created_by: string | null;
  created_role: string | null;
};

const asText = (column: 'origin_day' | 'ends_on') => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`.as(column);
const columns = (values: DefinitionValues) => ({
  ...values,
  on_day_of_period: values.on_day_of_period ? JSON.stringify(values.on_day_of_period) : null,
  prefills: JSON.stringify(values.prefills),
});

export function definitionRepository(tx: Tx, tenantId: string) {
  const select = () =>
    tx
      .selectFrom('recurring_event')
      .select(DEFINITION_COLUMNS)
      .select([asText('origin_day'), asText('ends_on')])
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null);
  return {
    list: (entityTypeIds?: string[]) => {
      let query = select();
      if (entityTypeIds) {
        if (entityTypeIds.length === 0) return Promise.resolve([] as DefinitionRow[]);
        query = query.where('entity_type_id', 'in', entityTypeIds);
      }
      return query.orderBy('created_at').orderBy('id').execute() as Promise<DefinitionRow[]>;
    },
    find: (id: string) => select().where('id', '=', id).executeTakeFirst() as Promise<DefinitionRow | undefined>,
    async insert(values: DefinitionValues, by: { userId: string; role: string | null }): Promise<string> {
      const row = await tx
        .insertInto('recurring_event')
        .values({ ...columns(values), tenant_id: tenantId, created_by: by.userId, created_role: by.role })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: string, values: DefinitionValues): Promise<void> {
      await tx
        .updateTable('recurring_event')
        .set({ ...columns(values), updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
    async softDelete(id: string): Promise<void> {
      await tx
        .updateTable('recurring_event')
        .set({ deleted_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
    /** Occurrences that already have a record, as `definition id|start ISO`. */
    async madeBetween(ids: string[], from: Date, to: Date): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .selectFrom('recurring_event_occurrence')
        .select(['recurring_event_id', 'starts_at', 'entity_id'])
        .where('tenant_id', '=', tenantId)
        .where('recurring_event_id', 'in', ids)
        .where('starts_at', '>=', from)
        .where('starts_at', '<', to)
        .execute();
      return new Map(rows.map((r) => [`${r.recurring_event_id}|${r.starts_at.toISOString()}`, r.entity_id]));
    },
    /** Records the record made for an occurrence; false when another process recorded it first. */
    async recordOccurrence(id: string, startsAt: Date, entityId: string): Promise<boolean> {
      const row = await tx
        .insertInto('recurring_event_occurrence')
        .values({ tenant_id: tenantId, recurring_event_id: id, starts_at: startsAt, entity_id: entityId })
        .onConflict((oc) => oc.doNothing())
        .returning('entity_id')
        .executeTakeFirst();
      if (row) {
        await tx
          .updateTable('recurring_event')
          .set({ virtual_event_created_date: new Date() })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .execute();
      }
      return row !== undefined;
    },
    occurrenceOf: (id: string, startsAt: Date) =>
      tx
        .selectFrom('recurring_event_occurrence')
        .select('entity_id')
        .where('tenant_id', '=', tenantId)
        .where('recurring_event_id', '=', id)
        .where('starts_at', '=', startsAt)
        .executeTakeFirst(),
    /** The definition a record was made from ('Created by Recurring Event'), if any. */
    originOf: (entityId: string) =>
      tx
        .selectFrom('recurring_event_occurrence as o')
        .innerJoin('recurring_event as d', (join) =>
          join.onRef('d.id', '=', 'o.recurring_event_id').onRef('d.tenant_id', '=', 'o.tenant_id'),
        )
        .select(['o.recurring_event_id', 'o.starts_at', 'd.title', sql<boolean>`d.deleted_at IS NULL`.as('active')])
        .where('o.tenant_id', '=', tenantId)
        .where('o.entity_id', '=', entityId)
        .executeTakeFirst(),
  };
}

export interface DatedRow {
  /** Which of the types asked for the record is of (its index in the list). */
  t: number;
  id: string;
  /** Never null: the range condition needs a start (a type without a start field is placed by creation). */
  start: string;
  /** The record's calendar item as JSON text (the contract's recordCalendarItem). */
  json: string;
}

export interface DatedType {
  typeId: string;
  /** The fields that place and colour its records (those the role may see). */
  fields: { start: string | null; end: string | null; color: string | null };
  /**
   * The item text's parts that are the same for every record of the type: after the entity's
   * id up to the start's value, and after the colour to the end; the type's colour, for records
   * whose own is missing or not a colour.
   */
  written: { typeJson: string; restJson: string; typeColor: string | null };
}

/** A colour an item may carry (the service's COLOR, as a case-insensitive PostgreSQL pattern). */
const COLOR_PATTERN = '^(#[0-9a-f]{3,8}|[a-z]{3,20})$';

/**
 * The records of `types` that overlap [from, to): by each type's start and end fields (stored
 * values compare as text: ISO timestamps in UTC, or dates), or by creation when the type has
 * no date field. At most `limit` of each type, earliest first, and all of them in one order by
 * start, then id, so the calendar can merge its occurrences in as the rows arrive and write
 * its answer while they do (docs/decisions/0038-calendar-streamed-answer.md). The order is
 * bytewise (COLLATE "C"), the order JavaScript compares the items' texts in, whatever the
 * database's collation.
 *
 * Each row carries its calendar item as JSON text, written by PostgreSQL (`to_json` escapes as
 * JSON.stringify does, byte for byte on the month checked): the server only joins the texts.
 * No timestamp column is read: the start is already text.
 */
export function datedRecords(tx: Tx, tenantId: string, types: DatedType[], from: string, to: string, limit: number) {
  const storedValue = (property: string | null): RawBuilder<string | null> =>
    property ? sql<string | null>`data->${property}->>'value'` : sql<string | null>`NULL`;
  // A value as JSON text: null when there is none.
  const jsonOf = (value: RawBuilder<string | null>) => sql<string>`coalesce(to_json((${value})::text)::text, 'null')`;
  const branches = types.map(({ typeId, fields, written }, t) => {
    const start = fields.start
      ? storedValue(fields.start)
      : sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const end = storedValue(fields.end);
    const color = fields.color
      ? sql<string | null>`coalesce(data->${fields.color}->>'value', data->>${fields.color})`
      : sql<string | null>`NULL`;
    const shownColor = sql<string | null>`CASE WHEN ${color} ~* ${COLOR_PATTERN} THEN ${color} ELSE ${written.typeColor}::text END`;
    const item = sql<string>`concat('{"id":', to_json(id), ',"entity":{"id":', to_json(id), ${written.typeJson}::text, to_json(${start}), ',"end":', ${jsonOf(end)}, ',"title":', to_json(display_name), ',"color":', ${jsonOf(shownColor)}, ${written.restJson}::text)`;
    return tx
      .selectFrom('entity_in_tenant')
      .select([sql<number>`${sql.lit(t)}::int`.as('t'), 'id', start.as('start'), item.as('json')])
      .where('tenant_id', '=', tenantId)
      .where('entity_type_id', '=', typeId)
      .where('deleted_at', 'is', null)
      .where(start, '<', to)
      .where(sql<string>`coalesce(${end}, ${start})`, '>=', from)
      .orderBy(sql`${start} COLLATE "C"`)
      .orderBy('id')
      .limit(limit);
  });
  if (branches.length === 1) return branches[0]!;
  // Each type's earliest `limit`, then all of them in one order.
  const union = branches.slice(1).reduce((all, branch) => sql`${all} UNION ALL ${branch}`, sql`${branches[0]!}`);
  return tx.selectFrom(sql<DatedRow>`(${union})`.as('u')).selectAll().orderBy(sql`start COLLATE "C"`).orderBy('id');
}

export interface ScheduledRow {
  id: string;
  display_name: string;
  start: string;
  end: string | null;
  color: string | null;
  assignee: string | null;
  assignee_name: string | null;
}

/**
 * One page of the shift schedule (spec 01 §2.6): the records of a type overlapping [from, to)
 * by its start and end fields, with their assignee's name (the personnel record's, else the
 * account's), earliest first, and how many there are in all.
 */
export async function scheduledRecords(
  tx: Tx,
  tenantId: string,
  typeId: string,
  fields: { start: string | null; end: string | null; color: string | null },
  range: { from: string; to: string },
  page: { limit: number; offset: number },
): Promise<{ rows: ScheduledRow[]; total: number }> {
  const start = fields.start
    ? sql<string>`e.data->${fields.start}->>'value'`
    : sql<string>`to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const end = fields.end ? sql<string | null>`e.data->${fields.end}->>'value'` : sql<string | null>`NULL`;
  const color = fields.color
    ? sql<string | null>`coalesce(e.data->${fields.color}->>'value', e.data->>${fields.color})`
    : sql<string | null>`NULL`;
  const matching = tx
    .selectFrom('entity_in_tenant as e')
    .where('e.tenant_id', '=', tenantId)
    .where('e.entity_type_id', '=', typeId)
    .where('e.deleted_at', 'is', null)
    .where(start, '<', range.to)
    .where(sql<string>`coalesce(${end}, ${start})`, '>=', range.from);
  const counted = await matching.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await matching
    .leftJoin('app_user as u', 'u.id', 'e.assignee')
    .leftJoin('personnel as pe', (join) => join.on('pe.tenant_id', '=', tenantId).onRef('pe.user_id', '=', 'e.assignee'))
    .select([
      'e.id',
      'e.display_name',
      start.as('start'),
      end.as('end'),
      color.as('color'),
      'e.assignee',
      // The account's name only for a member of this department (a role here): never another tenant's user's.
      sql<
        string | null
      >`coalesce(pe.display_name, CASE WHEN EXISTS (SELECT 1 FROM role_assignment r WHERE r.tenant_id = ${tenantId} AND r.user_id = u.id) THEN u.display_name END)`.as(
        'assignee_name',
      ),
    ])
    .orderBy(start)
    .orderBy('e.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows: rows as ScheduledRow[], total: Number(counted.n) };
}
