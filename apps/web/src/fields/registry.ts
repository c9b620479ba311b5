import type { FieldComponents } from './types.ts';

/**
 * Editors and displays by field type key. Each `<type>.tsx` exports its FieldComponents and is
 * listed once here; unknown types render as single-text (spec 02 §3).
 */
const FIELD_COMPONENTS = new Map<string, FieldComponents<never>>();

export function registerFieldComponents(...components: FieldComponents<never>[]): void {
  for (const c of components) FIELD_COMPONENTS.set(c.key, c);
}

export function fieldComponentsOf(typeKey: string | undefined): FieldComponents<never> | undefined {
  return (typeKey ? FIELD_COMPONENTS.get(typeKey) : undefined) ?? FIELD_COMPONENTS.get('single-text');
}

export function registeredFieldTypes(): string[] {
  return [...FIELD_COMPONENTS.keys()];
}
