import type { EntityRecord, EntityType } from '@turnout/shared';
import { zipSync } from 'fflate';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import { actingTenant } from '../../platform/auth/context.ts';
import type { Config } from '../../platform/config.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';
import { authorizeUpdate, type ListOrder, listedIds, listedRecords, scopeFor, showRecord } from '../entities/service.ts';
import { registerTransitionCheck } from '../entities/transition-checks.ts';
import { typeForRecords } from '../entity-types/service.ts';
import { CATALOGUE } from './catalogue.ts';
import { NerisApiError, NerisClient } from './client.ts';
import { buildPayload } from './payload.ts';
import { schemaErrors } from './schema.ts';
import { checkNeris } from './validate.ts';
import { mapRecord, type NerisValues, nerisPropertyOf } from './values.ts';

/**
 * A record as a NERIS incident report: its values mapped through the fields' neris_property,
 * checked to the standard, built into the API's payload and checked against the generated
 * schema. The record's own type decides nothing else: the NERIS Incident type and a
 * department's own incident type with mapped fields go through the same steps.
 */

export interface NerisReport {
  valid: boolean;
  /** Problems keyed by the record's field property (or by element, for one the form lacks). */
  errors: Record<string, string[]>;
  payload: Record<string, unknown>;
  incident_neris_id: string | null;
}

/** Most records a list export reads. */
export const EXPORT_LIMIT = 1000;

/** The incident's NERIS id when the form leaves it blank: department id and the call's creation time (epoch seconds). */
function completeValues(values: NerisValues): void {
  if (values.incident_neris_id || typeof values.fd_neris_id !== 'string' || typeof values.dispatch_time_call_create !== 'string') return;
  if (!/^FD\d{8}$/.test(values.fd_neris_id)) return;
  const seconds = Math.floor(Date.parse(values.dispatch_time_call_create) / 1000);
  if (Number.isFinite(seconds)) values.incident_neris_id = `${values.fd_neris_id}:${seconds}`;
}

export const hasNerisFields = (type: EntityType) => type.fields.some((f) => !f.deleted && nerisPropertyOf(f.field_data));

export function nerisReport(type: EntityType, record: Record<string, unknown>): NerisReport {
  const { values, sources } = mapRecord(type, record);
  completeValues(values);
  const { errors, effective } = checkNeris(values);
  const payload = buildPayload(effective);
  const found = Object.keys(errors).length ? errors : schemaErrors(payload);
  // Errors go under the field that holds (or would hold) the element; an element the form lacks keeps its own name.
  const fieldOf = new Map<string, string>();
  for (const f of type.fields) {
    const element = nerisPropertyOf(f.field_data);
    if (element && !f.deleted && !fieldOf.has(element)) fieldOf.set(element, f.field_data.property);
  }
  const keyed: Record<string, string[]> = {};
  for (const [element, messages] of Object.entries(found)) {
    const key = sources[element] ?? fieldOf.get(element) ?? element;
    keyed[key] = [...(keyed[key] ?? []), ...messages];
  }
  const neris = effective.incident_neris_id ?? values.incident_neris_id;
  return { valid: Object.keys(keyed).length === 0, errors: keyed, payload, incident_neris_id: typeof neris === 'string' ? neris : null };
}

registerTransitionCheck('neris', (type, record) => {
  if (!hasNerisFields(type)) return { transition: ['This entity type has no fields mapped to NERIS.'] };
  return nerisReport(type, record as unknown as Record<string, unknown>).errors;
});

async function recordAndType(db: Kysely<DB>, auth: AuthContext, typeName: string, id: string) {
  const record = await showRecord(db, auth, typeName, id, false);
  const type = await typeForRecords(db, auth, typeName);
  if (!hasNerisFields(type)) throw invalid({ type: ['This entity type has no fields mapped to NERIS.'] });
  return { record, type };
}

/** GET /neris/{type}/{id}: the report, valid or not, for the NERIS panel. */
export async function reportForRecord(db: Kysely<DB>, auth: AuthContext, typeName: string, id: string): Promise<NerisReport> {
  const { record, type } = await recordAndType(db, auth, typeName, id);
  return nerisReport(type, record as unknown as Record<string, unknown>);
}

const fileNameOf = (report: NerisReport, record: EntityRecord) =>
  `NERIS-${String((report.payload.base as { incident_number?: string } | undefined)?.incident_number ?? record.id).replace(/[^\w.-]+/g, '_')}.json`;

/** GET /neris/{type}/{id}/export: the incident payload of a valid report; 422 with the problems otherwise. */
export async function exportRecord(db: Kysely<DB>, auth: AuthContext, typeName: string, id: string) {
  const { record, type } = await recordAndType(db, auth, typeName, id);
  const report = nerisReport(type, record as unknown as Record<string, unknown>);
  if (!report.valid) throw invalid(report.errors);
  return { fileName: fileNameOf(report, record), payload: report.payload };
}

/**
 * GET /neris/{type}/export.zip: the list with its filters as a zip, one payload file per valid
 * report and errors.json naming the reports that are not valid yet and why.
 */
