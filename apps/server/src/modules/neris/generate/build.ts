import { isSystemProperty } from '@turnout/shared';
import { type ConditionContext, type Rule, translateCondition } from './conditions.ts';
import type { Framework, FrameworkElement, FrameworkValue } from './framework.ts';
import {
  CORE_OVERRIDES,
  DERIVED,
  FORMAT_HINTS,
  type GroupMap,
  type LeafMap,
  PAGES,
  PATTERNS,
  type PageMap,
  TITLES,
  VALUE_SET_ALIASES,
} from './layout.ts';

/**
 * Joins the framework (what each element is) with the layout (where it goes) into what Turnout
 * ships: the element catalogue the validator and the payload builder read, the NERIS Incident
 * entity type, and the JSON Schema of the payload. Pure: the same framework gives the same
 * output, byte for byte (generate/main.ts writes it to generated/).
 */

export type ElementKind = 'text' | 'long-text' | 'code' | 'codes' | 'boolean' | 'integer' | 'number' | 'datetime' | 'point';

export interface ElementSpec {
  name: string;
  module: string;
  title: string;
  definition: string;
  kind: ElementKind;
  valueSet?: string;
  pattern?: string;
  /** How to write a value that must match the pattern. */
  formatHint?: string;
  maxLength?: number;
  /** db_required: the record is not a NERIS record without it. */
  required: boolean;
  /** neris_core: needed for a minimally complete record (when coreIf holds). */
  core: boolean;
  possibleIf: Rule | null;
  possibleIfText?: string;
  coreIf: Rule | null;
  coreIfText?: string;
  /** Where the value goes in the payload (relative to the row for a column); null: kept, not sent. */
  path: string | null;
}

export interface GroupSpec {
  name: string;
  title: string;
  module: string;
  path: string;
  required: boolean;
  fixed?: Record<string, string>;
  condition: Rule | null;
  conditionText?: string;
  /** At least one row is core while this holds (the module's neris_core_if, where it states a testable condition). */
  coreIf: Rule | null;
  coreIfText?: string;
  columns: ElementSpec[];
}

export interface PageSpec {
  label: string;
  showIf: Rule | null;
  showIfText?: string;
  /** Top-level element and group names, in order. */
  items: string[];
}

export interface ValueSetEntry {
  value: string;
  label: string;
  nfirs?: string[];
}

export interface Catalogue {
  pages: PageSpec[];
  elements: Record<string, ElementSpec>;
  groups: Record<string, GroupSpec>;
  valueSets: Record<string, ValueSetEntry[]>;
}

const isGroup = (item: LeafMap | GroupMap): item is GroupMap => 'group' in item;

