import { randomUUID } from 'node:crypto';
import {
  ENTITY_MESSAGES,
  type EntityRecord,
  type EntityType,
  type FieldViewer,
  type ListedRecord,
  makePageMeta,
  mayUpdateRecordsOf,
  type PageMeta,
  transitionNamed,
  withoutHiddenFields,
} from '@turnout/shared';
import { type Compilable, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { Background } from '../../platform/background.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type DbContext, readInContext, type Tx, withContext } from '../../platform/db/tenancy.ts';
import { AppError, forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import type { Mail, Mailer } from '../../platform/mail/mailer.ts';
import type { BackgroundCheckConfig } from '../background-check/provider.ts';
import { typeForRecords } from '../entity-types/service.ts';
import { memberNamesOf } from '../identity/personnel-list.ts';
import { recordChanged } from '../notifications/service.ts';
import { authorizeRecordUpdate, guardFor, type PermissionGuard, personnelIdOf } from '../permissions/service.ts';
import { runSaveActions, writeHistory } from './actions.ts';
import { decide, type PendingChange, splitForApproval } from './approvals.ts';
import { computeFields } from './computed.ts';
import { linkFileValues, prepareFileValues } from './file-values.ts';
import { generateTasks } from './generated-tasks.ts';
import { forgetBroad, isKnownBroad, isKnownSparse, markBroad, markSparse } from './list-breadth.ts';
import { checkFilterFields, fieldsVisibleTo, filterConditions, type ListFilters, listAuth, listKeysOf } from './list-filters.ts';
import {
  allowedTransitions,
  type EntityRow,
  LISTED_COLUMNS,
  listedRecordPresenter,
  listedValuesOf,
  presentRecord,
  recordPresenter,
} from './present.ts';
import { versionPdfUrl } from './print.ts';
import { guardQuizValues } from './quiz.ts';
import { ASSIGNEE_COLUMNS, checkReferences } from './references.ts';
import { transitionCheck } from './transition-checks.ts';
import { checkValues, displayNameOf } from './values.ts';

export type ListQuery = {
  page: number;
  perPage: number;
  sort: string;
  /** count=exact: count every match instead of stopping at COUNT_CAP. */
  exactCount?: boolean;
  /** The queue (docs/decisions/0010): only records with a pending change to one of these properties. */
  approvable?: string[] | undefined;
  /**
   * List items as a list shows them (listedRecordPresenter), not whole records: what
   * GET /entity/{type} answers without detailed=true; `fields` names more values to carry.
   */
  lean?: { fields: string[] } | undefined;
} & ListFilters;

export interface Scope {
  type: EntityType;
  guard: PermissionGuard;
  viewer: FieldViewer;
  tenantId: string;
  showDeleted: boolean;
}

const isUuid = (v: string) => /^[0-9a-f-]{36}$/i.test(v);

/** What saving needs beyond the database: mail for actions' email effects. */
export interface RecordDeps {
  mailer?: Mailer;
  background?: Background;
  /** Where signatures sent as images are stored. */
  blobs?: BlobStore;
  /** The background-check provider of notifyService effects (unset: recorded as not configured). */
  backgroundCheck?: BackgroundCheckConfig;
}

/** Mail of actions goes out only after the save has committed. */
export function sendAfterCommit(deps: RecordDeps, mails: Mail[]): void {
  const { mailer, background } = deps;
  if (!mailer || mails.length === 0) return;
  const send = () => Promise.all(mails.map((m) => mailer.send(m)));
  if (background) background.run('action mail', send);
  else void send();
}

export async function scopeFor(db: Kysely<DB>, auth: AuthContext, typeName: string, showDeletedRequested = false): Promise<Scope> {
  const tenantId = actingTenant(auth);
  const type = await typeForRecords(db, auth, typeName);
  const guard = await guardFor(db, auth);
  return {
    type,
    guard,
    tenantId,
    viewer: { role: auth.actingRole, isGlobalAdmin: auth.isGlobalAdmin },
    showDeleted: showDeletedRequested && guard.can('show_deleted', 'view'),
  };
}

/** May the caller edit this scope's records (update on the type, and on collections for a collection)? */
export const mayUpdate = (scope: Scope): boolean => mayUpdateRecordsOf(scope.guard.can, scope.type);

/** 403 unless the caller may edit this scope's records. */
export const authorizeUpdate = (scope: Scope): void => authorizeRecordUpdate(scope.guard, scope.type);

export function present(scope: Scope, row: EntityRow): EntityRecord {
  return presentRecord(row, scope.type, scope.viewer, mayUpdate(scope));
}

export async function findRow(tx: Tx, scope: Scope, unverifiedId: string): Promise<EntityRow> {
  const row = isUuid(unverifiedId)
    ? await tx
        .selectFrom('entity')
        .selectAll()
        .where('tenant_id', '=', scope.tenantId)
        .where('entity_type_id', '=', scope.type.id)
        .where('id', '=', unverifiedId)
        .executeTakeFirst()
    : undefined;
  if (!row || (row.deleted_at && !scope.showDeleted)) throw notFound();
  return row;
}

/** GET /entity/{type}: a page of the type's records with filters and a sort (spec 01 §7). */
export async function listRecords(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  q: ListQuery,
  showDeleted: boolean,
): Promise<{ data: EntityRecord[]; meta: PageMeta }> {
  return (await listRecordPage(db, auth, typeName, { ...q, lean: undefined }, showDeleted)) as { data: EntityRecord[]; meta: PageMeta };
}

/** listRecords, or with `q.lean` a page of list items (GET /entity/{type}). */
export async function listRecordPage(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  q: ListQuery,
  showDeleted: boolean,
): Promise<{ data: (EntityRecord | ListedRecord)[]; meta: PageMeta }> {
  const { listAs, scope } = await listScope(db, auth, typeName, q, showDeleted);
  const sort = q.sort;
  // A lean page reads only the columns and values its items carry (docs/decisions/0031).
  const listed = q.lean ? listedValuesOf(scope.type, scope.viewer, q.lean.fields) : undefined;
  const presenter: (row: EntityRow) => EntityRecord | ListedRecord = listed
    ? listedRecordPresenter(listed)
    : recordPresenter(scope.type, scope.viewer, mayUpdate(scope));
  const leanData = listed ? sql<Record<string, unknown>>`data - ${sql.val(listed.dropped)}::text[]` : undefined;
  // Each read is its own tenant transaction in one round trip (readInContext); a list's
  // statements share no snapshot either way (READ COMMITTED gives each statement its own).
  const context = dbContext(listAs);
  const read = <Q extends readonly Compilable<unknown>[]>(...queries: Q) => readInContext(db, context, queries);
  const readPage = async (page: Compilable<EntityRow>) => (await read(page))[0];
  const query = listedQuery(db, scope, q, auth);
  const rowsOf = <Q extends ListedQuery>(qb: Q) =>
    (leanData ? qb.select([...LISTED_COLUMNS, leanData.as('data')]) : qb.selectAll()) as unknown as ReturnType<Q['selectAll']>;
  const answer = async (rows: EntityRow[], total: number, capped: boolean) => {
    const meta = makePageMeta(q.page, q.perPage, total, rows.length);
    const data = rows.map(presenter);
    if (listed) await nameAssignees(db, context, scope.tenantId, data as ListedRecord[]);
    return { data, meta: capped ? { ...meta, total_capped: true } : meta };
  };
  const offset = (q.page - 1) * q.perPage;
  if (q.exactCount) {
    const [counted, rows] = await read(
      query.select((eb) => eb.fn.countAll<number>().as('n')),
      inOrder(rowsOf(query), sort).limit(q.perPage).offset(offset),
    );
    return answer(rows, Number(counted[0]?.n ?? 0), false);
  }
  // Counting every match of a large tenant costs more than the page: count up to a cap past
  // this page (docs/api.md 'Lists'). Below the cap one scan answers both: the matches' ids
  // and sort keys are read once and counted, the page is sorted out of them, and only its
  // rows are read in full.
  const cap = Math.max(COUNT_CAP, q.page * q.perPage + 1);
  const key = sortKeyOf(sort);
  const narrowed =
    q.displayName || Object.keys(q.custom).length > 0 || Object.keys(q.dates ?? {}).length > 0 || q.assignee || q.approvable || q.dueAt;
  if (!narrowed) {
    // A whole type (or a status of it) usually holds more than the cap: count from the
    // sort's index alone, and read the page in order from it (both in one round trip).
    const [counted, rows] = await read(
      db.selectFrom(query.select(sql`1`.as('one')).limit(cap).as('capped')).select((eb) => eb.fn.countAll<number>().as('n')),
      inOrder(rowsOf(query), sort).limit(q.perPage).offset(offset),
    );
    const total = Number(counted[0]?.n ?? 0);
    return answer(rows, total, total >= cap);
  }
  // The filter, as far as which records it matches (list-breadth.ts).
  const breadth = JSON.stringify([
    scope.tenantId,
    scope.type.id,
    scope.showDeleted,
    q.displayName,
    q.place,
    q.custom,
    q.dates,
    q.assignee === 'me' ? auth.userId : q.assignee,
    q.approvable,
    q.dueAt,
  ]);
  // A filter matching more than the cap: its page is read in the sort's order (broadPage).
  const pageOfBroad = () => broadPage(db, readPage, scope, q, auth, query, offset, rowsOf, breadth);
  if (q.page * q.perPage < COUNT_CAP && isKnownBroad(breadth)) {
    const rows = await pageOfBroad();
    if (rows.length === q.perPage) return answer(rows, cap, true);
    forgetBroad(breadth);
    if (rows.length > 0 || q.page === 1) return answer(rows, offset + rows.length, false);
  }
  const [found] = await read(
    db
      .with(
        (cte) => cte('capped').materialized(),
        () => query.select(['id', 'updated_at', key.expression.as('sort_key')]).limit(cap),
      )
      .selectFrom((eb) =>
        eb
          .selectFrom('capped')
          .select((c) => c.fn.countAll<number>().as('matches'))
          .as('counted'),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('capped')
            .selectAll()
            .orderBy('sort_key', key.direction)
            .orderBy('updated_at', 'desc')
            .orderBy('id')
            .limit(q.perPage)
            .offset(offset)
            .as('page'),
        (join) => join.onTrue(),
      )
      .leftJoin('entity_in_tenant as e', (join) => join.onRef('e.id', '=', 'page.id').on('e.tenant_id', '=', scope.tenantId))
      .$call((qb) => {
        const whole = qb.selectAll('e');
        if (!listed) return whole;
        return qb.select([
          ...LISTED_COLUMNS.map((c) => `e.${c}` as const),
          sql<Record<string, unknown>>`e.data - ${sql.val(listed.dropped)}::text[]`.as('data'),
        ]) as unknown as typeof whole;
      })
      .select('counted.matches')
      .orderBy('page.sort_key', key.direction)
      .orderBy('page.updated_at', 'desc')
      .orderBy('page.id'),
  );
  const matches = Number(found[0]?.matches ?? 0);
  if (matches < cap) return answer(found.filter((row) => row.id !== null) as EntityRow[], matches, false);
  markBroad(breadth);
  // Past the cap the capped set is not the first matches in order: the page is read in order.
  return answer(await pageOfBroad(), cap, true);
}

/**
 * Gives each list item its assignees' names (assigned_to) from one look-up for the whole page,
 * by the identity module, which names only members of the department (issue 20: a list says
 * who, not just 'Assigned').
 */
async function nameAssignees(db: Kysely<DB>, context: DbContext, tenantId: string, items: ListedRecord[]): Promise<void> {
  const idsOf = (item: ListedRecord) => ASSIGNEE_COLUMNS.flatMap((column) => (item[column] ? [item[column]] : []));
  const names = await memberNamesOf(db, context, tenantId, items.flatMap(idsOf));
  for (const item of items) {
    const named = idsOf(item).flatMap((id) => {
      const display_name = names.get(id);
      return display_name ? [{ id, display_name }] : [];
    });
    if (named.length > 0) item.assigned_to = named;
  }
}

/** Sorts whose order an index of the type's records delivers (entity_type_updated_idx, entity_type_name_idx). */
const WALKED_SORTS = new Set(['default', '-updated_at', 'updated_at', 'a_to_z', 'z_to_a']);

/**
 * How many records, in the sort's order, a broad filter's page is looked for among before the
 * matches are sorted instead (docs/decisions/0031): a term in 1 title of 40 fills a page of 48
 * after some 2,000, at any size of the type.
 */
export const WALK_ROWS = 5000;

/**
 * The page of a filter that matches more records than the count cap. Sorting every match costs
 * in proportion to the matches (25,000 for a word in 2.5 % of 1,000,000 titles), so the type's
 * records are first read in the sort's order from its index and checked one by one, stopping at
 * the page's end (the cost follows how rare the matches are, not how many there are) or after
 * WALK_ROWS records; only when those hold fewer than the page are all matches sorted.
 */
async function broadPage(
  db: Kysely<DB>,
  readPage: (page: Compilable<EntityRow>) => Promise<EntityRow[]>,
  scope: Scope,
  q: ListQuery,
  auth: AuthContext,
  query: ListedQuery,
  offset: number,
  rowsOf: (qb: ListedQuery) => ReturnType<ListedQuery['selectAll']>,
  breadthKey: string,
) {
  const sparse = `${breadthKey}|${q.sort}|${offset}`;
  if (WALKED_SORTS.has(q.sort) && !isKnownSparse(sparse)) {
    const walked = await readPage(
      rowsOf(listedQuery(db, scope, q, auth, WALK_ROWS))
        .orderBy(sql.ref('walk_key'), sortKeyOf(q.sort).direction)
        .orderBy(sql.ref('updated_at'), 'desc')
        .orderBy(sql.ref('id'))
        .limit(q.perPage)
        .offset(offset),
    );
    if (walked.length === q.perPage) return walked;
    // Too few matches among the first records in order: sort the matches, without walking again for a while.
    markSparse(sparse);
  }
  return readPage(inOrder(rowsOf(query), q.sort).limit(q.perPage).offset(offset));
}

/**
 * What a list sorts by (spec 01 §7): default and -updated_at newest first. A field sorts by its
 * JSON value, not its text: numbers as numbers (1000 after 500), text as text, dates (ISO) by date.
 */
function sortKeyOf(sort: string): { expression: RawBuilder<unknown>; direction: 'asc' | 'desc' } {
  if (sort === 'a_to_z') return { expression: sql`lower(display_name)`, direction: 'asc' };
  if (sort === 'z_to_a') return { expression: sql`lower(display_name)`, direction: 'desc' };
  if (sort === 'updated_at' || sort === 'created_at') return { expression: sql.ref(sort), direction: 'asc' };
  if (sort === '-created_at') return { expression: sql.ref('created_at'), direction: 'desc' };
  if (sort === 'default' || sort === '-updated_at') return { expression: sql.ref('updated_at'), direction: 'desc' };
  return { expression: sql`data->${sort.replace(/^-/, '')}`, direction: sort.startsWith('-') ? 'desc' : 'asc' };
}

/** A list query in its sort's order; ties newest first by update time, then by id. */
// biome-ignore lint/suspicious/noExplicitAny: the list query, whatever its selection
export function inOrder<Q extends SelectQueryBuilder<any, any, any>>(query: Q, sort: string): Q {
  const key = sortKeyOf(sort);
  return query.orderBy(key.expression, key.direction).orderBy(sql.ref('updated_at'), 'desc').orderBy(sql.ref('id')) as Q;
}

/** Who a list runs as and its scope, after the checks every list makes (view, filters, sort). */
export async function listScope(db: Kysely<DB>, auth: AuthContext, typeName: string, q: ListOrder, showDeleted: boolean) {
  const listAs = listAuth(auth, q.tenantId);
  const scope = await scopeFor(db, listAs, typeName, showDeleted);
  scope.guard.authorize(scope.type.name, 'view');
  // Filters and sorts may name only the fields this role may see.
  const visible = fieldsVisibleTo(scope.type, scope.viewer);
  checkFilterFields(visible, q);
  const fieldNames = new Set(visible.fields.map((f) => f.field_data.property));
  if (
    !['default', '-updated_at', 'a_to_z', 'z_to_a', 'updated_at', 'created_at', '-created_at'].includes(q.sort) &&
    !fieldNames.has(q.sort.replace(/^-/, ''))
  )
    throw invalid({ sort: ['The sort must be default, a_to_z, z_to_a, a date column or a field property.'] });
  return { listAs, scope };
}

/** The records a list's filters match, in its tenant transaction (unordered). */
export function listedQuery(tx: Kysely<DB>, scope: Scope, q: ListOrder, auth: AuthContext, walk?: number) {
  // The view keeps the tenant predicate of the isolation policy but lets the planner use the
  // search and filter indexes (migration 0013); the tenant is also named here, as always.
  const records = tx.selectFrom('entity_in_tenant').where('tenant_id', '=', scope.tenantId).where('entity_type_id', '=', scope.type.id);
  const own = scope.showDeleted ? records : records.where('deleted_at', 'is', null);
  // walk: only the first `walk` records in the sort's order, read from its index (broadPage),
  // are checked against the filters; its ORDER BY and LIMIT keep the planner on that index.
  let query = walk
    ? (tx.selectFrom(
        // The sort key as a column: the outer ORDER BY names it, so the planner sees the walk
        // already in that order and stops at the page's end instead of sorting every row walked.
        inOrder(own.selectAll().select(sortKeyOf(q.sort).expression.as('walk_key')), q.sort)
          .limit(walk)
          .as('entity_in_tenant'),
      ) as unknown as typeof own)
    : own;
  if (q.displayName) query = query.where('display_name', 'ilike', `%${q.displayName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.place) query = query.where('place', '=', q.place);
  // Walked records are read in order already: the keys would only cost their computing.
  const keys = walk ? undefined : listKeysOf(q);
  // A search reads the department's own short lists of its keys (migration 0015); the exact
  // conditions above and below still decide.
  if (keys)
    query = query.where(
      sql<boolean>`entity_list_keys(tenant_id, entity_type_id, display_name, place, data) @> entity_list_query_keys(${scope.tenantId}::uuid, ${scope.type.id}::uuid, ${keys.search}, ${q.place ?? null}, ${sql.val(keys.filters)}::text[])`,
    );
  if (q.approvable) query = query.where(sql<boolean>`data_requiring_approval ?| ${sql.val(q.approvable)}::text[]`);
  if (q.dueAt) query = query.where(sql`(due_at AT TIME ZONE 'UTC')::date`, '=', q.dueAt);
  for (const condition of filterConditions(scope.type, q, auth.userId)) query = query.where(condition);
  return query;
}

/** A list's filters and sort, without paging. */
export type ListOrder = Omit<ListQuery, 'page' | 'perPage' | 'exactCount'>;

/**
 * Every match of a list, in its order, as ids: what an export reads in one statement (one
 * snapshot) before reading the records in batches by id (`listedRecords`), so a long export
 * neither pages with offsets nor misses or repeats a record edited meanwhile.
 */
export async function listedIds(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  q: ListOrder,
  showDeleted: boolean,
  /** At most this many (the first in the list's order); all when absent. */
  limit?: number,
): Promise<string[]> {
  const { listAs, scope } = await listScope(db, auth, typeName, q, showDeleted);
  return withContext(db, dbContext(listAs), async (tx) => {
    const ordered = inOrder(listedQuery(tx, scope, q, auth).select('id'), q.sort);
    return (await (limit === undefined ? ordered : ordered.limit(limit)).execute()).map((row) => row.id);
  });
}

/** The query of the records a list shows its caller (tenant, type, view permission, filters). */
export type ListedQuery = ReturnType<typeof listedQuery>;

/**
 * Runs `run` over the records a list with these filters would show the caller, after the checks
 * every list makes, in the list's tenant transaction: what an aggregate over records (a widget)
 * counts. `where` turns further filters into conditions, `canSee` says whether the caller may see
 * a field (a hidden field is never aggregated).
 */
export async function overListed<T>(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  filters: ListFilters,
  run: (
    query: ListedQuery,
    context: {
      tx: Tx;
      type: EntityType;
      where: (more: ListFilters) => RawBuilder<boolean>;
    },
  ) => Promise<T>,
): Promise<T> {
  const q: ListOrder = { ...filters, sort: 'default' };
  const { listAs, scope } = await listScope(db, auth, typeName, q, false);
  const where = (more: ListFilters): RawBuilder<boolean> => {
    checkFilterFields(scope.type, more);
    const conditions = filterConditions(scope.type, more, auth.userId);
    if (more.place) conditions.push(sql<boolean>`place = ${more.place}`);
    return conditions.length > 0 ? sql<boolean>`(${sql.join(conditions, sql` AND `)})` : sql<boolean>`true`;
  };
  return withContext(db, dbContext(listAs), (tx) => run(listedQuery(tx, scope, q, auth), { tx, type: scope.type, where }));
}

/** Records of a list by id, in the order given, as the list presents them; ids no longer listed are left out. */
export async function listedRecords(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  q: ListOrder,
  ids: string[],
  showDeleted: boolean,
): Promise<EntityRecord[]> {
  if (ids.length === 0) return [];
  const { listAs, scope } = await listScope(db, auth, typeName, q, showDeleted);
  // Through the list's own query: a record edited out of the list since its id was read is left out.
  const rows = await withContext(db, dbContext(listAs), (tx) =>
    listedQuery(tx, scope, q, auth).selectAll().where('id', 'in', ids).execute(),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const presenter = recordPresenter(scope.type, scope.viewer, mayUpdate(scope));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presenter(row)] : [];
  });
}

/** List pages count matches up to this many (past the page asked for) unless asked to count all. */
export const COUNT_CAP = 1000;

/** Reads something of one record the caller may view, inside its tenant transaction. */
async function readRecord<T>(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  fn: (tx: Tx, scope: Scope, row: EntityRow) => Promise<T>,
): Promise<T> {
  const scope = await scopeFor(db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'view');
  return withContext(db, dbContext(auth), async (tx) => fn(tx, scope, await findRow(tx, scope, id)));
}

export async function showRecord(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  showDeleted: boolean,
): Promise<EntityRecord> {
  const scope = await scopeFor(db, auth, typeName, showDeleted);
  scope.guard.authorize(scope.type.name, 'view');
  return withContext(db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    const parent = await parentOf(tx, scope, row);
    return parent ? { ...present(scope, row), parent } : present(scope, row);
  });
}

/**
 * The record a record belongs to, for the record screen's 'Belongs To' link (spec 01 §2.7):
 * its id, uri and display name, only when the caller may view the parent's type.
 */
async function parentOf(tx: Tx, scope: Scope, row: EntityRow): Promise<{ id: string; uri: string | null; display_name: string } | null> {
  if (!row.parent_entity_id) return null;
  const parent = await tx
    .selectFrom('entity')
    .innerJoin('entity_type', 'entity_type.id', 'entity.entity_type_id')
    .select(['entity.id', 'entity.uri', 'entity.display_name', 'entity_type.name as type_name'])
    .where('entity.tenant_id', '=', scope.tenantId)
    .where('entity.id', '=', row.parent_entity_id)
    .where('entity.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!parent || !scope.guard.can(parent.type_name, 'view')) return null;
  return { id: parent.id, uri: parent.uri, display_name: parent.display_name };
}

/** Who a version names: a user, or nobody (a public form's visitor: userId null). */
export type VersionAuthor = { userId: string | null; displayName: string };

export async function writeVersion(tx: Tx, row: EntityRow, auth: VersionAuthor): Promise<void> {
  await writeVersions(tx, [row], auth);
}

/** The version snapshots of several records saved together (an import's batch) in one statement. */
export async function writeVersions(tx: Tx, rows: EntityRow[], auth: VersionAuthor): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('entity_version')
    .values(
      rows.map((row) => ({
        tenant_id: row.tenant_id,
        entity_id: row.id,
        version: row.version,
        responsible_user_id: auth.userId,
        responsible_user_name: auth.displayName,
        model_data: JSON.stringify({ ...row.data, display_name: row.display_name, place: row.place }),
      })),
    )
    .execute();
}

export function refuse(check: ReturnType<typeof checkValues>): void {
  if (check.forbidden.length) throw forbidden(`You may not change: ${check.forbidden.join(', ')}.`);
  if (Object.keys(check.errors).length) throw invalid(check.errors);
}

export const today = () => new Date().toISOString().slice(0, 10);

/** The row of a new record (createRecord, and the batches of an import: modules/entities/bulk-save.ts). */
export function newEntityRow(
  scope: Pick<Scope, 'tenantId' | 'type'>,
  auth: { userId: string | null },
  row: { id: string; body: Record<string, unknown>; offlineId: string | null; data: Record<string, unknown>; actionState: unknown },
) {
  const { id, body } = row;
  return {
    tenant_id: scope.tenantId,
    id,
    uri: `/entity/${scope.type.name}/${id}`,
    parent_entity_id: (body.parent_entity_id as string | null | undefined) ?? null,
    deleted_at: null,
    data_requiring_approval: '{}',
    offline_id: row.offlineId,
    entity_type_id: scope.type.id,
    display_name: displayNameOf(scope.type, row.data),
    place: 'created',
    assignee: (body.assignee as string | null | undefined) ?? null,
    assignee_2: (body.assignee_2 as string | null | undefined) ?? null,
    assignee_3: (body.assignee_3 as string | null | undefined) ?? null,
    assignee_4: (body.assignee_4 as string | null | undefined) ?? null,
    assignee_5: (body.assignee_5 as string | null | undefined) ?? null,
    due_at: body.due_at ? new Date(body.due_at as string) : null,
    created_by: auth.userId,
    updated_by: auth.userId,
    data: JSON.stringify(row.data),
    action_state: JSON.stringify(row.actionState),
  };
}

/** The checks of a new record's values (field registry, field permissions, quiz guards); createRecord and imports. */
export function checkNewValues(scope: Scope, auth: AuthContext, personnelId: string | null, body: Record<string, unknown>) {
  const check = checkValues(scope.type, body, {
    mode: 'add',
    current: {},
    viewer: scope.viewer,
    today: today(),
    creator: personnelId ? { id: personnelId, display_name: auth.displayName } : null,
    actor: { id: auth.userId, display_name: auth.displayName },
  });
  guardQuizValues(scope.type, {}, check);
  return check;
}

/** A new record's data: computed fields, then actions on save, then computed fields again. */
export async function newRecordData(
  tx: Tx,
  scope: Pick<Scope, 'tenantId' | 'type'>,
  id: string,
  values: Record<string, unknown>,
  backgroundCheck?: BackgroundCheckConfig,
) {
  const computed = await computeFields(tx, scope.type, scope.tenantId, id, values);
  const actions = await runSaveActions(tx, scope.type, scope.tenantId, computed, {}, { recordId: id, backgroundCheck });
  actions.data = await computeFields(tx, scope.type, scope.tenantId, id, actions.data);
  return actions;
}

/**
 * POST /entity/{type}: validates with the field registry and the field permissions, writes
 * the record and its first version in one transaction. A retried upload with the same
 * offline_id answers the record saved the first time.
 */
export async function createRecord(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  body: Record<string, unknown>,
  deps: RecordDeps = {},
): Promise<{ record: EntityRecord; created: boolean }> {
  const scope = await scopeFor(db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'create');
  const check = checkNewValues(scope, auth, await personnelIdOf(db, scope.tenantId, auth.userId), body);
  const offlineId = typeof body.offline_id === 'string' && body.offline_id ? body.offline_id : null;
  /** The record a retried upload (same offline_id) made the first time, if any. */
  const madeBefore = async (tx: Tx) => {
    if (!offlineId) return null;
    const existing = await tx
      .selectFrom('entity')
      .selectAll()
      .where('tenant_id', '=', scope.tenantId)
      .where('offline_id', '=', offlineId)
      .executeTakeFirst();
    if (!existing) return null;
    if (existing.entity_type_id !== scope.type.id) throw invalid({ offline_id: ['This offline_id belongs to a record of another type.'] });
    return { record: present(scope, existing), created: false, mails: [] as Mail[] };
  };
  const result = await withContext(db, dbContext(auth), async (tx) => {
    const before = await madeBefore(tx);
    if (before) return before;
    const fileLinks = await prepareFileValues(tx, deps.blobs, auth, scope, check);
    refuse(check);
    await checkReferences(tx, scope.tenantId, body, { fields: scope.type.fields, values: check.values });
    const id = randomUUID();
    const actions = await newRecordData(tx, scope, id, check.values, deps.backgroundCheck);
    const row = await tx
      .insertInto('entity')
      .values(newEntityRow(scope, auth, { id, body, offlineId, data: actions.data, actionState: actions.state }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeVersion(tx, row, auth);
    await linkFileValues(tx, scope, row.id, fileLinks);
    await writeHistory(tx, scope.tenantId, row.id, 'save', actions.history);
    await recordChanged(tx, { actor: auth, type: scope.type, before: null, after: row, mails: actions.mails });
    return { record: present(scope, row), created: true, mails: actions.mails };
  }).catch(async (error: unknown) => {
    // Two tries of one queued add at once (a replay while the first request still ran): the
    // unique offline_id lets one insert win; the other answers the record it made.
    if (!offlineId || (error as { code?: string } | null)?.code !== '23505') throw error;
    const first = await withContext(db, dbContext(auth), madeBefore);
    if (!first) throw error;
    return first;
  });
  sendAfterCommit(deps, result.mails);
  return { record: result.record, created: result.created };
}

/** 409 with the current record: a stale version never overwrites anything. */
class StaleVersion extends AppError {
  constructor(current: EntityRecord) {
    super(409, 'stale_version', ENTITY_MESSAGES.stale, undefined, undefined, { data: current });
  }
}

export { StaleVersion };

/**
 * PUT /entity/{type}/{id}: the version the client edited must still be current; only the
 * values sent change; the update is conditional on the version, so of two saves at once one
 * wins and the other gets 409.
 */
export async function updateRecord(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  body: Record<string, unknown>,
  deps: RecordDeps = {},
): Promise<EntityRecord> {
  const scope = await scopeFor(db, auth, typeName);
  authorizeUpdate(scope);
  const version = body.version;
  if (typeof version !== 'number') throw invalid({ version: ['The version field is required.'] });
  const result = await withContext(db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    if (row.version !== version) throw new StaleVersion(present(scope, row));
    if (row.place === 'finalised' && !auth.isGlobalAdmin) throw forbidden('A finalised record is read-only.');
    const check = checkValues(scope.type, body, {
      mode: 'edit',
      current: row.data,
      viewer: scope.viewer,
      today: today(),
      creator: null,
      actor: { id: auth.userId, display_name: auth.displayName },
    });
    guardQuizValues(scope.type, row.data, check);
    const fileLinks = await prepareFileValues(tx, deps.blobs, auth, scope, check);
    refuse(check);
    await checkReferences(tx, scope.tenantId, body, { fields: scope.type.fields, values: check.values });
    const { apply, pending } = splitForApproval(scope.type, check.values, scope.viewer, auth);
    const computed = await computeFields(tx, scope.type, scope.tenantId, row.id, { ...row.data, ...apply });
    const actions = await runSaveActions(tx, scope.type, scope.tenantId, computed, row.action_state ?? {}, {
      recordId: row.id,
      backgroundCheck: deps.backgroundCheck,
    });
    actions.data = await computeFields(tx, scope.type, scope.tenantId, row.id, actions.data);
    const data = actions.data;
    const waiting = { ...row.data_requiring_approval, ...pending };
    const columns: Record<string, unknown> = {};
    for (const column of ['assignee', 'assignee_2', 'assignee_3', 'assignee_4', 'assignee_5', 'parent_entity_id'] as const) {
      if (Object.hasOwn(body, column)) columns[column] = body[column] ?? null;
    }
    if (Object.hasOwn(body, 'due_at')) columns.due_at = body.due_at ? new Date(body.due_at as string) : null;
    const updated = await saveVersioned(tx, scope, row, auth, {
      ...columns,
      data: JSON.stringify(data),
      data_requiring_approval: JSON.stringify(waiting),
      action_state: JSON.stringify(actions.state),
      display_name: displayNameOf(scope.type, data),
    });
    await linkFileValues(tx, scope, updated.id, fileLinks);
    await writeHistory(tx, scope.tenantId, updated.id, 'save', actions.history);
    await recordChanged(tx, {
      actor: auth,
      type: scope.type,
      before: row,
      after: updated,
      watchers: updated.watchers,
      mails: actions.mails,
    });
    return { record: present(scope, updated), mails: actions.mails };
  });
  sendAfterCommit(deps, result.mails);
  return result.record;
}

/**
 * Writes a change to a record only if nobody saved it since it was read (its version), bumps
 * the version and snapshots it; otherwise 409 with the current record.
 */
export async function saveVersioned(
  tx: Tx,
  scope: Scope,
  row: EntityRow,
  auth: AuthContext,
  changes: Record<string, unknown>,
): Promise<EntityRow & { watchers: string[] }> {
  // One statement writes the change and its version snapshot (as writeVersion spells it) and
  // reads the record's watchers for recordChanged: a save is two round trips shorter.
  const updated = await tx
    .with('updated', (db) =>
      db
        .updateTable('entity')
        .set({ ...changes, updated_by: auth.userId, updated_at: new Date(), version: row.version + 1 })
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.id)
        .where('version', '=', row.version)
        .returningAll(),
    )
    .with('snapshot', (db) =>
      db
        .insertInto('entity_version')
        .columns(['tenant_id', 'entity_id', 'version', 'responsible_user_id', 'responsible_user_name', 'model_data'])
        .expression((eb) =>
          eb
            .selectFrom('updated')
            .select([
              'tenant_id',
              'id',
              'version',
              sql<string>`${auth.userId}::uuid`.as('responsible_user_id'),
              sql<string>`${auth.displayName}::text`.as('responsible_user_name'),
              sql<string>`data || jsonb_build_object('display_name', display_name, 'place', place)`.as('model_data'),
            ]),
        ),
    )
    .selectFrom('updated')
    .selectAll()
    .select(
      sql<
        string[]
      >`array(select w.user_id::text from entity_watcher w where w.tenant_id = updated.tenant_id and w.entity_id = updated.id)`.as(
        'watcher_ids',
      ),
    )
    .executeTakeFirst();
  if (!updated) throw new StaleVersion(present(scope, await findRow(tx, scope, row.id)));
  const { watcher_ids, ...saved } = updated;
  return Object.assign(saved as EntityRow, { watchers: watcher_ids });
}

/** DELETE /entity/{type}/{id}: soft delete; the record stays for the show-deleted view. */
export async function deleteRecord(db: Kysely<DB>, auth: AuthContext, typeName: string, id: string): Promise<void> {
  const scope = await scopeFor(db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'delete');
  await withContext(db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    await tx
      .updateTable('entity')
      .set({ deleted_at: new Date(), updated_by: auth.userId })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .execute();
    await recordChanged(tx, { actor: auth, type: scope.type, before: row, after: { ...row, deleted_at: new Date() } });
  });
}

/** POST /entity/{type}/{id}/transition/{key}: moves the record to the transition's place. */
export async function transitionRecord(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  key: string,
): Promise<EntityRecord> {
  const scope = await scopeFor(db, auth, typeName);
  authorizeUpdate(scope);
  const transition = transitionNamed(key);
  return withContext(db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    const allowed =
      transition &&
      allowedTransitions(scope.type).includes(key) &&
      transition.to !== row.place &&
      (transition.from.length === 0 || transition.from.includes(row.place));
    if (!allowed || !transition) throw invalid({ transition: [ENTITY_MESSAGES.transitionNotAllowed] });
    if (transition.metadata.check) {
      const check = transitionCheck(transition.metadata.check);
      if (!check) throw invalid({ transition: [ENTITY_MESSAGES.transitionNotAllowed] });
      const errors = check(scope.type, present(scope, row));
      if (Object.keys(errors).length) throw invalid(errors);
    }
    const updated = await saveVersioned(tx, scope, row, auth, { place: transition.to });
    await generateTasks(tx, scope.type, updated, key, auth.userId);
    await recordChanged(tx, { actor: auth, type: scope.type, before: row, after: updated, watchers: updated.watchers });
    return present(scope, updated);
  });
}

/** GET /entity/{type}/{id}/versions: every saved version, newest first, hidden fields left out. */
export async function listVersions(db: Kysely<DB>, auth: AuthContext, typeName: string, id: string) {
  return readRecord(db, auth, typeName, id, async (tx, scope, row) => {
    const versions = await tx
      .selectFrom('entity_version')
      .selectAll()
      .where('tenant_id', '=', row.tenant_id)
      .where('entity_id', '=', row.id)
      .orderBy('version', 'desc')
      .execute();
    const fields = scope.type.fields.map((f) => ({ property: f.field_data.property, permissions: f.field_data.permissions }));
    const pdfs = scope.guard.can('view_version_pdfs', 'view');
    return versions.map((v) => ({
      version_id: `${v.entity_id}:${v.version}`,
      version: v.version,
      updated_at: v.updated_at.toISOString(),
      responsible_user: { id: v.responsible_user_id, display_name: v.responsible_user_name },
      model_data: withoutHiddenFields(v.model_data, fields, scope.viewer),
      pdf: v.pdf_file_id && pdfs ? versionPdfUrl(scope.type.name, row.id, v.version) : null,
    }));
  });
}

/** POST /entity/{type}/{id}/approve and /reject: decide pending changes, by allowed roles, with by and at. */
export async function decideRecord(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  properties: unknown,
  outcome: 'approved' | 'rejected',
): Promise<EntityRecord> {
  const scope = await scopeFor(db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'view');
  return withContext(db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    const next = decide(
      scope.type,
      { data: row.data, pending: row.data_requiring_approval as Record<string, PendingChange>, log: row.approval_log ?? {} },
      properties,
      outcome,
      scope.viewer,
      auth,
    );
    const updated = await saveVersioned(tx, scope, row, auth, {
      data: JSON.stringify(next.data),
      data_requiring_approval: JSON.stringify(next.pending),
      approval_log: JSON.stringify(next.log),
      display_name: displayNameOf(scope.type, next.data),
    });
    await recordChanged(tx, { actor: auth, type: scope.type, before: row, after: updated, watchers: updated.watchers, decision: outcome });
    return present(scope, updated);
  });
}

/** GET /entity/{type}/{id}/actions/history: what ran on this record, newest first. */
export async function actionHistory(db: Kysely<DB>, auth: AuthContext, typeName: string, id: string) {
  return readRecord(db, auth, typeName, id, async (tx, _scope, row) => {
    const rows = await tx
      .selectFrom('action_history')
      .selectAll()
      .where('tenant_id', '=', row.tenant_id)
      .where('entity_id', '=', row.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(500)
      .execute();
    return rows.map((h) => ({
      id: h.id,
      action_id: h.action_id,
      action_name: h.action_name,
      trigger: h.trigger,
      status: h.status,
      detail: h.detail,
      created_at: h.created_at.toISOString(),
      completed_at: h.completed_at ? h.completed_at.toISOString() : null,
    }));
  });
}

/**
 * GET /entity/{type}/{id}/actions/{actionId}/force: runs one action now whatever its rules
 * say (global or tenant admins, spec 01 §6 'View Actions').
 */
export async function forceAction(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  actionId: string,
  deps: RecordDeps = {},
) {
  const scope = await scopeFor(db, auth, typeName);
  if (!auth.isGlobalAdmin && auth.actingRole !== 'Tenant Admin') throw forbidden();
  const action = (scope.type.actions as { offline_id?: string; name: string }[]).find((a) => (a.offline_id ?? a.name) === actionId);
  if (!action) throw notFound('No actions for this entity type');
  const mails = await withContext(db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    const outcome = await runSaveActions(tx, scope.type, scope.tenantId, row.data, row.action_state ?? {}, {
      force: actionId,
      recordId: row.id,
      backgroundCheck: deps.backgroundCheck,
    });
    await tx
      .updateTable('entity')
      .set({ data: JSON.stringify(outcome.data), action_state: JSON.stringify(outcome.state) })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .execute();
    await writeHistory(tx, scope.tenantId, row.id, 'force', outcome.history);
    await recordChanged(tx, { actor: auth, type: scope.type, before: row, after: row, mails: outcome.mails });
    return outcome.mails;
  });
  sendAfterCommit(deps, mails);
  return { message: 'Action has been queued. Please check history for details.' };
}
