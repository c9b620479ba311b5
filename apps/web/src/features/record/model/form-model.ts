import {
  ALL_ROLES,
  canModifyField,
  canSeeField,
  type EntityType,
  type EntityTypeField,
  evaluateFormula,
  evaluateRule,
  type FieldDefinition,
  type FieldViewer,
  fieldTypeOf,
  validateField,
} from '@turnout/shared';

/**
 * The dynamic form's rules (spec 02 §2 'Multi-page dynamic form', §4 'Visibility', §5), as pure
 * functions of the entity type, the values and who is looking, so that they are tested alone.
 */

export type RecordMode = 'add' | 'edit' | 'view';

export interface FormViewer extends FieldViewer {
  /** Tenant Admin or Trainer Admin: sees fields flagged adminOrGlobalAdminOnly. */
  isTenantAdmin?: boolean;
}

export type Values = Record<string, unknown>;

const DEFAULT_SORT = 999;

export const definitionOf = (f: EntityTypeField): FieldDefinition => f.field_data as FieldDefinition;

/** Fields in page order, then sort order (ties keep the type's order). */
export function orderedFields(type: Pick<EntityType, 'fields'>): EntityTypeField[] {
  return type.fields
    .filter((f) => !f.deleted)
    .map((f, index) => ({ f, index }))
    .sort(
      (a, b) =>
        (a.f.field_data.page ?? 1) - (b.f.field_data.page ?? 1) ||
        (a.f.field_data.sort_order ?? DEFAULT_SORT) - (b.f.field_data.sort_order ?? DEFAULT_SORT) ||
        a.index - b.index,
    )
    .map(({ f }) => f);
}

/** Page labels default to 'Page N'. */
export function pageLabelOf(type: Pick<EntityType, 'object_data'>, page: number): string {
  const labels = type.object_data.page_labels;
  const label = Array.isArray(labels) ? labels[page - 1] : undefined;
  return typeof label === 'string' && label.trim() !== '' ? label : `Page ${page}`;
}

/** Page visibility by role: the acting role is in the page's role list, or the list holds ALL (or is missing). */
export function pageAllowsRole(type: Pick<EntityType, 'object_data'>, page: number, role: string | null): boolean {
  const rules = type.object_data.page_visibility_rules;
  const rule = Array.isArray(rules) ? rules[page - 1] : undefined;
  if (!Array.isArray(rule) || rule.length === 0) return true;
  const roles = rule.map(String);
  return roles.includes(ALL_ROLES) || (role !== null && roles.includes(role));
}

interface ActionLike {
  enabled?: boolean;
  ruleset_json?: unknown;
  ruleset?: unknown;
  effects?: { type: string; [key: string]: unknown }[];
}

/** What the observable and client-side effects say for the current values (spec 02 §4 'Visibility'). */
export interface EffectState {
  hiddenFields: Set<string>;
  hiddenPages: Set<number>;
  /** setPropertyClient: property → value to write. */
  setProperties: Values;
  /** setFilterClient: selector property → JSON-logic rule each option must satisfy. */
  filters: Record<string, unknown>;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter(Number.isFinite) : []);

/**
 * Evaluates every enabled action's rule against the values (a rule that fails counts as false).
 * hide-fields/hide-pages hide their targets while their rule holds; show-fields/show-pages keep
 * their targets hidden until one of their rules holds. setPropertyClient writes each pair's
 * `value` (a literal, or JSON logic over the record) into `source`; setFilterClient narrows the
 * options of the selector `source` by `rules` (see docs/decisions/0014-record-screen.md).
 */
