import { randomUUID } from 'node:crypto';
import type { EntityType, FieldViewer } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type Tx, withContext } from '../../platform/db/tenancy.ts';
import { AppError, type FieldErrors, forbidden } from '../../platform/http/errors.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { recordChanged } from '../notifications/service.ts';
import { personnelIdOf } from '../permissions/service.ts';
import { writeHistory } from './actions.ts';
import type { EntityRow } from './present.ts';
import { guardQuizValues } from './quiz.ts';
import { ASSIGNEE_COLUMNS, checkReferences } from './references.ts';
import {
  checkNewValues,
  createRecord,
  mayUpdate,
  newEntityRow,
  newRecordData,
  type RecordDeps,
  type Scope,
  scopeFor,
  sendAfterCommit,
  today,
  updateRecord,
  writeVersions,
} from './service.ts';
import { checkValues, type ValuesCheck } from './values.ts';

/**
 * Many saves at once, for imports (modules/imports, docs/decisions/0018-imports.md). Each row is
 * the save POST or PUT /entity/{type} would make: the same field registry checks, field
 * permissions (modifiable_by), quiz guards, approvals (an update goes through updateRecord),
 * computed fields, actions on save, the same references check (assignees, parent and
 * select-personnel values must be of the department), a version snapshot and the same
 * notifications. New records
 * of a batch are written in one transaction with one INSERT for the records and one for their
 * versions; if that transaction fails, each row of the batch is saved alone through
 * createRecord, so one bad row never stops the others.
 *
 * A new row carries a key (stored as the record's offline_id): a row whose key is already
 * saved is not saved again, so running the same import twice never duplicates a record. An
 * update whose values are all as stored writes nothing.
 */
export interface BulkRow {
  key: string;
  /** The record to update; null adds one. */
  id: string | null;
  values: Record<string, unknown>;
}

export type BulkOutcome =
  | { status: 'valid' | 'created' | 'updated' | 'unchanged' | 'existing' }
  | { status: 'failed'; message: string; errors: FieldErrors };

export interface BulkSaver {
  type: EntityType;
  viewer: FieldViewer;
  /** The test run: every check of a save, nothing written ('valid', 'unchanged' or 'failed'). */
  check(rows: BulkRow[]): Promise<BulkOutcome[]>;
  /** The saves; one outcome per row, in order. */
  save(rows: BulkRow[]): Promise<BulkOutcome[]>;
  /** The live records saved under these keys (an XML importer's unique keys), id by key. */
  idsForKeys(keys: string[]): Promise<Map<string, string>>;
}

export const BULK_MESSAGES = {
  mayNotCreate: (label: string) => `You may not add ${label} records.`,
  mayNotUpdate: (label: string) => `You may not edit ${label} records.`,
  noSuchRecord: (label: string) => `No ${label} record has this id.`,
  finalised: 'A finalised record is read-only.',
  notSaved: 'The row could not be saved.',
} as const;

const failed = (message: string, errors: FieldErrors = {}): BulkOutcome => ({ status: 'failed', message, errors });

/** A refused check as an outcome: the same refusals as `refuse` of a single save. */
function outcomeOf(check: ValuesCheck): BulkOutcome | null {
  if (check.forbidden.length) return failed(`You may not change: ${check.forbidden.join(', ')}.`);
  if (Object.keys(check.errors).length) return failed('The given data was invalid.', check.errors);
  return null;
}

/** What a thrown save error says about its row. */
function outcomeOfError(error: unknown): BulkOutcome {
  if (error instanceof AppError) return failed(error.message, error.errors ?? {});
  throw error;
}

