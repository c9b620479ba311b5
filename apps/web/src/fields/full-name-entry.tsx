import { defineField } from './common/define.tsx';
import { type Part, PartsEditor } from './common/PartsEditor.tsx';
import type { FieldEditorProps } from './types.ts';

type PersonName = Record<string, string | undefined>;

const NAME_PARTS: Part[] = [
  { key: 'nameprefix', label: 'Prefix', autoComplete: 'honorific-prefix' },
  { key: 'first', label: 'First name', autoComplete: 'given-name' },
  { key: 'middle', label: 'Middle name', autoComplete: 'additional-name' },
  { key: 'last', label: 'Last name', autoComplete: 'family-name' },
  { key: 'namesuffix', label: 'Suffix', autoComplete: 'honorific-suffix' },
];

export const personDisplayName = (p: PersonName) =>
  ['nameprefix', 'first', 'middle', 'last', 'namesuffix']
    .map((k) => p[k])
    .filter(Boolean)
    .join(' ');

const NameEditor = (props: FieldEditorProps<PersonName>) => (
  <PartsEditor {...props} parts={NAME_PARTS} displayName={personDisplayName} columns={3} />
);

/** full-name-entry: prefix, first, middle, last, suffix. */
export const fullNameEntry = defineField<PersonName>('full-name-entry', NameEditor);