export function effectState(type: Pick<EntityType, 'actions'>, values: Values): EffectState {
  const hideF = new Set<string>();
  const showF = new Map<string, boolean>();
  const hideP = new Set<number>();
  const showP = new Map<number, boolean>();
  const setProperties: Values = {};
  const filters: Record<string, unknown> = {};
  for (const action of type.actions as ActionLike[]) {
    if (action.enabled === false) continue;
    const holds = evaluateRule(action.ruleset_json ?? action.ruleset ?? null, values);
    for (const effect of action.effects ?? []) {
      switch (effect.type) {
        case 'hide-fields':
          if (holds) for (const p of strings(effect.fields)) hideF.add(p);
          break;
        case 'show-fields':
          for (const p of strings(effect.fields)) showF.set(p, (showF.get(p) ?? false) || holds);
          break;
        case 'hide-pages':
          if (holds) for (const p of numbers(effect.pages)) hideP.add(p);
          break;
        case 'show-pages':
          for (const p of numbers(effect.pages)) showP.set(p, (showP.get(p) ?? false) || holds);
          break;
        case 'setPropertyClient':
          if (!holds) break;
          for (const pair of Array.isArray(effect.pairs) ? (effect.pairs as { source?: unknown; value?: unknown }[]) : []) {
            if (typeof pair.source !== 'string' || pair.source === '') continue;
            setProperties[pair.source] =
              pair.value !== null && typeof pair.value === 'object' ? evaluateFormula(pair.value, values) : (pair.value ?? null);
          }
          break;
        case 'setFilterClient':
          if (holds && typeof effect.source === 'string' && effect.rules !== undefined) filters[effect.source] = effect.rules;
          break;
        default:
          break;
      }
    }
  }
  for (const [p, shown] of showF) if (!shown) hideF.add(p);
  for (const [p, shown] of showP) if (!shown) hideP.add(p);
  return { hiddenFields: hideF, hiddenPages: hideP, setProperties, filters };
}

/** Pages a person sees, in order: allowed for the acting role and not hidden by effects. */
export function visiblePages(type: Pick<EntityType, 'pages' | 'object_data'>, role: string | null, effects: EffectState): number[] {
  const pages: number[] = [];
  for (let n = 1; n <= Math.max(1, type.pages); n += 1) if (pageAllowsRole(type, n, role) && !effects.hiddenPages.has(n)) pages.push(n);
  return pages;
}

/** The next (or previous) page to show from `page`, skipping hidden ones; null at either end. */
export function stepPage(pages: readonly number[], page: number, direction: 1 | -1): number | null {
  const candidates = direction === 1 ? pages.filter((p) => p > page) : pages.filter((p) => p < page).reverse();
  return candidates[0] ?? null;
}

function flagHides(field: FieldDefinition, viewer: FormViewer): boolean {
  const flags = field.flags ?? {};
  if (flags.globalAdminOnly && !viewer.isGlobalAdmin) return true;
  if (flags.adminOrGlobalAdminOnly && !(viewer.isGlobalAdmin || viewer.isTenantAdmin)) return true;
  const visibility = (field as { visibility?: unknown }).visibility ?? field.params?.visibility;
  return visibility === false || visibility === 'hidden';
}

/** A field shows if visible_to allows the role, no flag hides it, and no rule hides it (spec 02 §5). */
export function isFieldVisible(field: FieldDefinition, viewer: FormViewer, effects: EffectState): boolean {
  if (field.type === 'hidden') return false;
  return canSeeField(field.permissions, viewer) && !flagHides(field, viewer) && !effects.hiddenFields.has(field.property);
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Editability (spec 02 §5): only in add or edit mode; never computed or display types; readonly
 * (a global admin may still change it), on_create_only after creation, updatable_only_when_null
 * once the saved value is set, modifiable_by (global admins always), and values the server
 * fills in (lockedToCreator on add, lockedToCreationDate).
 */
export function isFieldEditable(field: FieldDefinition, mode: RecordMode, viewer: FormViewer, saved: Values): boolean {
  if (mode === 'view') return false;
  const type = fieldTypeOf(field.type);
  if (!type.holdsValue || type.family === 'computed') return false;
  const params = field.params ?? {};
  if (params.lockedToCreationDate) return false;
  if (mode === 'add' && params.lockedToCreator) return false;
  if (params.readonly === true && !viewer.isGlobalAdmin) return false;
  if (mode === 'edit' && field.validation?.on_create_only) return false;
  if (mode === 'edit' && params.updatable_only_when_null && !isEmpty(saved[field.property])) return false;
  return canModifyField(field.permissions, viewer);
}

/** The required marker shows only when the field is both required and editable. */
export function showsRequired(field: FieldDefinition, editable: boolean): boolean {
  return editable && field.validation?.required === true;
}

/** Client messages for the fields a person can see and change. */
export function clientErrors(
  fields: readonly FieldDefinition[],
  values: Values,
  isChecked: (f: FieldDefinition) => boolean,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    if (!isChecked(field)) continue;
    const check = validateField(field, values[field.property]);
    if (check.errors.length) errors[field.property] = check.errors;
  }
  return errors;
}

