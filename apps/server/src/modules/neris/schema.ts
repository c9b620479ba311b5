import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { CATALOGUE, nerisIncidentSchema } from './catalogue.ts';

/**
 * The payload checked against the JSON Schema the generator wrote from the framework: the last
 * net under the element checks, so that what leaves Turnout has the API's shape. A schema error
 * is reported under the element whose path it names.
 */

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
let compiled: Validator | undefined;

/** Compiled on first use: a server that never exports NERIS does not pay for it at start. */
function validator(): Validator {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    compiled = ajv.compile(nerisIncidentSchema()) as Validator;
  }
  return compiled;
}

/** Payload path (array indexes dropped) → the element or group written there. */
const byPath = new Map<string, string>();
for (const spec of Object.values(CATALOGUE.elements)) if (spec.path) byPath.set(spec.path.replace(/\[\]/g, ''), spec.name);
for (const group of Object.values(CATALOGUE.groups)) byPath.set(group.path, group.name);

function elementAt(instancePath: string): string {
  let path = instancePath
    .split('/')
    .filter((p) => p !== '' && !/^\d+$/.test(p))
    .join('.');
  while (path) {
    const found = byPath.get(path);
    if (found) return found;
    path = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '';
  }
  return 'neris';
}

function message(error: ErrorObject): string {
  const where = error.instancePath || '/';
  if (error.keyword === 'required') return `NERIS payload ${where}: ${String(error.params.missingProperty)} is required.`;
  if (error.keyword === 'additionalProperties') return `NERIS payload ${where}: ${String(error.params.additionalProperty)} is not allowed.`;
  return `NERIS payload ${where}: ${error.message ?? 'is not valid'}.`;
}

/** Schema errors, keyed by element; empty when the payload conforms. */
export function schemaErrors(payload: unknown): Record<string, string[]> {
  const validate = validator();
  if (validate(payload)) return {};
  const errors: Record<string, string[]> = {};
  for (const error of validate.errors ?? []) {
    const key = elementAt(error.instancePath);
    const list = errors[key] ?? [];
    const text = message(error);
    if (!list.includes(text)) errors[key] = [...list, text];
  }
  return errors;
}