/** A saver for `auth`'s rows of one type: 403 unless they may add or edit its records. */
export async function bulkSaver(db: Kysely<DB>, auth: AuthContext, typeName: string, deps: RecordDeps = {}): Promise<BulkSaver> {
  const scope = await scopeFor(db, auth, typeName);
  const mayCreate = scope.guard.can(scope.type.name, 'create');
  const mayEdit = mayUpdate(scope);
  if (!mayCreate && !mayEdit) throw forbidden();
  const personnelId = await personnelIdOf(db, scope.tenantId, auth.userId);
  const label = scope.type.label;

  const checkNew = (row: BulkRow): { check: ValuesCheck; outcome: BulkOutcome | null } => {
    const check = checkNewValues(scope, auth, personnelId, row.values);
    return { check, outcome: mayCreate ? outcomeOf(check) : failed(BULK_MESSAGES.mayNotCreate(label)) };
  };

  const namesPeople = scope.type.fields.some((f) => f.field_data.type === 'select-personnel');
  /**
   * The rows' assignees, parent and select-personnel values must be of the department, as in a
   * single save (checkReferences, issue 19 #6): one transaction for the batch, an outcome per
   * refused row. Only rows that passed every other check are asked.
   */
  const refuseStrangers = async (rows: { row: BulkRow; values: Record<string, unknown> }[]): Promise<Map<BulkRow, BulkOutcome>> => {
    const refused = new Map<BulkRow, BulkOutcome>();
    const asked = rows.filter(
      ({ row }) => namesPeople || row.values.parent_entity_id || ASSIGNEE_COLUMNS.some((column) => row.values[column]),
    );
    if (asked.length === 0) return refused;
    await withContext(db, dbContext(auth), async (tx) => {
      for (const { row, values } of asked) {
        try {
          await checkReferences(tx, scope.tenantId, row.values, { fields: scope.type.fields, values });
        } catch (error) {
          refused.set(row, outcomeOfError(error));
        }
      }
    });
    return refused;
  };

  /** New rows: their own checks, then the references of those that passed; failed outcomes by row. */
  const checkNewRows = async (rows: BulkRow[]): Promise<{ checks: Map<BulkRow, ValuesCheck>; outcomes: Map<BulkRow, BulkOutcome> }> => {
    const checks = new Map<BulkRow, ValuesCheck>();
    const outcomes = new Map<BulkRow, BulkOutcome>();
    for (const row of rows) {
      const { check, outcome } = checkNew(row);
      if (outcome) outcomes.set(row, outcome);
      else checks.set(row, check);
    }
    const refused = await refuseStrangers([...checks].map(([row, check]) => ({ row, values: check.values })));
    for (const [row, outcome] of refused) {
      checks.delete(row);
      outcomes.set(row, outcome);
    }
    return { checks, outcomes };
  };

  /** Updates: the stored records read in one query, each row checked against its own. */
  const checkUpdates = async (rows: BulkRow[]): Promise<Map<BulkRow, { outcome: BulkOutcome; version: number }>> => {
    const ids = rows.map((r) => r.id!).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    const stored =
      ids.length === 0
        ? []
        : await withContext(db, dbContext(auth), (tx) =>
            tx
              .selectFrom('entity')
              .selectAll()
              .where('tenant_id', '=', scope.tenantId)
              .where('entity_type_id', '=', scope.type.id)
              .where('deleted_at', 'is', null)
              .where('id', 'in', ids)
              .execute(),
          );
    const byId = new Map(stored.map((r) => [r.id, r]));
    const result = new Map<BulkRow, { outcome: BulkOutcome; version: number }>();
    const changed: { row: BulkRow; values: Record<string, unknown> }[] = [];
    for (const row of rows) {
      const current = byId.get(row.id!.toLowerCase());
      let outcome: BulkOutcome;
      if (!mayEdit) outcome = failed(BULK_MESSAGES.mayNotUpdate(label));
      else if (!current) outcome = failed('The given data was invalid.', { id: [BULK_MESSAGES.noSuchRecord(label)] });
      else if (current.place === 'finalised' && !auth.isGlobalAdmin) outcome = failed(BULK_MESSAGES.finalised);
      else {
        const check = checkValues(scope.type, row.values, {
          mode: 'edit',
          current: current.data,
          viewer: scope.viewer,
          today: today(),
          creator: null,
          actor: { id: auth.userId, display_name: auth.displayName },
        });
        guardQuizValues(scope.type, current.data, check);
        // Values are compared as they would be stored (a date sent as text is stored as { value }).
        const same = Object.entries(check.values).every(([p, v]) => JSON.stringify(v ?? null) === JSON.stringify(current.data[p] ?? null));
        outcome = outcomeOf(check) ?? { status: same ? 'unchanged' : 'valid' };
        if (outcome.status === 'valid') changed.push({ row, values: check.values });
      }
      result.set(row, { outcome, version: current?.version ?? 0 });
    }
    // A test run answers what the save would (updateRecord checks the references again).
    for (const [row, outcome] of await refuseStrangers(changed)) result.set(row, { outcome, version: result.get(row)!.version });
    return result;
  };

  const check = async (rows: BulkRow[]): Promise<BulkOutcome[]> => {
    const updates = await checkUpdates(rows.filter((r) => r.id));
    const { outcomes } = await checkNewRows(rows.filter((r) => !r.id));
    return rows.map((row) => (row.id ? updates.get(row)!.outcome : (outcomes.get(row) ?? { status: 'valid' })));
  };

  const save = async (rows: BulkRow[]): Promise<BulkOutcome[]> => {
    const outcomes = new Map<BulkRow, BulkOutcome>();
    const updates = await checkUpdates(rows.filter((r) => r.id));
    for (const [row, { outcome, version }] of updates) {
      if (outcome.status !== 'valid') outcomes.set(row, outcome);
      else {
        try {
          await updateRecord(db, auth, typeName, row.id!, { ...row.values, version }, deps);
          outcomes.set(row, { status: 'updated' });
        } catch (error) {
          outcomes.set(row, outcomeOfError(error));
        }
      }
    }
    const fresh = await checkNewRows(rows.filter((r) => !r.id));
    for (const [row, outcome] of fresh.outcomes) outcomes.set(row, outcome);
    const creates = [...fresh.checks].map(([row, check]) => ({ row, check }));
    for (const [row, outcome] of await createAll(db, auth, scope, creates, deps)) outcomes.set(row, outcome);
    return rows.map((row) => outcomes.get(row)!);
  };

  const idsForKeys = async (keys: string[]): Promise<Map<string, string>> => {
    if (keys.length === 0) return new Map();
    const rows = await withContext(db, dbContext(auth), (tx) =>
      tx
        .selectFrom('entity')
        .select(['id', 'offline_id'])
        .where('tenant_id', '=', scope.tenantId)
        .where('entity_type_id', '=', scope.type.id)
        .where('deleted_at', 'is', null)
        .where('offline_id', 'in', keys)
        .execute(),
    );
    return new Map(rows.map((r) => [r.offline_id!, r.id]));
  };

  return { type: scope.type, viewer: scope.viewer, check, save, idsForKeys };
}

