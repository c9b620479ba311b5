import type { EntityRecord, ListedRecord, PageMeta } from '@turnout/shared';
import { answer, answerData, api } from '../../api/index.ts';
import { type ListRequest, listQuery } from './list-model.ts';

/** A list page carries list items, not whole records (docs/decisions/0031); the record screen reads the rest. */
export interface RecordPage {
  data: ListedRecord[];
  meta: PageMeta;
}
const recordPage = answer<RecordPage>();

/**
 * Query keys: ['entity-list', typeName, request] for a list, ['entity-list', typeName] for all
 * lists of a type (invalidate it after a save), ['entity-record', typeName, id] for one record.
 */
export const ENTITY_LIST_KEY = 'entity-list';
export const listKey = (typeName: string, request?: ListRequest) =>
  request ? ([ENTITY_LIST_KEY, typeName, request] as const) : ([ENTITY_LIST_KEY, typeName] as const);
export const recordKey = (typeName: string, id: string) => ['entity-record', typeName, id] as const;

/** Performance marks: the bench measures from data arrival to the list's render. */
export const LIST_MARKS = { data: 'entity-list:data', rendered: 'entity-list:rendered', measure: 'entity-list:render' } as const;

/** A performance mark where the browser has them (never fails a list). */
export function markList(name: string, detail: Record<string, unknown>): void {
  try {
    performance.mark(name, { detail });
  } catch {
    // No User Timing here (old browsers, test DOMs).
  }
}

/** GET /entity/{type}: one page of records (spec 01 §7); identical in-flight requests are shared by the client. */
export async function fetchRecordPage(typeName: string, request: ListRequest, page: number, signal?: AbortSignal): Promise<RecordPage> {
  const answer = await api.get(`/entity/${encodeURIComponent(typeName)}`, { query: listQuery(request, page), signal, schema: recordPage });
  markList(LIST_MARKS.data, { typeName, page, count: answer.data.length });
  return answer;
}

/** GET /entity/{type}/{id}: one record. */
export function fetchRecord(typeName: string, id: string, signal?: AbortSignal): Promise<EntityRecord> {
  return api.get(`/entity/${encodeURIComponent(typeName)}/${encodeURIComponent(id)}`, {
    signal,
    schema: answerData<EntityRecord>(),
  });
}

/** Records of another type as dropdown choices (a filter on a field with sourceName): up to 120. */
export async function fetchChoices(typeName: string, signal?: AbortSignal): Promise<{ value: string; label: string }[]> {
  const answer = await api.get(`/entity/${encodeURIComponent(typeName)}`, {
    query: { page: 1, per_page: 120, sort: 'a_to_z' },
    signal,
    schema: recordPage,
  });
  return answer.data.map((r) => ({ value: r.id, label: r.display_name }));
}
