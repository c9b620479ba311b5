import {
  ENTITY_TYPE_MESSAGES,
  type EntityType,
  type EntityTypeField,
  type EntityTypeInput,
  type EntityTypeLite,
  identifierFromLabel,
} from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, actingTenant } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type DbContext, withContext } from '../../platform/db/tenancy.ts';
import { AppError, forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import { cachedRead } from '../../platform/read-cache.ts';
import { grantNewTypeDefaults, guardFor } from '../permissions/service.ts';
import { checkFields, checkRules, normaliseField } from './checks.ts';
import { checkDocumentFolder } from './document-folder.ts';
import { checkReportDocuments } from './report-files.ts';
import { type Db, fieldsOf, findType, fullType, insertField, listTypes, nextSortOrder, toLite } from './repository.ts';

/** Global admins write global types; everyone reads global types and their tenant's. */
function scope(auth: AuthContext): DbContext {
  return { tenantId: auth.tenantId, userId: auth.userId, isGlobal: auth.isGlobalAdmin };
}

async function requireModify(db: Kysely<DB>, auth: AuthContext): Promise<void> {
  if (!(await guardFor(db, auth)).can('modify_entity_types', 'update')) throw forbidden();
}

const isUuid = (v: string) => /^[0-9a-f-]{36}$/i.test(v);

/** GET /entity-type/lite and /entity-type: the types the user may view, in sort order. */
export async function listEntityTypes(db: Kysely<DB>, auth: AuthContext, detailed: boolean): Promise<(EntityTypeLite | EntityType)[]> {
  const guard = await guardFor(db, auth);
  const admin = guard.can('modify_entity_types', 'update');
  return withContext(db, scope(auth), async (tx) => {
    const rows = (await listTypes(tx, auth.tenantId)).filter((row) => admin || guard.can(row.name, 'view'));
    if (!detailed) return rows.map(toLite);
    const result: EntityType[] = [];
    for (const row of rows) {
      const full = await findType(tx, auth.tenantId, { id: row.id });
      if (full) result.push(await fullType(tx, full, auth.tenantId));
    }
    return result;
  });
}

/** GET /entity-type/{id}: one type with its fields as the acting tenant sees them. */
export async function getEntityType(db: Kysely<DB>, auth: AuthContext, unverifiedId: string): Promise<EntityType> {
  const guard = await guardFor(db, auth);
  return withContext(db, scope(auth), async (tx) => {
    const row = isUuid(unverifiedId) ? await findType(tx, auth.tenantId, { id: unverifiedId }) : undefined;
    if (!row || !(guard.can(row.name, 'view') || guard.can('modify_entity_types', 'update'))) throw notFound(ENTITY_TYPE_MESSAGES.notFound);
    return fullType(tx, row, auth.tenantId);
  });
}

function throwRuleProblems(input: EntityTypeInput): void {
  const errors = checkRules(input);
  if (Object.keys(errors).length) throw invalid(errors);
}

function throwFieldProblems(result: ReturnType<typeof checkFields>): void {
  if (Object.keys(result.errors).length === 0) return;
  throw new AppError(
    422,
    'validation_failed',
    result.missingType ? ENTITY_TYPE_MESSAGES.missingType(result.missingType) : 'The given data was invalid.',
    result.errors,
  );
}

async function knownNames(tx: Db, tenantId: string | null, extra: string): Promise<Set<string>> {
  const names = new Set((await listTypes(tx, tenantId)).map((t) => t.name.toLowerCase()));
  names.add(extra.toLowerCase());
  return names;
}

function typeColumns(input: EntityTypeInput) {
  return {
    label: input.label,
    pages: input.pages,
    is_module: input.is_module,
    is_core: input.is_core,
    is_task: input.is_task,
    is_global: input.is_global,
    date_significant: input.date_significant,
    object_data: JSON.stringify(input.object_data ?? {}),
    actions: JSON.stringify(input.actions ?? []),
    alarms: JSON.stringify(input.alarms ?? []),
    reports: JSON.stringify(input.reports ?? []),
    allowed_transitions: JSON.stringify(input.allowed_transitions ?? []),
  };
}

/**
 * POST /entity-type: a new type, or with importArgs an import that updates the type of the
 * same name in the same scope (unless importArgs.mode is 'new'). One transaction: a failed
 * save changes nothing.
 */
export async function createEntityType(
  db: Kysely<DB>,
  auth: AuthContext,
  input: EntityTypeInput,
): Promise<{ type: EntityType; created: boolean }> {
  await requireModify(db, auth);
  throwRuleProblems(input);
  await checkReportDocuments(db, auth, input);
  await checkDocumentFolder(db, auth, input);
  if (input.is_global && !auth.isGlobalAdmin) throw forbidden('Only global admins may create global entity types.');
  const tenantId = input.is_global ? null : actingTenant(auth);
  const name = input.name ?? identifierFromLabel(input.label);
  return withContext(db, scope(auth), async (tx) => {
    const existing = await findType(tx, auth.tenantId, { name });
    if (existing) {
      const sameScope = existing.tenant_id === tenantId;
      if (input.importArgs && input.importArgs.mode !== 'new' && sameScope) {
        return { type: await replaceFromImport(tx, auth, existing.id, { ...input, name }), created: false };
      }
      throw invalid({ name: ['The identifier has already been taken.'] });
    }
    const fields = (input.fields ?? []).filter((f) => !f.deleted).map(normaliseField);
    throwFieldProblems(
      checkFields({
        pages: input.pages,
        fields: fields.map((field, index) => ({ index, field })),
        knownTypeNames: await knownNames(tx, auth.tenantId, name),
        skipTypeChecks: input.importArgs?.skipTypeChecks === true,
        isGlobalAdmin: auth.isGlobalAdmin,
      }),
    );
    const row = await tx
      .insertInto('entity_type')
      .values({ ...typeColumns(input), tenant_id: tenantId, name, sort_order: input.sort_order ?? (await nextSortOrder(tx, tenantId)) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const field of fields) await insertField(tx, row.id, tenantId, field);
    await grantNewTypeDefaults(tx, tenantId, name, auth.userId);
    const created = await findType(tx, auth.tenantId, { id: row.id });
    return { type: await fullType(tx, created!, auth.tenantId), created: true };
  });
}

/** An import over an existing type: type data replaced, fields matched by offline_id or property. */
async function replaceFromImport(tx: Db, auth: AuthContext, typeId: string, input: EntityTypeInput): Promise<EntityType> {
  const row = (await findType(tx, auth.tenantId, { id: typeId }))!;
  const fieldTenant = row.tenant_id;
  const incoming = (input.fields ?? []).filter((f) => !f.deleted).map(normaliseField);
  throwFieldProblems(
    checkFields({
      pages: input.pages,
      fields: incoming.map((field, index) => ({ index, field })),
      knownTypeNames: await knownNames(tx, auth.tenantId, row.name),
      skipTypeChecks: input.importArgs?.skipTypeChecks === true,
      isGlobalAdmin: auth.isGlobalAdmin,
    }),
  );
  await tx
    .updateTable('entity_type')
    .set({ ...typeColumns(input), is_global: row.is_global, modified_at: new Date() })
    .where('id', '=', typeId)
    .execute();
  const current = (await fieldsOf(tx, typeId, auth.tenantId)).filter((f) => (f.tenant_id ?? null) === fieldTenant);
  const match = (f: EntityTypeField) =>
    current.find(
      (c) => (f.offline_id && c.offline_id === f.offline_id) || c.field_data.property.toLowerCase() === f.field_data.property.toLowerCase(),
    );
  const kept = new Set<string>();
  for (const field of incoming) {
    const existing = match(field);
    if (existing?.id) {
      kept.add(existing.id);
      await tx
        .updateTable('entity_type_field')
        .set({
          property: field.field_data.property,
          title: field.field_data.title ?? '',
          field_data: JSON.stringify(field.field_data),
          modified_at: new Date(),
        })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await insertField(tx, typeId, fieldTenant, field);
    }
  }
  const removed = current.filter((c) => c.id && !kept.has(c.id)).map((c) => c.id!);
  if (removed.length) await tx.updateTable('entity_type_field').set({ deleted_at: new Date() }).where('id', 'in', removed).execute();
  return fullType(tx, (await findType(tx, auth.tenantId, { id: typeId }))!, auth.tenantId);
}

/**
 * PUT /entity-type/{id}: only fields with modified_at are changed. A tenant user editing a
 * global type may only add (and change) its tenant's own fields.
 */
export async function updateEntityType(
  db: Kysely<DB>,
  auth: AuthContext,
  unverifiedId: string,
  input: EntityTypeInput,
): Promise<EntityType> {
  await requireModify(db, auth);
  throwRuleProblems(input);
  await checkReportDocuments(db, auth, input, unverifiedId);
  await checkDocumentFolder(db, auth, input, unverifiedId);
  return withContext(db, scope(auth), async (tx) => {
    const row = isUuid(unverifiedId) ? await findType(tx, auth.tenantId, { id: unverifiedId }) : undefined;
    if (!row) throw notFound(ENTITY_TYPE_MESSAGES.notFound);
    const tenantFieldsOnly = row.tenant_id === null && !auth.isGlobalAdmin;
    const fieldTenant = tenantFieldsOnly ? actingTenant(auth) : row.tenant_id;
    const current = await fieldsOf(tx, row.id, auth.tenantId);
    const byId = new Map(current.map((f) => [f.id!, f]));
    const changes = (input.fields ?? []).map((field, index) => ({ index, field })).filter(({ field }) => Boolean(field.modified_at));
    for (const { field } of changes) {
      if (!field.id) continue;
      const existing = byId.get(field.id);
      if (!existing) throw invalid({ fields: [`Field ${field.id} does not belong to this entity type.`] });
      if (tenantFieldsOnly && existing.tenant_id !== fieldTenant)
        throw forbidden('Only tenant fields may be added to a global entity type.');
    }
    // The field set after the change, to check properties and pages as a whole.
    const pages = tenantFieldsOnly ? row.pages : input.pages;
    const changedIds = new Set(changes.map(({ field }) => field.id).filter(Boolean));
    const after = [
      ...current.filter((f) => !changedIds.has(f.id)).map((field) => ({ index: -1, field })),
      ...changes.filter(({ field }) => !field.deleted).map(({ index, field }) => ({ index, field: normaliseField(field) })),
    ];
    throwFieldProblems(
      checkFields({
        pages,
        fields: after,
        knownTypeNames: await knownNames(tx, auth.tenantId, row.name),
        skipTypeChecks: false,
        isGlobalAdmin: auth.isGlobalAdmin,
      }),
    );
    if (!tenantFieldsOnly) {
      await tx
        .updateTable('entity_type')
        .set({
          ...typeColumns(input),
          is_global: row.is_global,
          ...(input.sort_order !== undefined ? { sort_order: input.sort_order } : {}),
          modified_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
    }
    // A tenant adding its own fields to a global type leaves the global row alone (RLS would refuse).
    for (const { field } of changes) {
      if (field.id && field.deleted) {
        await tx.updateTable('entity_type_field').set({ deleted_at: new Date() }).where('id', '=', field.id).execute();
      } else if (field.id) {
        const data = normaliseField(field).field_data;
        await tx
          .updateTable('entity_type_field')
          .set({ property: data.property, title: data.title ?? '', field_data: JSON.stringify(data), modified_at: new Date() })
          .where('id', '=', field.id)
          .execute();
      } else if (!field.deleted) {
        await insertField(tx, row.id, fieldTenant, normaliseField(field));
      }
    }
    return fullType(tx, (await findType(tx, auth.tenantId, { id: row.id }))!, auth.tenantId);
  });
}

/** PUT /entity-type/sort-order: only types this user may change (their tenant's; global ones for global admins). */
export async function sortEntityTypes(db: Kysely<DB>, auth: AuthContext, items: { id: string; sort_order: number }[]): Promise<void> {
  await requireModify(db, auth);
  await withContext(db, scope(auth), async (tx) => {
    for (const item of items) {
      const row = isUuid(item.id) ? await findType(tx, auth.tenantId, { id: item.id }) : undefined;
      if (!row) throw notFound(ENTITY_TYPE_MESSAGES.notFound);
      if (row.tenant_id === null && !auth.isGlobalAdmin) throw forbidden();
      await tx.updateTable('entity_type').set({ sort_order: item.sort_order, modified_at: new Date() }).where('id', '=', row.id).execute();
    }
  });
}

/** DELETE /entity-type/{id}: the type and its records become inaccessible, nothing is destroyed. */
export async function deleteEntityType(db: Kysely<DB>, auth: AuthContext, unverifiedId: string): Promise<void> {
  await requireModify(db, auth);
  await withContext(db, scope(auth), async (tx) => {
    const row = isUuid(unverifiedId) ? await findType(tx, auth.tenantId, { id: unverifiedId }) : undefined;
    if (!row) throw notFound(ENTITY_TYPE_MESSAGES.notFound);
    if (row.tenant_id === null && !auth.isGlobalAdmin) throw forbidden();
    await tx.updateTable('entity_type').set({ deleted_at: new Date() }).where('id', '=', row.id).execute();
  });
}

/** The export document: the type without what belongs to one installation (ids, tenant, times, order). */
export function exportDocument(type: EntityType) {
  return {
    name: type.name,
    label: type.label,
    pages: type.pages,
    is_module: type.is_module,
    is_core: type.is_core,
    is_task: type.is_task,
    is_global: type.is_global,
    date_significant: type.date_significant,
    object_data: type.object_data,
    fields: type.fields.map((f) => ({ offline_id: f.offline_id, title: f.title, field_data: f.field_data })),
    actions: type.actions,
    alarms: type.alarms,
    reports: type.reports,
    allowed_transitions: type.allowed_transitions,
  };
}

/**
 * The type of a records call (`/entity/{typeName}`) with the fields the acting tenant sees;
 * 404 'Entity Type not found.' for an unknown or deleted type. Used by the records engine.
 */
export async function typeForRecords(db: Kysely<DB>, auth: AuthContext, name: string): Promise<EntityType> {
  if (!/^[A-Za-z0-9_]{1,100}$/.test(name)) throw notFound(ENTITY_TYPE_MESSAGES.notFound);
  // Which type a name means depends only on the acting tenant (its own types and global ones).
  return cachedRead(db, `type:${auth.tenantId}:${name.toLowerCase()}`, () =>
    withContext(db, scope(auth), async (tx) => {
      const row = await findType(tx, auth.tenantId, { name });
      if (!row) throw notFound(ENTITY_TYPE_MESSAGES.notFound);
      return fullType(tx, row, auth.tenantId);
    }),
  );
}

/**
 * A type by name as one tenant sees it (its own types and global ones), with no user: for
 * public forms, whose visitors have no session (modules/public-forms checks the link's
 * signature first). Undefined when there is none.
 */
export async function unsafeTypeForTenant(
  db: Kysely<DB>,
  tenantId: string,
  where: { name: string } | { id: string },
): Promise<EntityType | undefined> {
  if ('name' in where ? !/^[A-Za-z0-9_]{1,100}$/.test(where.name) : !isUuid(where.id)) return undefined;
  return withContext(db, { tenantId, userId: null, isGlobal: false }, async (tx) => {
    const row = await findType(tx, tenantId, where);
    return row ? fullType(tx, row, tenantId) : undefined;
  });
}