/**
 * The message under a field: the server's (joined with commas) override the client's, which
 * show only once the field is touched.
 */
export function fieldMessage(
  property: string,
  server: Record<string, string[]>,
  client: Record<string, string[]>,
  touched: boolean,
): string | undefined {
  const fromServer = server[property];
  if (fromServer?.length) return fromServer.join(', ');
  const fromClient = client[property];
  return touched && fromClient?.length ? fromClient.join(', ') : undefined;
}

export interface PageErrors {
  page: number;
  label: string;
  items: { property: string; title: string; message: string }[];
}

/** Errors grouped by page for the per-page panel: 'title: message' under the page label. */
export function errorsByPage(
  type: Pick<EntityType, 'object_data'>,
  fields: readonly FieldDefinition[],
  messageOf: (property: string) => string | undefined,
): PageErrors[] {
  const byPage = new Map<number, PageErrors>();
  for (const field of fields) {
    const message = messageOf(field.property);
    if (!message) continue;
    const page = field.page ?? 1;
    const entry = byPage.get(page) ?? { page, label: pageLabelOf(type, page), items: [] };
    entry.items.push({ property: field.property, title: field.title || field.property, message });
    byPage.set(page, entry);
  }
  return [...byPage.values()].sort((a, b) => a.page - b.page);
}

/** Computed fields recalculated from their formulas; only values that differ are returned. */
export function recomputed(fields: readonly FieldDefinition[], values: Values): Values {
  const changes: Values = {};
  for (const field of fields) {
    if (field.type !== 'formula-result') continue;
    const result = evaluateFormula(field.params?.contentsFormula, { ...values, ...changes });
    if (result === null) continue; // a formula error leaves the field unchanged (spec 02 §4)
    if (JSON.stringify(result) !== JSON.stringify(values[field.property] ?? null)) changes[field.property] = result;
  }
  return changes;
}

/** Values prefilled from field.{property} parameters of the add link. */
export function prefillFrom(search: URLSearchParams, fields: readonly FieldDefinition[]): Values {
  const known = new Set(fields.map((f) => f.property));
  const values: Values = {};
  for (const [key, raw] of search) {
    if (!key.startsWith('field.')) continue;
    const property = key.slice('field.'.length);
    if (!known.has(property)) continue;
    let value: unknown = raw;
    if (/^[[{]/.test(raw) || raw === 'true' || raw === 'false') {
      try {
        value = JSON.parse(raw);
      } catch {
        value = raw;
      }
    }
    values[property] = value;
  }
  return values;
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Properties whose value differs from the saved record's (what a PUT carries). */
export function changedValues(fields: readonly FieldDefinition[], values: Values, saved: Values): Values {
  const changes: Values = {};
  for (const field of fields) {
    const type = fieldTypeOf(field.type);
    if (!type.holdsValue || type.family === 'computed') continue;
    if (!Object.hasOwn(values, field.property)) continue;
    if (!sameValue(values[field.property], saved[field.property])) changes[field.property] = values[field.property];
  }
  return changes;
}
