import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type ApiSession, bearer } from './session.ts';

/** Helpers of the record screen tests: types and records through the API, values for required fields. */

export interface TypeField {
  id?: string;
  offline_id?: string;
  field_data: {
    property: string;
    title: string;
    type: string;
    page?: number;
    validation?: { required?: boolean };
    params?: Record<string, unknown>;
    permissions?: { visible_to?: string[]; modifiable_by?: string[] };
  };
}

export interface TypeDoc {
  id: string;
  name: string;
  label: string;
  pages: number;
  object_data: Record<string, unknown>;
  fields: TypeField[];
}

export async function fetchTypeNamed(request: APIRequestContext, session: ApiSession, name: string): Promise<TypeDoc> {
  const lite = await request.get('/api/entity-type/lite', { headers: bearer(session.token) });
  expect(lite.status()).toBe(200);
  const found = ((await lite.json()).data as { id: string; name: string }[]).find((t) => t.name === name);
  expect(found, `type ${name}`).toBeTruthy();
  const full = await request.get(`/api/entity-type/${found?.id}`, { headers: bearer(session.token) });
  expect(full.status()).toBe(200);
  return (await full.json()).data as TypeDoc;
}

export async function createRecordApi(
  request: APIRequestContext,
  session: ApiSession,
  typeName: string,
  values: Record<string, unknown>,
): Promise<{ id: string; version: number } & Record<string, unknown>> {
  const answer = await request.post(`/api/entity/${typeName}`, { headers: bearer(session.token), data: values });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).data;
}

export async function readRecordApi(request: APIRequestContext, session: ApiSession, typeName: string, id: string) {
  const answer = await request.get(`/api/entity/${typeName}/${id}`, { headers: bearer(session.token) });
  return { status: answer.status(), data: answer.status() === 200 ? ((await answer.json()).data as Record<string, unknown>) : null };
}

/** A value the server accepts for a required field, as the text of a field.{property} parameter. */
export function sampleValue(field: TypeField['field_data'], refs: { apparatusId?: string }, stamp: string): string | null {
  const params = field.params ?? {};
  if (params.lockedToCreator || params.lockedToCreationDate) return null;
  const options = Array.isArray(params.options) ? (params.options as { key?: string; value?: unknown }[]) : [];
  switch (field.type) {
    case 'single-text':
    case 'textarea':
      return `${field.title} ${stamp}`;
    case 'select-list':
    case 'select-adhoc':
    case 'radio-list':
      if (options.length) return String(options[0]?.key ?? options[0]?.value);
      return params.sourceName === 'apparatus' && refs.apparatusId ? refs.apparatusId : null;
    case 'yes-no':
      return 'yes';
    case 'date-picker':
      return '2026-11-20';
    case 'date-time-picker':
      return '2026-11-20T14:30:00Z';
    case 'number-entry':
      return '12';
    case 'lat-lng':
      return '40.1 -75.2';
    case 'rich-text-area':
      return '<p>All units cleared without injury.</p>';
    case 'full-address':
      return JSON.stringify({ street: '12 Main Street', city: 'Riverside', state: 'PA', zipcode: '19000' });
    case 'full-name-entry':
      return JSON.stringify({ first: 'Sam', last: `Sample ${stamp}` });
    default:
      return null;
  }
}

/** The add link with every required field but `typed` prefilled. */
export function addLink(type: TypeDoc, refs: { apparatusId?: string }, stamp: string, typed: string | null): string {
  const query = new URLSearchParams({ type: type.name });
  for (const f of type.fields) {
    if (!f.field_data.validation?.required || f.field_data.property === typed) continue;
    const value = sampleValue(f.field_data, refs, stamp);
    if (value !== null) query.set(`field.${f.field_data.property}`, value);
  }
  return `/entity/add?${query.toString()}`;
}

/** Moves the mouse off any toast (a hovered Mantine toast never closes). */
export async function mouseAway(page: Page): Promise<void> {
  await page.mouse.move(5, 300);
}