/** New records of a batch in one transaction; if it fails, one createRecord each. */
async function createAll(
  db: Kysely<DB>,
  auth: AuthContext,
  scope: Scope,
  creates: { row: BulkRow; check: ValuesCheck }[],
  deps: RecordDeps,
): Promise<Map<BulkRow, BulkOutcome>> {
  const outcomes = new Map<BulkRow, BulkOutcome>();
  if (creates.length === 0) return outcomes;
  try {
    const mails = await withContext(db, dbContext(auth), (tx) => insertBatch(tx, auth, scope, creates, outcomes, deps));
    sendAfterCommit(deps, mails);
    return outcomes;
  } catch {
    outcomes.clear();
  }
  for (const { row } of creates) {
    try {
      const { created } = await createRecord(db, auth, scope.type.name, { ...row.values, offline_id: row.key }, deps);
      outcomes.set(row, { status: created ? 'created' : 'existing' });
    } catch (error) {
      outcomes.set(row, error instanceof AppError ? outcomeOfError(error) : failed(BULK_MESSAGES.notSaved));
    }
  }
  return outcomes;
}

async function insertBatch(
  tx: Tx,
  auth: AuthContext,
  scope: Scope,
  creates: { row: BulkRow; check: ValuesCheck }[],
  outcomes: Map<BulkRow, BulkOutcome>,
  deps: RecordDeps,
): Promise<Mail[]> {
  const saved = await tx
    .selectFrom('entity')
    .select('offline_id')
    .where('tenant_id', '=', scope.tenantId)
    .where(
      'offline_id',
      'in',
      creates.map((c) => c.row.key),
    )
    .execute();
  const existing = new Set(saved.map((r) => r.offline_id));
  const values: ReturnType<typeof newEntityRow>[] = [];
  const effects = new Map<string, { history: Parameters<typeof writeHistory>[4]; mails: Mail[] }>();
  for (const { row, check } of creates) {
    if (existing.has(row.key)) {
      outcomes.set(row, { status: 'existing' });
      continue;
    }
    const id = randomUUID();
    const actions = await newRecordData(tx, scope, id, check.values, deps.backgroundCheck);
    values.push(newEntityRow(scope, auth, { id, body: row.values, offlineId: row.key, data: actions.data, actionState: actions.state }));
    effects.set(id, { history: actions.history, mails: actions.mails });
    outcomes.set(row, { status: 'created' });
  }
  if (values.length === 0) return [];
  const rows: EntityRow[] = await tx.insertInto('entity').values(values).returningAll().execute();
  await writeVersions(tx, rows, auth);
  for (const row of rows) {
    const { history, mails } = effects.get(row.id)!;
    await writeHistory(tx, scope.tenantId, row.id, 'save', history);
    await recordChanged(tx, { actor: auth, type: scope.type, before: null, after: row, mails });
  }
  return [...effects.values()].flatMap((e) => e.mails);
}
