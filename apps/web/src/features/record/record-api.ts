import type { EntityRecord, EntityType, entityVersion } from '@turnout/shared';
import type { z } from 'zod';
import { ApiError, answerData, api, messageAnswer, type Parser } from '../../api/index.ts';
import { fetchType, fetchTypesLite } from '../entity-types/entity-types-api.ts';

/** The record calls of spec 01 §7 / 02 §7 (base /entity/{type}). */

export type RecordData = EntityRecord & Record<string, unknown>;
export type EntityVersion = z.infer<typeof entityVersion>;

export const RECORD_QUERY_KEY = 'record';
export const recordKey = (typeName: string, id: string) => [RECORD_QUERY_KEY, typeName, id] as const;
export const recordTypeKey = (typeName: string) => [RECORD_QUERY_KEY, 'type', typeName] as const;
export const versionsKey = (typeName: string, id: string) => [RECORD_QUERY_KEY, typeName, id, 'versions'] as const;
export const actionHistoryKey = (typeName: string, id: string) => [RECORD_QUERY_KEY, typeName, id, 'actions'] as const;

const enc = encodeURIComponent;
const base = (typeName: string) => `/entity/${enc(typeName)}`;
const one = (typeName: string, id: string) => `${base(typeName)}/${enc(id)}`;

const recordOf = answerData<RecordData>();

/** The type of a record screen by its name: the light list names it, GET /entity-type/{id} gives its fields. Null when unknown. */
export async function fetchTypeByName(typeName: string, signal?: AbortSignal): Promise<EntityType | null> {
  const lite = await fetchTypesLite(signal);
  const found = lite.find((t) => t.name === typeName);
  if (!found) return null;
  return fetchType(found.id, signal);
}

export function fetchRecord(typeName: string, id: string, signal?: AbortSignal): Promise<RecordData> {
  return api.get(one(typeName, id), { signal, schema: recordOf });
}

export function createRecord(typeName: string, body: Record<string, unknown>): Promise<RecordData> {
  return api.post(base(typeName), body, { schema: recordOf });
}

/** PUT with the version it edits; a 409 carries the current record (see `conflictRecordOf`). */
export function updateRecord(typeName: string, id: string, body: Record<string, unknown>): Promise<RecordData> {
  return api.put(one(typeName, id), body, { schema: recordOf });
}

/** The current record a 409 answer carries, or null for any other error. */
export function conflictRecordOf(error: unknown): RecordData | null {
  if (!(error instanceof ApiError) || error.statusCode !== 409) return null;
  // An error body, not a route's checked answer: look at it before taking it as a record.
  const data = (error.body as { data?: Partial<RecordData> } | null)?.data;
  return data && typeof data === 'object' && typeof data.id === 'string' && typeof data.version === 'number' ? (data as RecordData) : null;
}

export function deleteRecord(typeName: string, id: string): Promise<{ message: string }> {
  return api.delete(one(typeName, id), { schema: messageAnswer });
}

export function transitionRecord(typeName: string, id: string, key: string, record: Record<string, unknown>): Promise<RecordData> {
  return api.post(`${one(typeName, id)}/transition/${enc(key)}`, record, { schema: recordOf });
}

export function toggleWatch(typeName: string, id: string): Promise<{ watching: boolean }> {
  return api.post(`${one(typeName, id)}/toggleWatch`, undefined, {
    schema: { parse: (body) => ({ watching: Boolean((body as { data?: { watching?: unknown } }).data?.watching) }) },
  });
}

export function fetchVersions(typeName: string, id: string, signal?: AbortSignal): Promise<EntityVersion[]> {
  return api.get(`${one(typeName, id)}/versions`, {
    signal,
    schema: { parse: (body) => (body as { data?: EntityVersion[] }).data ?? [] },
  });
}

export interface ActionHistoryRow {
  id: string;
  action_id: string;
  action_name: string;
  trigger: string;
  status: string;
  detail: string;
  created_at: string;
  completed_at: string | null;
}