export async function exportList(db: Kysely<DB>, auth: AuthContext, typeName: string, q: ListOrder): Promise<Uint8Array> {
  const type = await typeForRecords(db, auth, typeName);
  if (!hasNerisFields(type)) throw invalid({ type: ['This entity type has no fields mapped to NERIS.'] });
  const ids = (await listedIds(db, auth, typeName, q, false)).slice(0, EXPORT_LIMIT);
  const files: Record<string, Uint8Array> = {};
  const problems: { id: string; display_name: string; errors: Record<string, string[]> }[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < ids.length; i += 200) {
    for (const record of await listedRecords(db, auth, typeName, q, ids.slice(i, i + 200), false)) {
      const report = nerisReport(type, record as unknown as Record<string, unknown>);
      if (!report.valid) {
        problems.push({ id: record.id, display_name: record.display_name, errors: report.errors });
        continue;
      }
      let name = fileNameOf(report, record);
      if (files[name]) name = name.replace(/\.json$/, `-${record.id}.json`);
      files[name] = encoder.encode(`${JSON.stringify(report.payload, null, 2)}\n`);
    }
  }
  files['errors.json'] = encoder.encode(`${JSON.stringify({ exported: Object.keys(files).length, not_valid: problems }, null, 2)}\n`);
  return zipSync(files, { level: 6 });
}

const clients = new Map<string, NerisClient>();

function clientFor(config: Config['neris']): NerisClient {
  const { apiUrl, clientId, clientSecret } = config;
  if (!apiUrl || !clientId || !clientSecret)
    throw new AppError(
      503,
      'neris_not_configured',
      'NERIS submission is not set up: NERIS_API_URL, NERIS_CLIENT_ID and NERIS_CLIENT_SECRET.',
    );
  const key = `${apiUrl}|${clientId}|${clientSecret}`;
  let client = clients.get(key);
  if (!client) {
    client = new NerisClient({ baseUrl: apiUrl, clientId, clientSecret });
    clients.set(key, client);
  }
  return client;
}

export interface SubmissionRow {
  id: string;
  submitted_at: string;
  status: 'accepted' | 'failed';
  http_status: number | null;
  neris_id: string | null;
  message: string | null;
}

/** POST /neris/{type}/{id}/submit: sends a valid report to NERIS and keeps what happened. */
export async function submitRecord(
  db: Kysely<DB>,
  auth: AuthContext,
  config: Config['neris'],
  typeName: string,
  id: string,
): Promise<SubmissionRow> {
  authorizeUpdate(await scopeFor(db, auth, typeName));
  const { record, type } = await recordAndType(db, auth, typeName, id);
  const report = nerisReport(type, record as unknown as Record<string, unknown>);
  if (!report.valid) throw invalid(report.errors);
  const client = clientFor(config);
  const department = String((report.payload.base as { department_neris_id: string }).department_neris_id);
  const tenantId = actingTenant(auth);
  const log = (row: {
    status: 'accepted' | 'failed';
    http_status: number | null;
    neris_id: string | null;
    message: string | null;
    response: unknown;
  }) =>
    withContext(db, { tenantId, userId: auth.userId, isGlobal: false }, (tx) =>
      tx
        .insertInto('neris_submission')
        .values({
          tenant_id: tenantId,
          entity_id: record.id,
          submitted_by: auth.userId,
          payload: JSON.stringify(report.payload),
          ...row,
          response: row.response === undefined ? null : JSON.stringify(row.response),
        })
        .returning(['id', 'submitted_at', 'status', 'http_status', 'neris_id', 'message'])
        .executeTakeFirstOrThrow(),
    );
  try {
    const sent = await client.submitIncident(department, report.payload);
    const row = await log({ status: 'accepted', http_status: sent.status, neris_id: sent.nerisId, message: null, response: sent.body });
    return { ...row, submitted_at: row.submitted_at.toISOString() };
  } catch (error) {
    if (!(error instanceof NerisApiError)) throw error;
    await log({ status: 'failed', http_status: error.status, neris_id: null, message: error.message, response: error.body ?? null });
    throw new AppError(502, 'neris_failed', error.message);
  }
}

/** GET /neris/{type}/{id}/submissions: what was sent for this record, newest first. */
export async function submissionsOf(db: Kysely<DB>, auth: AuthContext, typeName: string, id: string): Promise<SubmissionRow[]> {
  const record = await showRecord(db, auth, typeName, id, false);
  const tenantId = actingTenant(auth);
  const rows = await withContext(db, { tenantId, userId: auth.userId, isGlobal: false }, (tx) =>
    tx
      .selectFrom('neris_submission')
      .select(['id', 'submitted_at', 'status', 'http_status', 'neris_id', 'message'])
      .where('tenant_id', '=', tenantId)
      .where('entity_id', '=', record.id)
      .orderBy('submitted_at', 'desc')
      .limit(50)
      .execute(),
  );
  return rows.map((r) => ({ ...r, submitted_at: r.submitted_at.toISOString() }));
}

/** The element catalogue for editors and clients: which neris_property values exist. */
export function nerisProperties() {
  return [
    ...Object.values(CATALOGUE.elements).map((e) => ({
      name: e.name,
      title: e.title,
      module: e.module,
      kind: e.kind,
      core: e.core || e.required,
    })),
    ...Object.values(CATALOGUE.groups).map((g) => ({ name: g.name, title: g.title, module: g.module, kind: 'rows', core: g.required })),
    { name: 'incident_location', title: 'Incident location (a whole address)', module: 'mod_civic_location', kind: 'address', core: true },
  ];
}
