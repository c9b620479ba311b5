import { calendarDateIn, type EntityRecord, type EntityType, type FieldDefinition, PAGE_SIZE, parseTimestamp } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import { type JobHandler, JobInterrupted, type JobQueue } from '../../platform/job-queue/queue.ts';
import { exportedFields } from '../entities/csv-export.ts';
import { type ListOrder, listedIds, listedRecords, listScope } from '../entities/service.ts';
import { storeGeneratedFile } from '../files/generated.ts';
import { incidentTypeCrosswalk, nfirsCodesFor } from '../neris/crosswalk.ts';
import { nerisPropertyOf, plainValue } from '../neris/values.ts';
import type { ReportDeps } from './deliver.ts';
import { wallClock } from './list-report.ts';
import { applyParams, type ElementValues, incidentRecords, missingElements, type NfirsParams } from './nfirs-layout.ts';

/**
 * NFIRS Report (spec 01 §2.6, the list's options menu; issue 27; docs/decisions/0027-reports.md):
 * the list's incident records, with exactly its filters, search and sort, as NFIRS 5.0
 * transaction records (nfirs-layout.ts). A field gives an NFIRS element by its neris_property
 * (through the NERIS → NFIRS crosswalk) or by its property's name; its nfirs_max_length and
 * nfirs_pad_length cut and pad the value. Records are read as the list reads them (the
 * requester's permissions, field visibility and tenant): a field they may not see is not in the
 * record they are given, so it never reaches the file. A record missing a required element is
 * left out of the file and listed with what it misses.
 */
export const NFIRS_REPORT_JOB = 'nfirs-report';

export interface NfirsReportParams {
  typeName: string;
  order: ListOrder;
  timeZone: string;
  showDeleted: boolean;
  /** The department's FDID and state, when no field of the type holds them. */
  fdid: string;
  state: string;
}

/** Where an element's value comes from: fields mapped to these NERIS elements, or with these properties. */
interface ElementSource {
  neris?: string[];
  properties: string[];
}

/** The NFIRS elements of nfirs-layout.ts and the fields that give them (the address parts come from the address field). */
const SOURCES: Record<string, ElementSource> = {
  fdid: { properties: ['fdid', 'nfirs_fdid'] },
  state: { properties: ['fdid_state', 'nfirs_state', 'department_state'] },
  incident_number: { neris: ['incident_internal_id'], properties: ['incident_number', 'nfirs_incident_number'] },
  exposure: { properties: ['exposure', 'exposure_number'] },
  station: { properties: ['station', 'station_number'] },
  incident_type: { neris: ['incident_final_type', 'incident_initial_type'], properties: ['nfirs_incident_type', 'incident_type'] },
  aid: { properties: ['aid_given_or_received', 'mutual_aid_given'] },
  alarm: { neris: ['dispatch_time_call_create'], properties: ['alarm_at', 'dispatched_at'] },
  arrival: { properties: ['arrival_at', 'arrived_at'] },
  cleared: { properties: ['last_unit_cleared_at', 'cleared_at'] },
  address: { neris: ['incident_location'], properties: ['incident_address', 'address'] },
};

/** Address parts (spec 02 'full-address': they are NFIRS block B's) → Incident Address elements. */
const ADDRESS_ELEMENTS: Record<string, string> = {
  locationType: 'location_type',
  milepostNumber: 'number',
  addressPrefix: 'prefix',
  street: 'street',
  streetType: 'street_type',
  addressSuffix: 'suffix',
  aptSuiteRoomNum: 'apt',
  city: 'city',
  state: 'address_state',
  zipcode: 'zip',
  crossStreet: 'cross_street',
};

const ADDRESS_TYPES = new Set(['full-address', 'full-address-nfirs']);

const numberParam = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** The field's nfirs_pad_length and nfirs_max_length (for an address, the limit may be per part). */
export function nfirsParamsOf(field: FieldDefinition, part?: string): NfirsParams {
  const max = field.params?.nfirs_max_length;
  const maxLength =
    max !== null && typeof max === 'object' && !Array.isArray(max)
      ? part
        ? numberParam((max as Record<string, unknown>)[part])
        : undefined
      : numberParam(max);
  return { padLength: numberParam(field.params?.nfirs_pad_length), maxLength };
}

/** A field with NFIRS params: the types whose list offers the NFIRS Report. */
export const hasNfirsParams = (fields: { params?: Record<string, unknown> | undefined }[]) =>
  fields.some((f) => f.params?.nfirs_pad_length !== undefined || f.params?.nfirs_max_length !== undefined);

