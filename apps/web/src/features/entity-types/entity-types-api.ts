import type { EntityType, EntityTypeInput, EntityTypeLite, Transition } from '@turnout/shared';
import { answerData, api, messageAnswer, type Parser } from '../../api/index.ts';

/** The entity type calls of spec 03 §7. */

export const ENTITY_TYPES_QUERY_KEY = 'entity-types';
export const liteKey = [ENTITY_TYPES_QUERY_KEY, 'lite'] as const;
export const typeKey = (id: string) => [ENTITY_TYPES_QUERY_KEY, 'one', id] as const;

const listOf = <T>(): Parser<T[]> => ({
  parse: (body) => {
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw new Error('The answer has no list.');
    return data as T[];
  },
});

export interface SavedType {
  data: EntityType;
  message: string;
}
const saved: Parser<SavedType> = {
  parse: (body) => ({
    data: (body as { data: EntityType }).data,
    message: String((body as { message?: unknown }).message ?? ''),
  }),
};

/** GET /entity-type/lite: the types the user may view, in sort order. */
export function fetchTypesLite(signal?: AbortSignal): Promise<EntityTypeLite[]> {
  return api.get('/entity-type/lite', { signal, schema: listOf<EntityTypeLite>() });
}

/** GET /entity-type/{id}: one type with its fields. */
export function fetchType(id: string, signal?: AbortSignal): Promise<EntityType> {
  return api.get(`/entity-type/${encodeURIComponent(id)}`, { signal, schema: answerData<EntityType>() });
}

/** GET /entity-type/{id}?download=1: the export document (the server names it {name}.json). */
export function fetchExportDocument(id: string): Promise<Record<string, unknown>> {
  return api.get(`/entity-type/${encodeURIComponent(id)}`, { query: { download: 1 } });
}

/** POST /entity-type: 201 'Entity type added successfully', or with importArgs 200 'Entity type updated successfully.'. */
export function createType(body: EntityTypeInput): Promise<SavedType> {
  return api.post('/entity-type', body, { schema: saved });
}

/** POST /entity-type with importArgs: only the message is read (the list reloads after). */
export function importType(body: EntityTypeInput): Promise<{ message: string }> {
  return api.post('/entity-type', body, { schema: messageAnswer });
}

/** PUT /entity-type/{id}: only fields with modified_at change. */
export function updateType(id: string, body: EntityTypeInput): Promise<SavedType> {
  return api.put(`/entity-type/${encodeURIComponent(id)}`, body, { schema: saved });
}

/** PUT /entity-type/sort-order: answers 'Updated Successfully'. */
export function saveSortOrders(items: { id: string; sort_order: number }[]): Promise<{ message: string }> {
  return api.put('/entity-type/sort-order', items, { schema: messageAnswer });
}

/** DELETE /entity-type/{id}: answers 'Deleted Successfully'. */
export function deleteType(id: string): Promise<{ message: string }> {
  return api.delete(`/entity-type/${encodeURIComponent(id)}`, { schema: messageAnswer });
}

/** GET /workflow/transitions. */
export function fetchTransitions(signal?: AbortSignal): Promise<Transition[]> {
  return api.get('/workflow/transitions', { signal, schema: { parse: (body) => (body as { data: Transition[] }).data } });
}

/** Saves a document as a file the browser downloads. */
export function downloadJson(document: unknown, filename: string): void {
  const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(window.document.createElement('a'), { href: url, download: filename });
  window.document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