function humanise(name: string): string {
  const words = name
    .replace(/^(incident|dispatch|nonff|ff)_/, '')
    .split('_')
    .map((w) => (w === 'id' ? 'ID' : w === 'neris' ? 'NERIS' : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The value set an element's format names ('See type_room.value'), where that file exists; the value_set flag is not always set. */
function valueSetName(element: FrameworkElement, framework: Framework): string | undefined {
  const found = /type_[a-z_]+/.exec(element.format.replace(/value_?\d.*?from (type_\w+)/, '$1'));
  if (!found) return undefined;
  const name = VALUE_SET_ALIASES[found[0]] ?? found[0].replace(/_value$/, '');
  return framework.valueSets[name] ? name : undefined;
}

function kindOf(element: FrameworkElement, valueSet: string | undefined, single: boolean): ElementKind {
  const type = element.type.replace(/\s+/g, '');
  const multi = !single && /^Array\[/.test(type);
  const base = type.replace(/^(Array\[)+/, '').replace(/\]+$/, '');
  if (valueSet) return multi ? 'codes' : 'code';
  if (base === 'Boolean') return 'boolean';
  if (base === 'Integer') return 'integer';
  if (base === 'Float') return 'number';
  if (base.startsWith('Datetime')) return 'datetime';
  if (base === 'Point') return 'point';
  return /100,000/.test(element.format) ? 'long-text' : 'text';
}

function maxLengthOf(element: FrameworkElement, kind: ElementKind): number | undefined {
  if (kind !== 'text' && kind !== 'long-text') return undefined;
  const m = /String of ([\d,]+) max characters/i.exec(element.format);
  return m ? Number(m[1]!.replace(/,/g, '')) : 255;
}

export function buildCatalogue(framework: Framework, pages: PageMap[] = PAGES): Catalogue {
  const usedValueSets = new Set<string>();
  const find = (name: string, module: string): FrameworkElement => {
    const found = framework.modules[module]?.find((e) => e.name === name);
    if (!found) throw new Error(`NERIS layout: element '${name}' is not in module ${module}`);
    return found;
  };
  const contextFor = (module: string, scope: Map<string, ElementSpec | { valueSet?: string }>): ConditionContext => ({
    resolve(name) {
      const names = (framework.modules[module] ?? []).map((e) => e.name);
      return (
        names.find((n) => n === name) ??
        names.find((n) => n.endsWith(`_${name}`)) ??
        [...scope.keys()].find((n) => n === name || n.endsWith(`_${name}`))
      );
    },
    valuesOf(element) {
      const spec = scope.get(element);
      const fromScope = spec?.valueSet;
      const fromModule = framework.modules[module]?.find((e) => e.name === element);
      const setName = fromScope ?? (fromModule ? valueSetName(fromModule, framework) : undefined);
      return setName ? framework.valueSets[setName] : undefined;
    },
    incidentTypes: framework.valueSets.type_incident ?? [],
  });

  /** The element of core_mod_incident that stands for a whole module ('fire' for mod_fire): its conditions hold for every element of the module. */
  const moduleElement = (module: string) =>
    framework.modules.core_mod_incident?.find(
      (e) =>
        e.type.includes('Module') && module !== 'core_mod_incident' && /See (?:shared\/)?(mod_\w+)/.exec(e.format)?.[1]?.startsWith(module),
    );
  const joinConditions = (...texts: (string | undefined)[]) => texts.filter((t) => t?.trim()).join(' & ');
  const specOf = (leaf: LeafMap, module: string): ElementSpec => {
    const mod = leaf.module ?? module;
    const element = find(leaf.element, mod);
    const whole = moduleElement(mod);
    const possibleIfText = joinConditions(whole?.possible_if, element.possible_if);
    const coreIfText = joinConditions(whole?.neris_core_if, element.neris_core_if);
    const valueSet = valueSetName(element, framework);
    if (valueSet) usedValueSets.add(valueSet);
    const kind = kindOf(element, valueSet, leaf.single === true);
    const maxLength = maxLengthOf(element, kind);
    const pattern = PATTERNS[leaf.element];
    return {
      name: leaf.element,
      module: mod,
      title: leaf.title ?? TITLES[leaf.element] ?? humanise(leaf.element),
      definition: element.definition,
      kind,
      ...(valueSet ? { valueSet } : {}),
      ...(pattern ? { pattern, formatHint: FORMAT_HINTS[leaf.element] ?? element.example } : {}),
      ...(maxLength ? { maxLength } : {}),
      required: element.db_required && !element.computed,
      core: mod === 'core_mod_dispatch' ? element.neris_core_app : element.neris_core,
      possibleIf: null,
      ...(possibleIfText ? { possibleIfText } : {}),
      coreIf: null,
      ...(coreIfText ? { coreIfText } : {}),
      path: leaf.path,
    };
  };

  const elements: Record<string, ElementSpec> = {};
  const groups: Record<string, GroupSpec> = {};
  const pageSpecs: PageSpec[] = [];
  const pending: { spec: ElementSpec; scope: Map<string, ElementSpec>; module: string }[] = [];
  for (const page of pages) {
    const items: string[] = [];
    for (const item of page.items) {
      if (isGroup(item)) {
        const columns = item.columns.map((c) => specOf(c, item.module));
        const scope = new Map(columns.map((c) => [c.name, c]));
        for (const spec of columns) pending.push({ spec, scope, module: spec.module });
        const moduleElement = framework.modules.core_mod_incident?.find((e) => e.name === item.group);
        groups[item.group] = {
          name: item.group,
          title: item.title,
          module: item.module,
          path: item.path,
          required: item.required === true,
          ...(item.fixed ? { fixed: item.fixed } : {}),
          condition: null,
          ...((item.condition ?? moduleElement?.possible_if) ? { conditionText: item.condition ?? moduleElement?.possible_if } : {}),
          coreIf: null,
          ...(moduleElement?.neris_core && moduleElement.neris_core_if ? { coreIfText: moduleElement.neris_core_if } : {}),
          columns,
        };
        items.push(item.group);
      } else {
        const spec = specOf(item, page.module);
        if (elements[spec.name]) throw new Error(`NERIS layout: element '${spec.name}' is listed twice`);
        elements[spec.name] = spec;
        items.push(spec.name);
      }
    }
    pageSpecs.push({ label: page.label, showIf: null, ...(page.showIf ? { showIfText: page.showIf } : {}), items });
  }
  const topScope = new Map(Object.entries(elements));
  for (const spec of Object.values(elements)) pending.push({ spec, scope: topScope, module: spec.module });

  // Conditions last: they name other elements, which must all be known by then.
  for (const { spec, scope, module } of pending) {
    const context = contextFor(module, new Map([...topScope, ...scope]));
    if (spec.possibleIfText) spec.possibleIf = translateCondition(spec.possibleIfText, context);
    if (spec.coreIfText) spec.coreIf = translateCondition(spec.coreIfText, context);
    const override = CORE_OVERRIDES[spec.name];
    if (override) {
      spec.core = override.rule !== false;
      if (override.rule === false) spec.required = false;
      spec.coreIf = override.rule === false ? null : spec.coreIf && spec.core ? { and: [spec.coreIf, override.rule] } : override.rule;
      spec.coreIfText = override.why;
    }
  }
  for (const group of Object.values(groups)) {
    if (group.conditionText) group.condition = translateCondition(group.conditionText, contextFor('core_mod_incident', topScope));
    if (group.coreIfText) group.coreIf = translateCondition(group.coreIfText, contextFor('core_mod_incident', topScope));
  }
  for (const page of pageSpecs) {
    if (page.showIfText) page.showIf = translateCondition(page.showIfText, contextFor('core_mod_incident', topScope));
  }

  const valueSets: Record<string, ValueSetEntry[]> = {};
  for (const name of [...usedValueSets].sort()) {
    valueSets[name] = (framework.valueSets[name] ?? []).map((v: FrameworkValue) => ({
      value: v.value,
      label: v.labels.join(' › '),
      ...(v.nfirs?.length ? { nfirs: v.nfirs } : {}),
    }));
  }
  return { pages: pageSpecs, elements, groups, valueSets };
}

// ---------------------------------------------------------------- the entity type

export const NERIS_TYPE_NAME = 'neris_incident';

const TABLE_COLUMNS = ['incident_internal_id', 'incident_final_type', 'dispatch_time_call_create', 'csop_incorporated_muni'];

function fieldTypeOf(kind: ElementKind): string {
  switch (kind) {
    case 'text':
      return 'single-text';
    case 'long-text':
      return 'textarea';
    case 'code':
      return 'select-list';
    case 'codes':
      return 'select-list-multiple';
    case 'boolean':
      return 'yes-no';
    case 'integer':
    case 'number':
      return 'number-entry';
    case 'datetime':
      return 'date-time-picker';
    case 'point':
      return 'lat-lng';
  }
}

/** The field property of an element: its name, unless the record itself uses that name ('place'). */
export const propertyOf = (element: string) => (isSystemProperty(element) ? `neris_${element}` : element);

function paramsOf(spec: ElementSpec, catalogue: Catalogue): Record<string, unknown> {
  const params: Record<string, unknown> = { neris_property: spec.name };
  if (spec.valueSet) {
    const values = catalogue.valueSets[spec.valueSet] ?? [];
    params.options = values.map((v, i) => ({ key: v.value, label: v.label, sort: i + 1 }));
    if (values.some((v) => v.value.includes('||'))) params.hierarchical = true;
    if (spec.kind === 'code' && values.length <= 12) params.canUseAsFilter = true;
  }
  if (spec.name === 'incident_final_type') params.canUseAsFilter = true;
  return params;
}

function helpOf(spec: ElementSpec): string {
  const core = spec.core || spec.required ? ' NERIS core element.' : '';
  return `${spec.definition}${core}`.trim();
}

function columnDefinition(spec: ElementSpec, catalogue: Catalogue) {
  return {
    property: propertyOf(spec.name),
    title: spec.title,
    type: fieldTypeOf(spec.kind),
    helpText: helpOf(spec),
    params: paramsOf(spec, catalogue),
    validation: spec.kind === 'integer' ? { integer: true } : {},
  };
}

const ALL = { visible_to: ['ALL'], modifiable_by: ['ALL'] };

/** The NERIS Incident entity type as an export document (what POST /entity-type imports). */
export function buildEntityType(catalogue: Catalogue) {
  const fields: Record<string, unknown>[] = [];
  const actions: Record<string, unknown>[] = [];
  catalogue.pages.forEach((page, index) => {
    const pageNumber = index + 1;
    page.items.forEach((name, position) => {
      const group = catalogue.groups[name];
      const spec = catalogue.elements[name];
      const sort_order = (position + 1) * 10;
      const base = {
        page: pageNumber,
        sort_order,
        table_sort_order: TABLE_COLUMNS.includes(name) ? (TABLE_COLUMNS.indexOf(name) + 1) * 10 : 10000,
        permissions: ALL,
        flags: TABLE_COLUMNS.includes(name) ? { tableView: true, tableSortable: true } : {},
      };
      if (group) {
        fields.push({
          offline_id: `neris-${name}`,
          title: group.title,
          field_data: {
            property: name,
            title: group.title,
            type: 'matrix-field',
            helpText: `One row each. ${catalogue.pages[index]?.label ?? ''} module of NERIS.`.trim(),
            ...base,
            validation: {},
            params: { neris_property: name, matrixProperties: group.columns.map((c) => columnDefinition(c, catalogue)) },
          },
        });
        if (group.condition !== null) {
          actions.push({
            offline_id: `neris-show-${name}`,
            name: `NERIS: ${group.title} only when ${group.conditionText}`,
            enabled: true,
            ruleset_json: group.condition,
            effects: [{ type: 'show-fields', fields: [name] }],
          });
        }
      } else if (spec) {
        fields.push({
          offline_id: `neris-${name}`,
          title: spec.title,
          field_data: {
            property: propertyOf(name),
            title: spec.title,
            type: fieldTypeOf(spec.kind),
            helpText: helpOf(spec),
            ...base,
            validation: {
              ...(name === 'incident_internal_id' ? { required: true } : {}),
              ...(spec.kind === 'integer' ? { integer: true } : {}),
            },
            params: paramsOf(spec, catalogue),
          },
        });
        if (spec.possibleIf !== null) {
          actions.push({
            offline_id: `neris-show-${name}`,
            name: `NERIS: ${spec.title} only when ${spec.possibleIfText}`,
            enabled: true,
            ruleset_json: spec.possibleIf,
            effects: [{ type: 'show-fields', fields: [name] }],
          });
        }
      }
    });
    if (page.showIf !== null) {
      actions.unshift({
        offline_id: `neris-page-${pageNumber}`,
        name: `NERIS: ${page.label} page only when ${page.showIfText}`,
        enabled: true,
        ruleset_json: page.showIf,
        effects: [{ type: 'show-pages', pages: [pageNumber] }],
      });
    }
  });
  return {
    name: NERIS_TYPE_NAME,
    label: 'NERIS Incident',
    pages: catalogue.pages.length,
    is_module: false,
    is_core: true,
    is_task: false,
    is_global: true,
    date_significant: true,
    object_data: {
      icon: 'flame',
      formtitle: 'NERIS {incident_internal_id}',
      page_labels: catalogue.pages.map((p) => p.label),
      show_status: true,
    },
    fields,
    actions,
    alarms: [],
    reports: [],
    allowed_transitions: ['mark_as_created', 'mark_as_in_progress', 'mark_as_neris_ready', 'mark_as_finalised'].map((name) => ({
      name,
      generates_tasks: [],
    })),
  };
}

// ---------------------------------------------------------------- the JSON Schema

type JsonSchema = Record<string, unknown>;

function leafSchema(spec: ElementSpec, catalogue: Catalogue): JsonSchema {
  const values = spec.valueSet ? (catalogue.valueSets[spec.valueSet] ?? []).map((v) => v.value) : undefined;
  switch (spec.kind) {
    case 'code':
      return { enum: values };
    case 'codes':
      return { type: 'array', items: { enum: values }, uniqueItems: true };
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
      return { type: 'integer', minimum: 0 };
    case 'number':
      return { type: 'number', minimum: 0 };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'point':
      return { $ref: '#/$defs/point' };
    default:
      return {
        type: 'string',
        ...(spec.maxLength ? { maxLength: spec.maxLength } : {}),
        ...(spec.pattern ? { pattern: spec.pattern } : {}),
      };
  }
}

/** Two elements that land on one property (structure and outside fire cause) accept either's values. */
function mergeLeaf(a: JsonSchema | undefined, b: JsonSchema): JsonSchema {
  if (!a) return b;
  if (Array.isArray(a.enum) && Array.isArray(b.enum))
    return { enum: [...new Set([...(a.enum as string[]), ...(b.enum as string[])])].sort() };
  return a;
}

interface ObjectNode {
  kind: 'object';
  properties: Map<string, Node>;
  required: Set<string>;
}
type Node = ObjectNode | { kind: 'array'; item: ObjectNode } | { kind: 'leaf'; schema: JsonSchema };

const newObject = (): ObjectNode => ({ kind: 'object', properties: new Map(), required: new Set() });

function place(root: ObjectNode, path: string, schema: JsonSchema, required: boolean): void {
  const parts = path.split('.');
  let node = root;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const isArray = part.endsWith('[]');
    const key = isArray ? part.slice(0, -2) : part;
    if (last && !isArray) {
      const existing = node.properties.get(key);
      node.properties.set(key, { kind: 'leaf', schema: mergeLeaf(existing?.kind === 'leaf' ? existing.schema : undefined, schema) });
      if (required) node.required.add(key);
      return;
    }
    let next = node.properties.get(key);
    if (!next) {
      next = isArray ? { kind: 'array', item: newObject() } : newObject();
      node.properties.set(key, next);
    }
    node = next.kind === 'array' ? next.item : (next as ObjectNode);
  });
}

function render(node: Node): JsonSchema {
  if (node.kind === 'leaf') return node.schema;
  if (node.kind === 'array') return { type: 'array', items: render(node.item) };
  const properties: Record<string, JsonSchema> = {};
  for (const [key, child] of [...node.properties.entries()].sort(([a], [b]) => a.localeCompare(b))) properties[key] = render(child);
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    ...(node.required.size ? { required: [...node.required].sort() } : {}),
  };
}

/**
 * The JSON Schema of the incident payload: the API's property names (layout.ts), each typed from
 * its element (enums from the value sets, formats and lengths from the format column), objects
 * closed (additionalProperties false) as the API's models are. The API's unions (a structure or
 * an outside fire) appear as one object holding every variant's properties.
 */
export function buildJsonSchema(catalogue: Catalogue): JsonSchema {
  const root = newObject();
  const layoutRequired = new Map<string, boolean>();
  for (const page of PAGES)
    for (const item of page.items) {
      if (isGroup(item)) for (const c of item.columns) layoutRequired.set(`${item.path}[].${c.path}`, c.required === true);
      else if (item.path) layoutRequired.set(item.path, item.required === true);
    }
  const location = newObject();
  for (const spec of Object.values(catalogue.elements)) {
    if (!spec.path) continue;
    let schema = leafSchema(spec, catalogue);
    // An element written one value per array item (incident_types[].type) is typed as one item.
    if (spec.path.includes('[]') && schema.type === 'array') schema = schema.items as JsonSchema;
    if (spec.path.startsWith('base.location.')) place(location, spec.path.slice('base.location.'.length), schema, false);
    else place(root, spec.path, schema, layoutRequired.get(spec.path) === true);
  }
  place(root, 'base.location', { $ref: '#/$defs/location' }, true);
  for (const group of Object.values(catalogue.groups)) {
    for (const column of group.columns) {
      if (!column.path) continue;
      const path = `${group.path}[].${column.path}`;
      place(root, path, leafSchema(column, catalogue), layoutRequired.get(path) === true);
    }
    if (group.required) root.required.add(group.path.split('.')[0]!);
  }
  for (const derived of DERIVED) place(root, derived.path, derived.schema, derived.required === true);
  // The exposures' location is a LocationPayload too; the API requires it.
  const exposures = root.properties.get('exposures');
  if (exposures?.kind === 'array') {
    exposures.item.properties.set('location', { kind: 'leaf', schema: { $ref: '#/$defs/location' } });
    exposures.item.required.add('location');
  }
  const dispatch = root.properties.get('dispatch');
  if (dispatch && dispatch.kind === 'object') {
    dispatch.required.add('unit_responses');
    dispatch.required.add('incident_number');
    dispatch.properties.set(
      'incident_number',
      root.properties.get('base')?.kind === 'object'
        ? ((root.properties.get('base') as ObjectNode).properties.get('incident_number') as Node)
        : { kind: 'leaf', schema: { type: 'string' } },
    );
    const units = dispatch.properties.get('unit_responses');
    if (units?.kind === 'array') units.item.required.clear();
  }
  root.required.add('incident_types');
  root.required.add('dispatch');
  root.required.add('base');
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://turnout.example/neris/incident-payload.schema.json',
    title: 'NERIS incident payload (generated from the NERIS data framework by Turnout)',
    ...render(root),
    $defs: {
      location: render(location),
      point: {
        type: 'object',
        additionalProperties: false,
        required: ['geometry'],
        properties: {
          crs: { type: ['integer', 'string'] },
          geometry: {
            type: 'object',
            additionalProperties: false,
            required: ['type', 'coordinates'],
            properties: {
              type: { const: 'Point' },
              coordinates: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
            },
          },
        },
      },
    },
  };
}