/** The fields (visible to the reader, in form order) that give each element. */
export function elementFields(fields: FieldDefinition[]): Record<string, FieldDefinition[]> {
  const out: Record<string, FieldDefinition[]> = {};
  for (const [element, source] of Object.entries(SOURCES)) {
    const byNeris = fields.filter((f) => {
      const p = nerisPropertyOf(f);
      return p !== undefined && source.neris?.includes(p);
    });
    if (byNeris.length > 0) {
      out[element] = byNeris;
      continue;
    }
    const byName = source.properties.map((p) => fields.find((f) => f.property === p)).find((f) => f !== undefined);
    if (byName && (element !== 'address' || ADDRESS_TYPES.has(byName.type))) out[element] = [byName];
  }
  // A full-address-nfirs field is the incident address when nothing else is.
  out.address ??= fields.filter((f) => f.type === 'full-address-nfirs').slice(0, 1);
  return out;
}

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace(/[-T:]/g, '');

/** An NFIRS incident type code for a field's value: a three-digit code as is; a NERIS type through the crosswalk. */
export function nfirsIncidentType(value: string): string | undefined {
  const code = value.trim();
  if (/^\d{3}$/.test(code)) return code;
  const exact = incidentTypeCrosswalk().find((t) => t.code === code);
  return (exact?.nfirs ?? nfirsCodesFor(code))[0];
}

/** Aid Given or Received: an NFIRS code as is (1–5, N); yes → 3 (mutual aid given); no or blank → N (none). */
const aidCode = (value: unknown): string => {
  if (value === true) return '3';
  if (typeof value === 'string' && /^[1-5N]$/i.test(value.trim())) return value.trim().toUpperCase();
  return 'N';
};

/** One record's NFIRS element values, through the fields' params. */
export function incidentValues(
  record: EntityRecord,
  fields: Record<string, FieldDefinition[]>,
  context: { timeZone: string; fdid: string; state: string },
): ElementValues {
  const data = record as Record<string, unknown>;
  const values: ElementValues = {};
  const text = (field: FieldDefinition) => {
    const v = plainValue(field.type, data[field.property]);
    return v === undefined || v === null ? undefined : typeof v === 'object' ? undefined : String(v).trim();
  };
  const set = (element: string, value: string | undefined, field?: FieldDefinition, part?: string) => {
    if (value === undefined || value === '') return;
    values[element] = field ? applyParams(value, nfirsParamsOf(field, part)) : value;
  };
  const one = (element: string) => fields[element]?.[0];
  for (const element of ['fdid', 'state', 'incident_number', 'exposure', 'station']) {
    const field = one(element);
    if (field) set(element, text(field), field);
  }
  if (!values.fdid) set('fdid', context.fdid.trim());
  if (!values.state) set('state', context.state.trim().toUpperCase());
  values.exposure ??= '0';
  // Several fields of one NERIS incident type are its levels, in form order (type, subtype, detail).
  const typeFields = fields.incident_type ?? [];
  const levels = typeFields.map(text).filter((v): v is string => !!v);
  if (levels.length > 0) {
    const joined = nerisPropertyOf(typeFields[0]!) ? levels.join('||') : levels[0]!;
    set('incident_type', nfirsIncidentType(joined), typeFields[0]);
  }
  const aidField = one('aid');
  values.aid = aidCode(aidField ? plainValue(aidField.type, data[aidField.property]) : undefined);
  for (const element of ['alarm', 'arrival', 'cleared']) {
    const field = one(element);
    const raw = field ? text(field) : undefined;
    const ms = raw ? parseTimestamp(raw) : undefined;
    if (ms !== undefined) values[element] = stamp(wallClock(ms, context.timeZone));
  }
  if (values.alarm) values.incident_date = values.alarm.slice(0, 8);
  const addressField = one('address');
  const address = addressField ? data[addressField.property] : undefined;
  if (addressField && address && typeof address === 'object') {
    const parts: Record<string, string> = {};
    for (const [part, v] of Object.entries(address as Record<string, unknown>)) if (typeof v === 'string') parts[part] = v.trim();
    // '123 Main' without a milepost: the number is the street's first word.
    const numbered = /^(\d+[A-Z]?)\s+(.+)$/i.exec(parts.street ?? '');
    if (!parts.milepostNumber && numbered) {
      parts.milepostNumber = numbered[1]!;
      parts.street = numbered[2]!;
    }
    // Location type 1 (street address) when a street is given and no type is.
    if (!parts.locationType && parts.street) parts.locationType = '1';
    for (const [part, element] of Object.entries(ADDRESS_ELEMENTS)) set(element, parts[part], addressField, part);
  }
  return values;
}

