import type { EntityType, FieldDefinition } from '@turnout/shared';
import { CATALOGUE } from './catalogue.ts';

/**
 * A record's values as NERIS elements: every field whose params.neris_property names a
 * framework element (or a group of rows, or 'incident_location' for a whole address) gives its
 * value, converted from the field type's stored shape. The NERIS Incident type's fields are the
 * elements themselves; a department's own type maps its fields the same way, so it keeps its
 * form and still exports NERIS (docs/neris.md).
 */

export type NerisValues = Record<string, unknown>;

export interface MappedRecord {
  values: NerisValues;
  /** Which field of the record each element came from: errors are shown under that field. */
  sources: Record<string, string>;
}

/** The neris_property that stands for the whole incident location (module mod_civic_location). */
export const LOCATION_ELEMENT = 'incident_location';

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A field type's stored value as the plain value NERIS wants. */
export function plainValue(type: string, value: unknown): unknown {
  if (blank(value)) return undefined;
  switch (type) {
    case 'date-time-picker':
    case 'date-picker':
      return typeof value === 'object' && value && 'value' in value ? (value as { value: unknown }).value : value;
    case 'lat-lng': {
      const v = value as { lat?: unknown; lng?: unknown };
      return typeof v === 'object' && v && v.lat !== undefined ? { lat: Number(v.lat), lng: Number(v.lng) } : undefined;
    }
    case 'yes-no':
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'number-entry':
    case 'number-counter':
    case 'year-entry':
      return typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;
    case 'rich-text-area':
    case 'description-rich-text':
      return typeof value === 'string'
        ? value
            .replace(/<[^>]*>/g, ' ')
            .replace(/&nbsp;/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
        : undefined;
    default:
      if (typeof value === 'object' && value && !Array.isArray(value) && 'display_value' in value)
        return (value as { display_value: unknown }).display_value;
      return value;
  }
}

/** A full address (spec 02 §3 'Address') as civic-location elements. */
export function addressElements(address: unknown): NerisValues {
  if (!address || typeof address !== 'object') return {};
  const a = address as Record<string, unknown>;
  const text = (k: string) => (typeof a[k] === 'string' && (a[k] as string).trim() !== '' ? (a[k] as string).trim() : undefined);
  const street = text('street');
  const numbered = street ? /^(\d+)\s+(.+)$/.exec(street) : null;
  const streetType = text('streetType');
  const postType = streetType ? streetTypeCode(streetType) : undefined;
  const out: NerisValues = {
    an_number: numbered ? Number(numbered[1]) : undefined,
    sn_street_name: numbered ? numbered[2] : street,
    sn_post_type: postType,
    sn_post_modifier: streetType && !postType ? streetType : undefined,
    nl_unit_value: text('aptSuiteRoomNum'),
    csop_incorporated_muni: text('city'),
    csop_state: text('state')?.toUpperCase(),
    csop_postal_code: text('zipcode'),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

function streetTypeCode(word: string): string | undefined {
  const wanted = word.toUpperCase().replace(/[^A-Z]/g, '');
  return (CATALOGUE.valueSets.type_loc_sn_pre_post ?? []).find(
    (v) => v.value === wanted || v.label.toUpperCase().replace(/[^A-Z]/g, '') === wanted,
  )?.value;
}

const definitionOf = (f: EntityType['fields'][number]) => f.field_data as unknown as FieldDefinition;

/** The element a field maps to, if any. */
export const nerisPropertyOf = (field: { params?: Record<string, unknown> | undefined }): string | undefined => {
  const p = field.params?.neris_property;
  return typeof p === 'string' && p.trim() !== '' ? p.trim() : undefined;
};

/** A record's NERIS values from the fields the caller can see (`data` as the API presents the record). */
export function mapRecord(type: EntityType, data: Record<string, unknown>): MappedRecord {
  const values: NerisValues = {};
  const sources: Record<string, string> = {};
  const fields = type.fields
    .filter((f) => !f.deleted)
    .map(definitionOf)
    .sort((a, b) => (a.page ?? 1) - (b.page ?? 1) || (a.sort_order ?? 999) - (b.sort_order ?? 999));
  for (const field of fields) {
    const element = nerisPropertyOf(field);
    if (!element || !(field.property in data)) continue;
    const raw = data[field.property];
    if (element === LOCATION_ELEMENT) {
      for (const [name, v] of Object.entries(addressElements(raw))) {
        values[name] = v;
        sources[name] = field.property;
      }
      continue;
    }
    const group = CATALOGUE.groups[element];
    if (group) {
      const rows = Array.isArray(raw) ? raw : [];
      const columns = (field.params?.matrixProperties as FieldDefinition[] | undefined) ?? [];
      values[element] = rows.map((row) => mapRow(row as Record<string, unknown>, columns)).filter((row) => Object.keys(row).length > 0);
      sources[element] = field.property;
      continue;
    }
    const value = plainValue(field.type, raw);
    if (value === undefined) continue;
    const spec = CATALOGUE.elements[element];
    const previous = values[element];
    if (previous !== undefined && spec && (spec.kind === 'code' || spec.kind === 'codes') && typeof value === 'string') {
      // Several fields with one hierarchical element are its levels, in field order (type, subtype, detail).
      const joinLevel = (p: unknown) => (typeof p === 'string' ? `${p}||${value}` : p);
      values[element] = Array.isArray(previous) ? previous.map(joinLevel) : joinLevel(previous);
      continue;
    }
    values[element] = spec?.kind === 'codes' && !Array.isArray(value) ? [value] : value;
    sources[element] ??= field.property;
  }
  return { values, sources };
}

function mapRow(row: Record<string, unknown>, columns: FieldDefinition[]): NerisValues {
  const out: NerisValues = {};
  for (const [property, raw] of Object.entries(row ?? {})) {
    const column = columns.find((c) => c.property === property);
    const element = (column && nerisPropertyOf(column)) ?? property;
    const value = plainValue(column?.type ?? 'single-text', raw);
    if (value !== undefined) out[element] = value;
  }
  return out;
}
