import { createHash } from 'node:crypto';
import { entityTypeInput } from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { checkFields, normaliseField } from '../entity-types/checks.ts';
import { insertField } from '../entity-types/repository.ts';
import { NERIS_TYPE_NAME, nerisIncidentTypeDocument } from './catalogue.ts';

/**
 * The NERIS Incident entity type ships with the product: a core, global type every department
 * can use and extend with fields of its own. It is written from generated/incident-type.json at
 * start (main.ts), whatever DEMO says, and rewritten when that file changes (a new framework
 * version): the global fields follow the file, matched by offline_id; departments' own fields
 * and every record stay as they are. Like a migration it runs as the database owner, once per
 * version, behind an advisory lock.
 */

const LOCK_KEY = 727_465_030;

export function nerisTypeVersion(document = nerisIncidentTypeDocument()): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 16);
}

/** Writes or updates the global NERIS Incident type; returns what it did. */
export async function ensureNerisIncidentType(db: Kysely<DB>): Promise<'created' | 'updated' | 'current'> {
  const document = nerisIncidentTypeDocument();
  const version = nerisTypeVersion(document);
  const input = entityTypeInput.parse(document);
  const fields = input.fields.map(normaliseField);
  const check = checkFields({
    pages: input.pages,
    fields: fields.map((field, index) => ({ index, field })),
    knownTypeNames: new Set([NERIS_TYPE_NAME]),
    skipTypeChecks: true,
    isGlobalAdmin: true,
  });
  if (Object.keys(check.errors).length)
    throw new Error(`The generated NERIS type is not a valid entity type: ${JSON.stringify(check.errors)}`);

  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(tx);
    const existing = await tx
      .selectFrom('entity_type')
      .select(['id', 'object_data'])
      .where('tenant_id', 'is', null)
      .where('name', '=', NERIS_TYPE_NAME)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (existing && (existing.object_data as Record<string, unknown>).neris_version === version) return 'current';
    const columns = {
      label: input.label,
      pages: input.pages,
      is_module: false,
      is_core: true,
      is_task: false,
      is_global: true,
      date_significant: input.date_significant,
      object_data: JSON.stringify({ ...input.object_data, neris_version: version }),
      actions: JSON.stringify(input.actions),
      alarms: JSON.stringify(input.alarms),
      reports: JSON.stringify(input.reports),
      allowed_transitions: JSON.stringify(input.allowed_transitions),
    };
    let typeId: string;
    if (existing) {
      typeId = existing.id;
      await tx
        .updateTable('entity_type')
        .set({ ...columns, modified_at: new Date() })
        .where('id', '=', typeId)
        .execute();
    } else {
      const row = await tx
        .insertInto('entity_type')
        .values({ ...columns, tenant_id: null, name: NERIS_TYPE_NAME, sort_order: 5 })
        .returning('id')
        .executeTakeFirstOrThrow();
      typeId = row.id;
      await tx
        .insertInto('system_permission')
        .values({ key: NERIS_TYPE_NAME, entry: JSON.stringify({ view: true, create: true, update: true }) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    const current = await tx
      .selectFrom('entity_type_field')
      .select(['id', 'offline_id'])
      .where('entity_type_id', '=', typeId)
      .where('tenant_id', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
    const byOfflineId = new Map(current.map((f) => [f.offline_id, f.id]));
    const kept = new Set<string>();
    for (const field of fields) {
      const id = field.offline_id ? byOfflineId.get(field.offline_id) : undefined;
      if (!id) {
        await insertField(tx, typeId, null, field);
        continue;
      }
      kept.add(id);
      await tx
        .updateTable('entity_type_field')
        .set({
          property: field.field_data.property,
          title: field.field_data.title ?? '',
          field_data: JSON.stringify(field.field_data),
          modified_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    }
    const removed = current.filter((f) => !kept.has(f.id)).map((f) => f.id);
    if (removed.length) await tx.updateTable('entity_type_field').set({ deleted_at: new Date() }).where('id', 'in', removed).execute();
    return existing ? 'updated' : 'created';
  });
}