/** A record of the list and what it misses (or which of its values were cut to an element's width). */
export interface NfirsProblem {
  id: string;
  display_name: string;
  elements: string[];
}

/** The most records the job's notes list by name (the count is always whole). */
export const MISSING_LISTED = 500;

/** Checks the list as the requester and that the type is one with NFIRS params, then queues the report. */
export async function startNfirsReport(db: Kysely<DB>, jobs: JobQueue, auth: AuthContext, params: NfirsReportParams) {
  const { scope } = await listScope(db, auth, params.typeName, params.order, params.showDeleted);
  checkNfirsType(scope.type);
  const errors: Record<string, string[]> = {};
  if (params.fdid && !/^[A-Za-z0-9]{1,5}$/.test(params.fdid)) errors.fdid = ['The FDID is up to 5 letters or digits.'];
  if (params.state && !/^[A-Za-z]{2}$/.test(params.state)) errors.state = ['The state is its two-letter code.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const job = await jobs.enqueue(auth, NFIRS_REPORT_JOB, params as unknown as Record<string, unknown>);
  return { id: job.id };
}

function checkNfirsType(type: EntityType) {
  const fields = type.fields.filter((f) => !f.deleted).map((f) => f.field_data as FieldDefinition);
  if (!hasNfirsParams(fields))
    throw invalid({ typeName: ['The NFIRS Report is for types with NFIRS fields (nfirs_pad_length, nfirs_max_length).'] });
}

const BATCH = PAGE_SIZE.max;

/** The job: the list a batch at a time as the requester → NFIRS records; the missing list in its notes. */
export function nfirsReportJob(deps: ReportDeps): JobHandler<NfirsReportParams> {
  return async (job) => {
    const { typeName, order, timeZone, showDeleted, fdid, state } = job.params;
    const auth = job.auth;
    const { scope } = await listScope(deps.db, auth, typeName, order, showDeleted);
    checkNfirsType(scope.type);
    const fields = elementFields(exportedFields(scope.type, scope.viewer));
    const ids = await listedIds(deps.db, auth, typeName, order, showDeleted);
    const chunks: string[] = [];
    const missing: NfirsProblem[] = [];
    const cut: NfirsProblem[] = [];
    let exported = 0;
    let missingCount = 0;
    for (let i = 0; i < ids.length; i += BATCH) {
      if (job.signal.aborted) throw new JobInterrupted();
      for (const record of await listedRecords(deps.db, auth, typeName, order, ids.slice(i, i + BATCH), showDeleted)) {
        const values = incidentValues(record, fields, { timeZone, fdid, state });
        const lacking = missingElements(values);
        if (lacking.length > 0) {
          missingCount++;
          if (missing.length < MISSING_LISTED) missing.push({ id: record.id, display_name: record.display_name, elements: lacking });
          continue;
        }
        const records = incidentRecords(values);
        chunks.push(records.text);
        exported++;
        if (records.cut.length > 0 && cut.length < MISSING_LISTED)
          cut.push({ id: record.id, display_name: record.display_name, elements: records.cut });
      }
      await job.report({ progress: Math.min(99, Math.floor(((i + BATCH) / Math.max(ids.length, 1)) * 100)) });
    }
    const tenantId = auth.tenantId ?? scope.tenantId;
    const stored = await storeGeneratedFile(deps, {
      tenantId,
      name: `${scope.type.label} NFIRS report ${calendarDateIn(new Date(), timeZone)}.txt`,
      mimeType: 'text/plain',
      bytes: Buffer.from(chunks.join(''), 'ascii'),
      owner: auth.userId,
      entityId: null,
      entityTypeId: tenantId === scope.tenantId ? scope.type.id : null,
      restricted: true,
    });
    if (deps.mailer) {
      const what = `${scope.type.label} NFIRS report`;
      await deps.mailer.send({
        to: auth.email,
        subject: `Your ${what} is ready`,
        text: `Your ${what} (${exported} of ${ids.length} records; ${missingCount} miss required NFIRS elements) is ready. Sign in to download it: ${deps.publicUrl}${stored.url}`,
      });
    }
    return {
      resultUrl: stored.url,
      notes: { records: ids.length, exported, format: 'nfirs', missingCount, missing, cut },
    };
  };
}
