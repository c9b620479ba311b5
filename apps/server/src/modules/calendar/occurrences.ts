import { GLOBAL_ADMIN_ROLE } from '@turnout/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { invalid } from '../../platform/http/errors.ts';
import { createRecord, type RecordDeps } from '../entities/service.ts';
import { typeForRecords } from '../entity-types/service.ts';
import { type Occurrence, occurrencesBetween } from './recurrence.ts';
import { type DefinitionRow, definitionRepository } from './repository.ts';
import { findDefinition, recurrenceOf } from './service.ts';

/**
 * Occurrences become records (spec 02 §3 'Recurring event'): when someone opens or edits a
 * virtual occurrence, and by the daily job (loadFutureEntities) for definitions made with
 * 'Create New Entity'. Each occurrence makes one record: the record carries an offline_id
 * made of the definition and the start, and recurring_event_occurrence keeps the pair
 * (primary key), so a second process or a second click finds the first record.
 */

const offlineIdOf = (definitionId: string, start: DateTime) => `recurring-event:${definitionId}:${start.toUTC().toISO()}`;
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

async function makeRecord(
  db: Kysely<DB>,
  auth: AuthContext,
  definition: DefinitionRow,
  occurrence: Occurrence,
  deps: RecordDeps,
): Promise<{ entity_id: string; type: string; created: boolean }> {
  const startsAt = occurrence.start.toUTC().toJSDate();
  const repo = (fn: (r: ReturnType<typeof definitionRepository>) => Promise<unknown>) =>
    withContext(db, dbContext(auth), (tx) => fn(definitionRepository(tx, definition.tenant_id)));
  const type = (
    await withContext(db, dbContext(auth), (tx) =>
      tx.selectFrom('entity_type').select('name').where('id', '=', definition.entity_type_id).executeTakeFirstOrThrow(),
    )
  ).name;
  const made = (await repo((r) => r.occurrenceOf(definition.id, startsAt))) as { entity_id: string } | undefined;
  if (made) return { entity_id: made.entity_id, type, created: false };
  const full = await typeForRecords(db, auth, type);
  const prefills = (definition.prefills.prefillFields ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = { ...prefills, offline_id: offlineIdOf(definition.id, occurrence.start) };
  const dated = (property: unknown, at: DateTime) => {
    const field = full.fields.find((f) => f.field_data.property === property)?.field_data;
    if (!field) return;
    values[field.property] = field.type === 'date-picker' ? { value: at.toISODate() } : { value: at.toUTC().toISO() };
  };
  dated(full.object_data.start_datetime_field, occurrence.start);
  dated(full.object_data.end_datetime_field, occurrence.end);
  const save = () => createRecord(db, auth, type, values, deps);
  // Two processes making the same occurrence at once: the second insert meets the first's offline_id.
  const { record } = await save().catch((error: unknown) => (isUniqueViolation(error) ? save() : Promise.reject(error)));
  await repo((r) => r.recordOccurrence(definition.id, startsAt, record.id));
  const winner = (await repo((r) => r.occurrenceOf(definition.id, startsAt))) as { entity_id: string };
  return { entity_id: winner.entity_id, type, created: winner.entity_id === record.id };
}

/** POST /calendar/events/{id}/occurrence: the record of one occurrence, made now if it has none. */
export async function materialiseOccurrence(db: Kysely<DB>, auth: AuthContext, id: string, start: string, deps: RecordDeps) {
  const { row } = await findDefinition(db, auth, id);
  const at = DateTime.fromISO(start);
  const occurrence = at.isValid
    ? occurrencesBetween(recurrenceOf(row), at.toJSDate(), new Date(at.toMillis() + 1)).find((o) => o.start.toMillis() === at.toMillis())
    : undefined;
  if (!occurrence) throw invalid({ start: ['This is not an occurrence of the recurring event.'] });
  return makeRecord(db, auth, row, occurrence, deps);
}

/** GET /calendar/events/origin/{entityId}: the definition a record was made from, for 'Created by Recurring Event'. */
export async function originOf(db: Kysely<DB>, auth: AuthContext, entityId: string) {
  if (!auth.tenantId || !/^[0-9a-f-]{36}$/i.test(entityId)) return null;
  const row = await withContext(db, dbContext(auth), (tx) => definitionRepository(tx, auth.tenantId!).originOf(entityId));
  if (!row) return null;
  return { recurring_event_id: row.recurring_event_id, starts_at: row.starts_at.toISOString(), title: row.title, active: row.active };
}

/**
 * The daily job: records for the occurrences of 'Create New Entity' definitions that start in
 * the next day, made as the person who saved the definition in the role they acted in (a
 * person who lost the permission makes nothing). Returns how many records it made.
 */
export async function loadFutureEntities(
  db: Kysely<DB>,
  deps: RecordDeps & { log?: FastifyBaseLogger },
  now = new Date(),
): Promise<number> {
  const definitions = await withContext(db, { tenantId: null, userId: null, isGlobal: true }, (tx) =>
    tx
      .selectFrom('recurring_event as d')
      .innerJoin('app_user as u', 'u.id', 'd.created_by')
      .select((eb) => [
        'd.tenant_id',
        'd.id',
        'u.id as user_id',
        'u.email',
        'u.display_name',
        'd.created_role',
        // A global admin may have saved it for a tenant they hold no role in (spec 02 §6).
        eb
          .exists(
            eb
              .selectFrom('role_assignment as r')
              .select('r.id')
              .whereRef('r.user_id', '=', 'u.id')
              .where('r.role_key', '=', GLOBAL_ADMIN_ROLE)
              .where('r.tenant_id', 'is', null),
          )
          .as('is_global_admin'),
      ])
      .where('d.deleted_at', 'is', null)
      .where('d.mode', '=', 'entity')
      .execute(),
  );
  const until = new Date(now.getTime() + 86_400_000);
  let made = 0;
  for (const d of definitions) {
    const auth: AuthContext = {
      userId: d.user_id,
      email: d.email,
      displayName: d.display_name,
      tenantId: d.tenant_id,
      actingRole: d.created_role,
      isGlobal: false,
      isGlobalAdmin: Boolean(d.is_global_admin),
      tokenHash: Buffer.alloc(0),
      signedInAsBy: null,
    };
    try {
      const row = await withContext(db, dbContext(auth), (tx) => definitionRepository(tx, d.tenant_id).find(d.id));
      if (!row) continue;
      const from = row.active_at > now ? row.active_at : now;
      for (const occurrence of occurrencesBetween(recurrenceOf(row), from, until)) {
        if (occurrence.start.toMillis() < from.getTime()) continue;
        if ((await makeRecord(db, auth, row, occurrence, deps)).created) made += 1;
      }
    } catch (error) {
      deps.log?.warn({ err: error, recurringEvent: d.id }, 'recurring event made no record');
    }
  }
  return made;
}
