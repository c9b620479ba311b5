import { registerFieldComponents } from './registry.ts';

/** Registers every field type's editor and display; imported once by the form. */
registerFieldComponents();

export { fieldComponentsOf, registeredFieldTypes } from './registry.ts';
export type { FieldComponents, FieldDisplayProps, FieldEditorProps, FieldMode, FieldRecordContext } from './types.ts';