export function fetchActionHistory(typeName: string, id: string, signal?: AbortSignal): Promise<ActionHistoryRow[]> {
  return api.get(`${one(typeName, id)}/actions/history`, {
    signal,
    schema: { parse: (body) => ((body as { data?: ActionHistoryRow[] }).data ?? []) as ActionHistoryRow[] },
  });
}

export function forceAction(typeName: string, id: string, actionId: string): Promise<{ message: string }> {
  return api.get(`${one(typeName, id)}/actions/${enc(actionId)}/force`, { schema: messageAnswer });
}

export function approveChanges(typeName: string, id: string, pendingApprovals: string[]): Promise<RecordData> {
  return api.post(`${one(typeName, id)}/approve`, { pendingApprovals }, { schema: recordOf });
}

export function rejectChanges(typeName: string, id: string, pendingRejections: string[]): Promise<RecordData> {
  return api.post(`${one(typeName, id)}/reject`, { pendingRejections }, { schema: recordOf });
}

export type PrintPages = 'all' | (number | 'appendix')[];

export interface PrintRequest {
  userAgent: string;
  deviceType: string;
  operatingSystem: string;
  pages: PrintPages;
}

const urlOf: Parser<{ url: string }> = {
  parse: (body) => {
    const b = body as { url?: unknown; data?: { url?: unknown } } | null;
    const url = b?.url ?? b?.data?.url;
    if (typeof url !== 'string' || url === '') throw new Error('The answer has no url.');
    return { url };
  },
};

/** POST /entity/{type}/{id}/print/ → { url } of the PDF. */
export function printRecord(typeName: string, id: string, body: PrintRequest): Promise<{ url: string }> {
  return api.post(`${one(typeName, id)}/print/`, body, { schema: urlOf });
}

/** GET /entity/{type}/{id}/report/{reportTypeOfflineId} → { url }. */
export function reportPdf(typeName: string, id: string, reportId: string): Promise<{ url: string }> {
  return api.get(`${one(typeName, id)}/report/${enc(reportId)}`, { schema: urlOf });
}

/** POST …/quiz/{group}/start → the record with the group's started quiz; 422 { message } when blocked. */
export function startQuiz(typeName: string, id: string, group: string): Promise<RecordData> {
  return api.post(`${one(typeName, id)}/quiz/${enc(group)}/start`, {}, { schema: recordOf });
}

export function completeQuiz(typeName: string, id: string, group: string, answers: Record<string, unknown>): Promise<RecordData> {
  return api.post(`${one(typeName, id)}/quiz/${enc(group)}/complete`, { answers }, { schema: recordOf });
}

export type PunchKind = 'punch-in' | 'punch-out' | 'break-start' | 'break-end';

export interface PunchCardState {
  on_shift: boolean;
  on_break: boolean;
  has_punched_today: boolean;
  shift_started_at: string | null;
  shift_length_hours: number | null;
  /** The week's finished shifts and their hours less breaks (absent from an older server). */
  shifts_worked_this_week?: number;
  hours_worked_this_week?: number;
}

/** This device's IANA time zone: the server counts the punch card's "today" and "this week" in it. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function punch(typeName: string, id: string, kind: PunchKind): Promise<{ data: RecordData; card: PunchCardState }> {
  return api.post(
    `${one(typeName, id)}/punch/${kind}`,
    { time_zone: deviceTimeZone() },
    {
      schema: {
        parse: (body) => {
          const b = body as { data?: unknown; card?: PunchCardState };
          return { data: b.data as RecordData, card: b.card as PunchCardState };
        },
      },
    },
  );
}

/** GET …/punch: the card as the server counts it now (on shift, on a break, punched today, the week). */
export function punchCard(typeName: string, id: string): Promise<PunchCardState> {
  return api.get(`${one(typeName, id)}/punch`, {
    query: { time_zone: deviceTimeZone() },
    schema: { parse: (body) => (body as { card: PunchCardState }).card },
  });
}

/** POST /time-sheets/current: this week's time sheet of the signed-in person (made when missing). */
export function currentTimeSheet(): Promise<RecordData> {
  return api.post('/time-sheets/current', { time_zone: deviceTimeZone() }, { schema: recordOf });
}
