import { readFileSync } from 'node:fs';
import type { Catalogue, ElementSpec, GroupSpec, ValueSetEntry } from './generate/build.ts';

export { NERIS_TYPE_NAME } from './generate/build.ts';
export type { Catalogue, ElementSpec, GroupSpec, ValueSetEntry };

const generated = (name: string) => new URL(`./generated/${name}`, import.meta.url);

/** The element catalogue the generator wrote (generated/catalogue.json), read once. */
export const CATALOGUE: Catalogue = JSON.parse(readFileSync(generated('catalogue.json'), 'utf8'));

/** The NERIS Incident entity type as an export document (generated/incident-type.json). */
export function nerisIncidentTypeDocument(): Record<string, unknown> {
  return JSON.parse(readFileSync(generated('incident-type.json'), 'utf8'));
}

/** The JSON Schema of the incident payload (generated/incident.schema.json). */
export function nerisIncidentSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(generated('incident.schema.json'), 'utf8'));
}

const valueIndex = new Map(Object.entries(CATALOGUE.valueSets).map(([name, values]) => [name, new Set(values.map((v) => v.value))]));

/** Is `value` an active value of the value set? */
export const inValueSet = (set: string, value: unknown): boolean => typeof value === 'string' && (valueIndex.get(set)?.has(value) ?? false);

/** Top-level elements, and every group's columns by `${group}.${column}`. */
export function elementSpec(name: string): ElementSpec | undefined {
  return CATALOGUE.elements[name];
}
